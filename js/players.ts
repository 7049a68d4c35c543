/**
 * The players' panels. In a notebook cell each player is one line (who, whose turn, the cards held
 * as counts, the special cards, the points) that opens on a click to the whole panel (the hand,
 * the development cards, knights, road and the pieces left), so every player fits beside the
 * board; in full screen the panels are compact (js/six.css), two to a row.
 */
import { cityShape, resourceCard, settlementShape } from "./art";
import { seatColor, seatLetters } from "./cues";
import { h, s } from "./dom";
import { num, rich, slot, t, tc, tn } from "./i18n";
import { amountWords, devCardWord, newWord } from "./labels";
import { presenceMark } from "./presence";
import "./players.css";
import "./six.css";
import { DEV_KINDS, RESOURCES } from "./types";
import type { Board, GameState, PlayerState, SpecialKind } from "./types";

/** How the panels are drawn: one line each (opening on a click to the whole panel), or compact. */
export type PanelMode = "line" | "compact";

/** The badge of a special card's holder: its name, and what it is worth on hover (the engine's words). */
function specialBadge(board: Board, kind: SpecialKind, cls: string): HTMLElement {
  const card = board.special_cards?.[kind];
  return h("span", { class: `cw-badge ${cls}`, title: card?.title ?? "" }, card?.name ?? "");
}

function pieceIcon(kind: "road" | "settlement" | "city", color: string): SVGElement {
  const body =
    kind === "road"
      ? s("rect", { x: -0.3, y: -0.07, width: 0.6, height: 0.14, rx: 0.06, fill: color, stroke: "#1b1a17", "stroke-width": 0.04, transform: "rotate(-30)" })
      : kind === "city"
        ? cityShape(color)
        : settlementShape(color);
  return s("svg", { viewBox: "-0.34 -0.34 0.68 0.6", width: 18, height: 16, class: "cw-icon", "aria-hidden": "true" }, body);
}


function hand(p: PlayerState, compact: boolean): HTMLElement {
  if (p.resources) {
    const el = h("div", { class: "cw-hand", "data-hidden": "false" });
    for (const r of RESOURCES) {
      const n = p.resources[r] ?? 0;
      const label = amountWords(r, n);
      el.append(
        h("span", { class: n ? "cw-res" : "cw-res cw-zero", "data-resource": r, title: label }, resourceCard(r, compact ? 15 : 22, label), h("b", { "aria-hidden": "true" }, String(n))),
      );
    }
    return el;
  }
  const n = p.resource_count;
  const hidden = tn("{n} resource card (hidden)", "{n} resource cards (hidden)", n);
  return h(
    "div",
    { class: "cw-hand cw-hidden", "data-hidden": "true", title: hidden, role: "img", "aria-label": hidden },
    h("span", { class: "cw-card-back" }),
    h("b", { class: "cw-count" }, compact ? num(n) : `× ${num(n)}`),
    // TRANSLATORS: the word after a count of hidden cards ("× 5 cards"); the count is shown before it
    compact ? null : h("span", { class: "cw-muted" }, tn("card", "cards", n)),
  );
}

function devCards(p: PlayerState, compact: boolean): HTMLElement {
  const el = h("div", { class: "cw-dev" });
  if (!p.dev_cards && compact) {
    // compact: the deck's back and the count; the words are its title
    const words = tn("{n} development card", "{n} development cards", p.dev_count);
    el.append(h("span", { class: "cw-dev-card cw-dev-hidden", title: words, "aria-label": words }, h("span", { class: "cw-card-back cw-dev-back" }), h("b", { class: "cw-count" }, String(p.dev_count))));
    return el;
  }
  if (p.dev_cards) {
    const items = DEV_KINDS.filter((k) => (p.dev_cards?.[k] ?? 0) > 0);
    if (items.length === 0) el.append(h("span", { class: "cw-muted" }, t("No development cards")));
    for (const k of items) {
      const n = p.dev_cards[k] ?? 0;
      const fresh = p.dev_new?.[k] ?? 0;
      const card = devCardWord(k);
      el.append(
        h(
          "span",
          { class: "cw-dev-card", "data-dev": k, title: fresh ? tn("{n} bought this turn", "{n} bought this turn", fresh) : card },
          // TRANSLATORS: a development card held more than once ("Knight ×2")
          n > 1 ? t("{card} ×{n}", { card, n }) : card,
          fresh ? h("i", {}, newWord()) : null,
        ),
      );
    }
  } else {
    el.append(h("span", { class: "cw-dev-card cw-dev-hidden" }, tn("{n} development card", "{n} development cards", p.dev_count)));
  }
  return el;
}

