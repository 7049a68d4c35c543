/**
 * Types both sides of an import share: the widget and its remote model (the table's WebSocket),
 * the presence notices, and the board's view with its previews.  Kept here, below them all, so
 * that no module imports back up the tree (`npm run cycles` checks it).
 */
import type { AnyModel } from "@anywidget/types";
import type { Board, GameState, LegalWire, Settings } from "./types";

/** The link's state (the trait `link`): "open" once welcomed. */
export type LinkState = "connecting" | "open" | "reconnecting" | "closed";

/** The trait `link`: its state, and the server's words when it refused or closed the link. */
export interface LinkStatus {
  state: LinkState;
  reason: string | null;
}

/** Where a seat's page connects: the table's WebSocket and the seat's token. */
export interface RemoteLink {
  /** the WebSocket's URL, `ws(s)://HOST:PORT/ws/<table>` */
  url: string;
  token: string;
}

/** The widget's traits (docs/protocol.md). */
export interface WidgetTraits extends Partial<Settings> {
  board: Board | null;
  state: GameState | null;
  legal: LegalWire | null;
  [key: string]: unknown;
}

/** What the front-end uses of anywidget's model (js/remote.ts implements the same over a WebSocket). */
export type WidgetModel = Pick<AnyModel<WidgetTraits>, "get" | "set" | "on" | "off" | "send" | "save_changes">;

/** The board's SVG and its layers (js/board.ts builds it; js/previews.ts draws on it). */
export interface BoardView {
  svg: SVGSVGElement;
  /** sea, harbors, terrain and tokens: rebuilt only when the board changes */
  staticLayer: SVGGElement;
  /** what the other players just changed (highlights.ts), under the pieces */
  changesLayer: SVGGElement;
  /** legal rings, pip labels, roads, buildings, robber: rebuilt on every state change */
  dynamicLayer: SVGGElement;
  /** click targets for every node and edge: built with the board, re-marked on change */
  targetsLayer: SVGGElement;
  /** ghost piece, hint ring and ids, above everything */
  overlayLayer: SVGGElement;
  hexEls: Map<number, Element>;
  nodeEls: Map<number, Element>;
  edgeEls: Map<number, Element>;
}
