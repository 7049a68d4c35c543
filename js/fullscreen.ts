/**
 * The table in full screen: one control (and the F key while the widget has the keyboard) puts
 * the widget alone on the screen with the Fullscreen API; Esc (the browser's) or the same control
 * leaves it.  There the layout fits the screen with no scrolling (widget.css `:fullscreen`): the
 * board as tall as the screen, and beside it the turn, the dice, the action bar, the dialog, the
 * newest log lines and every player on a compact line.
 */
import { h } from "./dom";
import { t } from "./i18n";

/** Whether `root` is the element shown in full screen. */
export function isFullScreen(root: Element): boolean {
  return typeof document !== "undefined" && document.fullscreenElement === root;
}

/** The full-screen toggle (its words follow the state; `data-fullscreen` marks it for clicks). */
export function fullScreenButton(): HTMLButtonElement | null {
  if (typeof document === "undefined" || !document.fullscreenEnabled) return null;
  const on = document.fullscreenElement?.classList.contains("catan-widget") === true;
  return h(
    "button",
    {
      type: "button",
      class: on ? "cw-btn cw-small cw-on" : "cw-btn cw-small",
      "data-fullscreen": "true",
      "aria-pressed": String(on),
      title: on ? t("Leave full screen (Esc)") : t("Show the whole table on the screen (F)"),
    },
    on ? t("Leave full screen") : t("Full screen"),
  ) as HTMLButtonElement;
}

/** Enter or leave full screen for `root`; the returned promise settles when the browser has. */
export async function toggleFullScreen(root: HTMLElement): Promise<void> {
  if (isFullScreen(root)) await document.exitFullscreen();
  else await root.requestFullscreen({ navigationUI: "hide" });
}
