/** The JSON contract between Python and the front-end (docs/protocol.md). */

export const RESOURCES = ["lumber", "brick", "wool", "grain", "ore"] as const;
export type Resource = (typeof RESOURCES)[number];
export type ResourceCounts = Partial<Record<Resource, number>>;

export type Terrain = "forest" | "pasture" | "fields" | "hills" | "mountains" | "desert";

export const DEV_KINDS = [
  "knight",
  "road_building",
  "year_of_plenty",
  "monopoly",
  "victory_point",
] as const;
export type DevKind = (typeof DEV_KINDS)[number];

export interface HexInfo {
  id: number;
  q: number;
  r: number;
  x: number;
  y: number;
  terrain: Terrain;
  resource: Resource | null;
  number: number | null;
  pips: number;
  /** the hex's name in the reader's language, when Python sends one ("mountains 8") */
  name?: string;
}

export interface NodeInfo {
  id: number;
  x: number;
  y: number;
  hexes: number[];
}

export interface EdgeInfo {
  id: number;
  a: number;
  b: number;
  x: number;
  y: number;
}

export interface Harbor {
  id: number;
  /** "3:1" or a resource name (then rate 2). */
  kind: "3:1" | Resource;
  resource: Resource | null;
  rate: number;
  nodes: [number, number] | number[];
  x: number;
  y: number;
}

export interface BoardPlayer {
  seat: number;
  name: string;
  color: string;
}

/** A special card (§7) as the engine words it: its name and what it is worth ("Longest Road: 2 VP"). */
export interface SpecialCard {
  name: string;
  title: string;
}

export type SpecialKind = "longest_road" | "largest_army";

export interface Board {
  hexes: HexInfo[];
  nodes: NodeInfo[];
  edges: EdgeInfo[];
  harbors: Harbor[];
  players: BoardPlayer[];
  /** the special cards' names and worth, in the engine's words */
  special_cards: Record<SpecialKind, SpecialCard>;
  /** what each build costs, by the action kind that buys it (the engine's constants) */
  costs?: Partial<Record<BuildCostKind, ResourceCounts>>;
  /** what the card-counting box says when no seat views, in Python's words */
  counting_unseated?: string;
  /** the reason a dialog's Confirm is off until its choice is made, in Python's words */
  confirm_unready?: string;
  /** the reason the Hint button is off while a hint is being searched, in Python's words */
  hint_thinking?: string;
  /** the robber dialog's words for a hex with one seat to rob (`{name}`: its name), in Python's words */
  robber_victim?: string;
  /** the robber dialog's words for a hex with nobody to rob, in Python's words */
  robber_no_victim?: string;
  /** at a table (docs/table-protocol.md): the words of its marks, in Python's words */
  table_words?: TableWords;
}

/** The words of a table's marks (`board.table_words`): the teacher-view banner, a seat's presence. */
export interface TableWords {
  teacher: string;
  connected: string;
  away: string;
}

/** `state.table` at a table (docs/table-protocol.md): its id, the teacher view, each seat's presence. */
export interface TableInfo {
  id: string;
  /** the host's all-seeing view is open (every player is shown it) */
  teacher: boolean;
  seats: { name: string; kind: "human" | "bot"; connected: boolean }[];
}

/** The actions that cost cards. */
export type BuildCostKind = "build_road" | "build_settlement" | "build_city" | "buy_development_card";

export type Phase =
  | "setup_settlement"
  | "setup_road"
  | "roll"
  | "discard"
  | "move_robber"
  | "main"
  | "road_building"
  | "trade_response"
  | "trade_confirm"
  | "game_over"
  /** the Special Building Phase (5 and 6 players): `current` builds or buys, then passes */
  | "special_build";

export type BuildingKind = "settlement" | "city";
/** [node, seat, kind] */
export type Building = [number, number, BuildingKind];
/** [edge, seat] */
export type Road = [number, number];

export interface Pieces {
  roads: number;
  settlements: number;
  cities: number;
}