/** The pieces a player has left, in words. */
function piecesLeft(p: PlayerState): string {
  const roads = tn("{n} road", "{n} roads", p.pieces.roads);
  const settlements = tn("{n} settlement", "{n} settlements", p.pieces.settlements);
  const cities = tn("{n} city", "{n} cities", p.pieces.cities);
  return t("Pieces left: {roads}, {settlements}, {cities}", { roads, settlements, cities });
}

/** Knights played, road length and (full panels) the pieces left; compact, the pieces are its title. */
function stats(p: PlayerState, color: string, compact: boolean): HTMLElement {
  return h(
    "div",
    { class: "cw-stats", title: compact ? piecesLeft(p) : null },
    h("span", { title: t("Knights played") }, t("Knights {n}", { n: p.knights_played })),
    h("span", { title: t("Longest road length") }, t("Road {n}", { n: p.road_length })),
    compact
      ? null
      : h(
          "span",
          { class: "cw-pieces", title: t("Pieces left: roads, settlements, cities") },
          pieceIcon("road", color), String(p.pieces.roads),
          pieceIcon("settlement", color), String(p.pieces.settlements),
          pieceIcon("city", color), String(p.pieces.cities),
        ),
  );
}

/** The special cards a player holds, and the winner's badge. */
function badgesOf(p: PlayerState, state: GameState, board: Board): HTMLElement[] {
  const winner = t("Winner");
  const badges = [
    state.winner === p.seat ? h("span", { class: "cw-badge cw-badge-winner", title: winner }, winner) : null,
    p.longest_road ? specialBadge(board, "longest_road", "cw-badge-road") : null,
    p.largest_army ? specialBadge(board, "largest_army", "cw-badge-army") : null,
  ];
  return badges.filter((b): b is HTMLElement => b !== null);
}

/** A special card (or the win) as a mark on a player's line: a small picture, its words the title. */
function badgeMark(cls: string, title: string, picture: SVGElement): HTMLElement {
  return h("span", { class: `cw-badge cw-badge-mark ${cls}`, title, role: "img", "aria-label": title }, picture);
}

/** The marks of a line: the winner's star, Longest Road's road, Largest Army's shield. */
function badgeMarks(p: PlayerState, state: GameState, board: Board): HTMLElement[] {
  const marks: HTMLElement[] = [];
  const icon = (body: SVGElement): SVGElement => s("svg", { viewBox: "-1 -1 2 2", width: 12, height: 12, "aria-hidden": "true" }, body);
  if (state.winner === p.seat) marks.push(badgeMark("cw-badge-winner", t("Winner"), icon(s("path", { d: "M0 -0.95 L0.28 -0.3 L0.95 -0.3 L0.42 0.12 L0.6 0.85 L0 0.42 L-0.6 0.85 L-0.42 0.12 L-0.95 -0.3 L-0.28 -0.3 Z", fill: "currentColor" }))));
  if (p.longest_road) {
    const card = board.special_cards?.longest_road;
    marks.push(badgeMark("cw-badge-road", card?.title ?? card?.name ?? "", icon(s("rect", { x: -0.85, y: -0.22, width: 1.7, height: 0.44, rx: 0.15, fill: "currentColor", transform: "rotate(-30)" }))));
  }
  if (p.largest_army) {
    const card = board.special_cards?.largest_army;
    marks.push(badgeMark("cw-badge-army", card?.title ?? card?.name ?? "", icon(s("path", { d: "M0 -0.9 L0.8 -0.6 L0.7 0.25 Q0.5 0.7 0 0.95 Q-0.5 0.7 -0.7 0.25 L-0.8 -0.6 Z", fill: "currentColor" }))));
  }
  return marks;
}

/** The points: public (and the hidden ones the reader may see), the whole at game end. */
function points(p: PlayerState, state: GameState): HTMLElement {
  const total = p.vp + (p.vp_hidden ?? 0);
  if (state.phase === "game_over") {
    return h("span", { class: "cw-vp", title: tn("{n} victory point", "{n} victory points", total) }, ...vpWords(h("b", {}, num(total))));
  }
  const title = p.vp_hidden
    ? tn("{n} victory point: {public} public + {hidden} hidden", "{n} victory points: {public} public + {hidden} hidden", total, { public: p.vp, hidden: p.vp_hidden })
    : tn("{n} victory point", "{n} victory points", p.vp);
  return h("span", { class: "cw-vp", title }, ...vpWords(h("b", {}, num(p.vp)), p.vp_hidden ? h("small", {}, `+${num(p.vp_hidden)}`) : null));
}

/**
 * A line's counts: the resource cards and the development cards held (backs with their number;
 * the words are their titles), and a card to discard in red.
 */
