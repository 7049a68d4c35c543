/**
 * Standalone preview with a fake anywidget model, for screenshots and manual checks.
 * URL options: ?theme=dark  (the page's JupyterLab theme; the widget follows it: setting "auto")
 *              ?widget_theme=light|dark  (the widget's `theme` setting, forced)
 *              ?scenario=main|build|settle|robber|discard|trade|confirm|yop|offer|maritime|setup|pips|error|teacher|bot
 *              ?width=700  (cell width in px)
 */
import widget from "./widget";
import { fakeModel } from "./fixtures/fake-model";
import { sampleScenario } from "./fixtures/scenarios";
import { parseSetting } from "./settings";

const params = new URLSearchParams(location.search);
const dark = params.get("theme") === "dark";
document.body.classList.toggle("dark", dark);
document.body.setAttribute("data-jp-theme-light", String(!dark));
const app = document.getElementById("app") as HTMLElement;
const width = params.get("width");
if (width) app.style.maxWidth = `${width}px`;
const sent = document.getElementById("sent") as HTMLElement;
const { traits, clicks } = sampleScenario(params.get("scenario") ?? "main");
const forced = parseSetting("theme", params.get("widget_theme") ?? "");
if (forced?.name === "theme") traits.theme = forced.value;
const model = fakeModel(traits, (msg) => {
  sent.textContent = `sent: ${JSON.stringify(msg)}\n${sent.textContent ?? ""}`;
});
widget.render({ model, el: app });
for (const sel of clicks) {
  const el = app.querySelector(sel);
  if (el) el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  else sent.textContent += `\n(no element for ${sel})`;
}