export interface PlayerState {
  seat: number;
  name: string;
  kind: "human" | "bot";
  vp: number;
  /** absent (or null) when this viewer may not see it */
  vp_hidden?: number | null;
  resources?: Record<Resource, number> | null;
  resource_count: number;
  /** held cards by kind (the engine may omit kinds it holds none of); null when hidden */
  dev_cards?: Partial<Record<DevKind, number>> | null;
  dev_new?: Partial<Record<DevKind, number>> | null;
  dev_count: number;
  knights_played: number;
  road_length: number;
  /** present (true) only on the holder of the card */
  longest_road?: true;
  largest_army?: true;
  pieces: Pieces;
  /** cards this seat must still discard; absent when none */
  discard?: number;
  /** card counting (only with show_counting, only for the viewer's opponents): cards the
   * viewer can name, zeros left out */
  known?: Partial<Record<Resource, number>>;
  /** card counting: cards of this opponent the viewer cannot name */
  unknown?: number;
  /** card counting, on the viewer's own seat: the box's heading in the engine's words */
  counting?: string;
}

export interface TradeSides {
  give: ResourceCounts;
  want: ResourceCounts;
}

export type TradeResponse = "pending" | "accepted" | "declined" | TradeSides;

export interface Trade extends TradeSides {
  from: number;
  to: number | null;
  responses: Record<string, TradeResponse>;
  /** the offer in the engine's words ("Bo offers 1 grain for 1 wool to you") */
  text?: string;
}

export interface Bank extends Record<Resource, number> {
  dev_cards: number;
}

/** `state.roll`: who rolled, the hexes that paid, and the cards each seat got (`{"0": {"lumber": 1}}`). */
export type Roll = [number, number[], Record<string, ResourceCounts>];

/** One entry of `state.marks`: `[line, seat, ...places]`. */
export type Mark = [number, number, ...string[]];

export interface GameState {
  version: number;
  turn: number;
  /** the header, worded by the engine: "Round 27 · Bo's turn", "Setup · Ada's turn" */
  heading: string;
  phase: Phase;
  /** who must act now and what, in one sentence worded by the engine for the viewer */
  prompt: string;
  current: number;
  turn_player: number;
  /** seat whose hand is shown; null = nobody; -1 = teacher (all). */
  viewer: number | null;
  robber: number;
  dice: [number, number] | null;
  /** the newest roll, `[seat, hexes that paid, gains by seat]` (null while `dice` is null) */
  roll?: Roll | null;
  /** rolls of 2..12 (11 entries) */
  dice_counts: number[];
  buildings: Building[];
  roads: Road[];
  players: PlayerState[];
  bank: Bank;
  trade: Trade | null;
  road_building: number;
  winner: number | null;
  log: string[];
  /** what the other players changed since the viewer last moved (catan_widget/widget/marks.py):
   * `[log line (-1: scrolled out), seat, ...places]`, a place being "e17" (a new road), "n12"
   * (a new settlement or city), "r9" (the robber's hex) or "h4" (a hex that produced) */
  marks?: Mark[];
  /** the cards the newest events moved, as the viewer sees them (catan_widget/widget/marks.py
   * moves_json): `[event, giver, taker, resource, n]`, givers and takers seats, -1 the bank or
   * -2 the dice; resource an index of RESOURCES, or -1 face down (js/motion.ts) */
  moves?: number[][];
  /** what the others did since the viewer last moved, one sentence per player (the engine's
   * words), and the log line it starts at (-1: scrolled out); null when nobody did anything */
  since?: { text: string[]; from: number } | null;
  error: string | null;
  /** hot-seat: the screen passes to this human (every hand hidden) until `ready_seat` is set */
  handover?: { seat: number; name: string } | null;
  /** at a table only (docs/table-protocol.md) */
  table?: TableInfo | null;
}

/** Every action the front-end may send (the `action` of an intent): the engine's actions in
 * their JSON form, plus `undo`. `legal.actions` lists the legal ones in this same form. */
export type Action =
  | { kind: "roll" }
  | { kind: "end_turn" }
  | { kind: "build_road"; edge: number }
  | { kind: "build_settlement"; node: number }
  | { kind: "build_city"; node: number }
  | { kind: "buy_development_card" }
  | { kind: "play_knight" }
  | { kind: "play_road_building" }
  | { kind: "play_year_of_plenty"; resources: [Resource, Resource] }
  | { kind: "play_monopoly"; resource: Resource }
  | { kind: "move_robber"; hex: number; victim: number | null }
  | { kind: "discard"; cards: ResourceCounts }
  | { kind: "maritime_trade"; give: Resource; get: Resource }
  | { kind: "offer_trade"; give: ResourceCounts; want: ResourceCounts; to: number | null }
  | { kind: "accept_trade" }
  | { kind: "decline_trade" }
  | { kind: "counter_trade"; give: ResourceCounts; want: ResourceCounts }
  | { kind: "confirm_trade"; player: number }
  | { kind: "cancel_trade" }
  | { kind: "undo" };