function brief(p: PlayerState): HTMLElement {
  const cards = p.resources ? RESOURCES.reduce((n, r) => n + (p.resources?.[r] ?? 0), 0) : p.resource_count;
  const cardWords = tn("{n} resource card", "{n} resource cards", cards);
  const devWords = tn("{n} development card", "{n} development cards", p.dev_count);
  const discard = p.discard ?? 0;
  return h(
    "span",
    { class: "cw-brief" },
    h("span", { class: "cw-brief-count", "data-count": "resources", title: cardWords, "aria-label": cardWords }, h("span", { class: "cw-card-back" }), h("b", {}, num(cards))),
    h("span", { class: "cw-brief-count", "data-count": "dev", title: devWords, "aria-label": devWords }, h("span", { class: "cw-card-back cw-dev-back" }), h("b", {}, num(p.dev_count))),
    discard > 0 ? h("span", { class: "cw-brief-discard", title: tn("Must discard {n} card", "Must discard {n} cards", discard) }, `−${num(discard)}`) : null,
  );
}

function playerPanel(p: PlayerState, state: GameState, board: Board, mode: PanelMode, open: boolean): HTMLElement {
  const color = seatColor(board, p.seat);
  const compact = mode === "compact";
  const cls = ["cw-player"];
  if (p.seat === state.current) cls.push("cw-current");
  if (p.seat === state.turn_player) cls.push("cw-turn");
  if (state.winner === p.seat) cls.push("cw-winner");
  if (!compact) cls.push(open ? "cw-open" : "cw-closed");
  const badges = badgesOf(p, state, board);
  const headAttrs = compact
    ? { class: "cw-player-head" }
    : { class: "cw-player-head", role: "button", tabindex: "0", "data-open-player": p.seat, "aria-expanded": String(open), title: open ? t("Hide this player's cards and pieces") : t("Show this player's cards and pieces") };
  const head = h(
    "div",
    headAttrs,
    h("span", { class: "cw-turn-marker", title: t("Whose turn"), "aria-hidden": "true" }, p.seat === state.turn_player ? "▶" : ""),
    h("b", { class: "cw-seat-chip", title: t("The letter on this player's pieces") }, seatLetters(board.players).get(p.seat) ?? ""),
    h("span", { class: "cw-player-name" }, p.name),
    p.kind === "bot" ? h("span", { class: "cw-tag" }, tc("player", "bot")) : null,
    presenceMark(state, board, p.seat),
    compact ? null : brief(p),
    ...(compact ? [] : badgeMarks(p, state, board)),
    points(p, state),
  );
  const discard = (p.discard ?? 0) > 0 ? h("div", { class: "cw-must-discard" }, tn("Must discard {n} card", "Must discard {n} cards", p.discard ?? 0)) : null;
  if (compact) {
    // the hand, the development cards, knights and road on one line; the special cards under it
    return h(
      "div",
      { class: cls.join(" "), "data-seat": p.seat, style: `--cw-player:${color}` },
      head,
      h("div", { class: "cw-player-cards" }, hand(p, true), devCards(p, true), stats(p, color, true)),
      badges.length ? h("div", { class: "cw-player-badges" }, ...badges) : null,
      discard,
    );
  }
  // a line, and under it the whole panel, shown when open
  const more = h(
    "div",
    { class: "cw-player-more" },
    hand(p, false),
    devCards(p, false),
    stats(p, color, false),
    badges.length ? h("div", { class: "cw-player-badges" }, ...badges) : null,
    discard,
  );
  more.hidden = !open;
  return h("div", { class: cls.join(" "), "data-seat": p.seat, style: `--cw-player:${color}` }, head, more);
}

/** A player's points, short: "4 VP", the count drawn in bold (and the hidden points after it). */
function vpWords(count: HTMLElement, hidden?: HTMLElement | null): (Node | string)[] {
  const points = hidden ? h("span", {}, count, hidden) : count;
  // TRANSLATORS: victory points, short, after their count ("4 VP"); {n} is the count
  return rich(t("{n} VP", { n: slot(0) }), [points]);
}

/** Every player's panel, in seat order: one line each (`open`: the seats shown whole), or compact. */
export function players(state: GameState, board: Board, mode: PanelMode, open: ReadonlySet<number> = new Set()): HTMLElement {
  const cls = mode === "line" ? "cw-players cw-players-line" : "cw-players cw-players-compact";
  const el = h("div", { class: cls, "data-players": state.players.length });
  for (const p of state.players) el.append(playerPanel(p, state, board, mode, open.has(p.seat)));
  return el;
}

/** The panels' mode: compact in full screen, else one line each. */
export function panelMode(fullScreen: boolean): PanelMode {
  return fullScreen ? "compact" : "line";
}

/** A click on a player's line opens or closes its panel (in `open`); false if it was not on one. */
export function togglePlayer(open: Set<number>, target: Element | null): boolean {
  const seat = Number(target?.closest("[data-open-player]")?.getAttribute("data-open-player") ?? NaN);
  if (!Number.isInteger(seat)) return false;
  if (!open.delete(seat)) open.add(seat);
  return true;
}
