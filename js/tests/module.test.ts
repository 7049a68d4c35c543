import { describe, expect, it } from "vitest";
import * as module from "../widget";

// anywidget takes a named `render` export before the default one and warns about it in the
// browser console: the module must give anywidget its default export alone
describe("the widget module", () => {
  it("exports only anywidget's default object, with render", () => {
    expect(Object.keys(module)).toEqual(["default"]);
    expect(Object.keys(module.default)).toEqual(["render"]);
    expect(typeof module.default.render).toBe("function");
  });
});