export type ActionKind = Action["kind"];
/** The action of one kind. */
export type ActionOf<K extends ActionKind> = Extract<Action, { kind: K }>;
/** Kinds whose terms the player chooses (listed in `legal.open`, never in `legal.actions`). */
export type OpenKind = "offer_trade" | "counter_trade";

/** The trait `legal`: what the human seat that must act now may do (docs/protocol.md). */
export interface Legal {
  version: number;
  /** null = no human of this widget may act now */
  seat: number | null;
  /** every legal action now, in the engine's order */
  actions: Action[];
  open: OpenKind[];
  /** cards this seat must discard now (0 = not asked); discards are not listed in actions */
  discard: number;
  /** this seat's bank rates */
  rates: Partial<Record<Resource, number>>;
  /** the most cards of one resource an offer or counter may name now (every card of it on this
   * board: 19, or 24 on the 5–6 player board; 0 when no offer is open) */
  trade_max: number;
  undo: boolean;
  /** why each control is disabled now, keyed by action kind */
  reasons: Partial<Record<string, string>>;
}

/**
 * `legal.actions` as Python sends it: one entry per kind, in the engine's order, with a column
 * per field (`{"build_road": {"edge": [3, 4]}, "end_turn": {}}`); `normalizeLegal` unpacks it.
 */
export type PackedActions = Record<string, Record<string, unknown[]>>;

/** The `legal` trait on the wire: `actions` packed in columns (see PackedActions), `reasons` by sentence. */
export type LegalWire = Omit<Partial<Legal>, "actions" | "reasons"> & {
  actions?: PackedActions | Action[];
  /** each sentence once, with the controls it explains (or, unpacked, keyed by control) */
  reasons?: Partial<Record<string, string[] | string>>;
};

export interface Intent {
  type: "act";
  version: number;
  action: Action;
}

export type Theme = "auto" | "light" | "dark";

/** The settings: synced traits the front-end reads and writes (model.set + save_changes). */
export interface Settings {
  /** pause between bot moves, seconds (0..10) */
  bot_delay: number;
  /** whose hand to show: null = automatic, a seat, -1 = teacher (every hand) */
  view: number | null;
  /** pip sums on the corners without a building */
  show_pips: boolean;
  /** "auto" follows JupyterLab's theme */
  theme: Theme;
  /** the bots are paused (Python pauses them when a bot fails; `state.error` says why):
   * the front-end shows "Resume bots", which sets it back to false */
  bots_paused: boolean;
  /** the ids the API uses, written on the board (hexes, corners, paths) */
  show_ids: boolean;
  /** the viewing seat's card counting of each opponent (`players[i].known` / `unknown`) */
  show_counting: boolean;
  /** null while playing; else the replayed position (0 = start .. timeline.length) */
  replay_at: number | null;
  /** the bot menu: "easy" (random), "normal" (greedy), "hard" (search); "" for custom bots */
  bot_level: BotLevel;
  /** raised by the Hint button: each new value asks Python for the acting human's best move */
  hint_request: number;
  /** hot-seat hand-over: the seat that took the screen (Python sets it back to null) */
  ready_seat: number | null;
  /** the reader's language ("ru"; "" before Python says): the Language menu sets it, and
   * Python answers with the `words` trait in that language (js/i18n.ts) */
  language: string;
}

export type BotLevel = "" | "easy" | "normal" | "hard";

/**
 * Python's answer to a hint request (the `hint` trait): shown while `state.version === version`.
 * `request` is the `hint_request` it answers; while Python searches the trait is
 * `{request, version, pending: true}`, and `{request, version}` when there is no hint.
 */
export interface Hint {
  seat: number;
  action: Action;
  reason: string;
  version: number;
  request?: number;
}

/** What the UI reads of the synced traits: the state, the (normalised) legal set, the settings. */
export interface Ctx {
  state: GameState;
  legal: Legal;
  settings: Settings;
}

/** The synced traits. */
export interface Traits extends Settings {
  board: Board | null;
  state: GameState | null;
  legal: Legal | null;
}
