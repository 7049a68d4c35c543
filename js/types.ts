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

export interface Board {
  hexes: HexInfo[];
  nodes: NodeInfo[];
  edges: EdgeInfo[];
  harbors: Harbor[];
  players: BoardPlayer[];
}

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
  | "game_over";

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
  vp_hidden: number | null;
  resources: Record<Resource, number> | null;
  resource_count: number;
  /** held cards by kind (the engine may omit kinds it holds none of); null when hidden */
  dev_cards: Partial<Record<DevKind, number>> | null;
  dev_new: Partial<Record<DevKind, number>> | null;
  dev_count: number;
  knights_played: number;
  road_length: number;
  longest_road: boolean;
  largest_army: boolean;
  pieces: Pieces;
  discard: number;
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
}

export interface Bank extends Record<Resource, number> {
  dev_cards: number;
}

export interface GameState {
  version: number;
  turn: number;
  phase: Phase;
  current: number;
  turn_player: number;
  /** seat whose hand is shown; null = nobody; -1 = teacher (all). */
  viewer: number | null;
  robber: number;
  dice: [number, number] | null;
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
  error: string | null;
  bot_delay: number;
  show_pips: boolean;
}

export interface RobberOption {
  hex: number;
  victims: number[];
}

export interface MaritimeOption {
  give: Resource;
  get: Resource;
  rate: number;
}

export type PlayableCard = "knight" | "road_building" | "year_of_plenty" | "monopoly";

export interface Legal {
  version: number;
  seat: number | null;
  roll: boolean;
  end_turn: boolean;
  buy_development_card: boolean;
  roads: number[];
  settlements: number[];
  cities: number[];
  robber: RobberOption[];
  maritime: MaritimeOption[];
  play: Record<PlayableCard, boolean>;
  year_of_plenty: [Resource, Resource][];
  discard: number;
  offer_trade: boolean;
  respond_trade: boolean;
  /** may accept the offer now (has the cards); absent = same as respond_trade */
  accept_trade?: boolean;
  confirm_trade: number[];
  cancel_trade: boolean;
  undo: boolean;
  reasons: Record<string, string>;
}

/** Every action the front-end may send (the `action` of an intent). */
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
  | { kind: "undo" }
  /** seat, -1 = teacher (every hand), null = automatic (the human who acts) */
  | { kind: "set_view"; seat: number | null }
  /** pause between bot moves, in seconds (0..10) */
  | { kind: "set_bot_delay"; seconds: number }
  | { kind: "toggle_pips" };

export interface Intent {
  type: "act";
  version: number;
  action: Action;
}

/** What the UI reads of the synced traits: the state and the (normalised) legal set. */
export interface Ctx {
  state: GameState;
  legal: Legal;
}

/** The three synced traits. */
export interface Traits {
  board: Board | null;
  state: GameState | null;
  legal: Legal | null;
}
