import { describe, expect, it } from "vitest";
import * as module from "../widget";

// anywidget takes a named `render` export before the default one and warns about it in the
// browser console: the module gives anywidget its default export, and the table's page
// (js/table-page.ts) `renderRemote` besides, never a named `render`
describe("the widget module", () => {
  it("exports anywidget's default object, with render, and renderRemote for the table's page", () => {
    expect(Object.keys(module).sort()).toEqual(["default", "renderRemote"]);
    expect("render" in module).toBe(false);
    expect(Object.keys(module.default)).toEqual(["render"]);
    expect(typeof module.default.render).toBe("function");
  });
});
