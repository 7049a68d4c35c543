/**
 * The words the widget shows before Python has answered: the game loading, and a table's link
 * while it is not open (connecting, reconnecting, closed). Nothing has come from Python then,
 * so at a table they are bundled into the page for every language (tools/catalogues.py lists
 * this file's messages in js/generated/page-words.json; js/table-page.ts gives them to the
 * widget as its first words table). Only such words belong here.
 */
import { t } from "./i18n";

/** What the widget says until the game arrives. */
export function loadingWords(): string {
  return t("Loading the game…");
}

/** A table's link while it is not open, in words. */
export function linkWords(state: "connecting" | "reconnecting" | "closed"): string {
  switch (state) {
    case "connecting":
      return t("Connecting to the table…");
    case "reconnecting":
      return t("Reconnecting…");
    case "closed":
      return t("Disconnected from the table.");
  }
}
