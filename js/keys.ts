/**
 * Keyboard shortcuts: Enter confirms, Escape cancels, R rolls, E ends the turn, F shows the
 * table in full screen (Esc, the browser's, leaves it).
 *
 * A key counts only while the widget has the keyboard focus (it takes it when clicked, and shows
 * it), never while the user types (in a notebook cell, an input, a select or any editable
 * element), never with Ctrl, Alt or Meta held, and only when the control it stands for is shown
 * and enabled: the shortcut clicks that very button, so everything a click does (and refuses)
 * stays in one place.  While the widget has the focus, JupyterLab's own shortcuts are suppressed
 * inside it (`data-lm-suppress-shortcuts` on its root): R cannot turn the cell into a raw cell.
 */

/** What a key stands for. */
export type KeyCommand = "confirm" | "cancel" | "roll" | "end_turn" | "fullscreen";

/** The keys, by `KeyboardEvent.key` (letters in either case). */
export const KEY_COMMANDS: Readonly<Record<string, KeyCommand>> = {
  Enter: "confirm",
  Escape: "cancel",
  r: "roll",
  R: "roll",
  e: "end_turn",
  E: "end_turn",
  f: "fullscreen",
  F: "fullscreen",
};

/** The parts of a `KeyboardEvent` a shortcut reads. */
export interface KeyInput {
  key: string;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

/** The command of a key press, or null (unbound key, or a modifier held). */
export function keyCommand(e: KeyInput): KeyCommand | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  return KEY_COMMANDS[e.key] ?? null;
}

/** True when `el` takes typed text: an input, textarea, select, or editable content (a code cell). */
export function isTyping(el: Element | null): boolean {
  if (!el) return false;
  if (el.closest("input, textarea, select, [contenteditable='true'], [contenteditable=''], .cm-editor, .CodeMirror")) return true;
  return (el as HTMLElement).isContentEditable === true;
}

function enabled(btn: Element | null): btn is HTMLElement {
  return !!btn && btn.getAttribute("aria-disabled") !== "true" && !(btn as HTMLButtonElement).disabled;
}

/** Where a dialog's buttons are, most specific first: the placement over the board, then the dialog. */
const DIALOG_AREAS = [".cw-overlay-slot", ".cw-handover-slot", ".cw-dialog-slot"];

/**
 * The enabled button `command` stands for in `root`, or null: Enter → the primary button of the
 * open dialog (Confirm, Discard, Accept, Send offer…); Escape → its Cancel; R → Roll dice;
 * E → End turn (the action bar's).
 */
export function commandButton(root: ParentNode, command: KeyCommand): HTMLElement | null {
  if (command === "fullscreen") {
    const btn = root.querySelector("button[data-fullscreen]");
    return enabled(btn) ? btn : null;
  }
  if (command === "roll" || command === "end_turn") {
    const btn = root.querySelector(`.cw-actions button[data-action='${command}']`);
    return enabled(btn) ? btn : null;
  }
  for (const area of DIALOG_AREAS) {
    const slot = root.querySelector(area);
    if (!slot || !slot.firstElementChild) continue;
    const btn =
      command === "confirm"
        ? slot.querySelector("button.cw-primary:not(.cw-disabled)")
        : slot.querySelector("button[data-action='cancel'], button[data-action='cancel_trade'], button[data-action='decline_trade']");
    return enabled(btn) ? btn : null;
  }
  if (command === "cancel") {
    const btn = root.querySelector(".cw-hint button[data-action='cancel']");
    return enabled(btn) ? btn : null;
  }
  return null;
}

/** Whether a key event may be taken by the widget `root`: it has the focus (see the module docstring). */
export function mayTake(root: Element, active: Element | null): boolean {
  if (isTyping(active)) return false;
  return !!active && root.contains(active);
}

/**
 * Handle a key press for the widget `root`: click the button its shortcut stands for. True when
 * a button was clicked (the caller then stops the event so the notebook does not see it).
 */
export function handleKey(e: KeyInput, root: HTMLElement, active: Element | null): boolean {
  const command = keyCommand(e);
  if (!command || !mayTake(root, active)) return false;
  // Enter on a focused button of the widget presses that button (the browser does it); on a
  // focused line that opens (role="button", a player's line) it opens it
  if (command === "confirm" && active?.closest("button") && root.contains(active)) return false;
  if (command === "confirm" && active instanceof HTMLElement && active.getAttribute("role") === "button" && root.contains(active)) {
    active.click();
    return true;
  }
  const btn = commandButton(root, command);
  if (!btn) return false;
  btn.click();
  return true;
}
