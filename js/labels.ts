/**
 * The names of things, as labels a sentence puts in a placeholder: resources, terrains, amounts
 * of cards, development cards and hexes. Each is the very message Python names it with
 * (catan_widget/engine/constants.py, catan_widget/engine/words/places.py: the same context and
 * msgid), so each thing has one translation everywhere.
 */
import { joined, tc, tnc } from "./i18n";
import { RESOURCES } from "./types";
import type { DevKind, HexInfo, Resource, ResourceCounts, Terrain } from "./types";

/** A resource's name: "ore". */
export function resourceWord(r: Resource): string {
  switch (r) {
    case "lumber":
      return tc("resource", "lumber");
    case "brick":
      return tc("resource", "brick");
    case "wool":
      return tc("resource", "wool");
    case "grain":
      return tc("resource", "grain");
    case "ore":
      return tc("resource", "ore");
  }
}

/** A terrain's name: "mountains". */
export function terrainWord(terrain: Terrain): string {
  switch (terrain) {
    case "forest":
      return tc("terrain", "forest");
    case "hills":
      return tc("terrain", "hills");
    case "pasture":
      return tc("terrain", "pasture");
    case "fields":
      return tc("terrain", "fields");
    case "mountains":
      return tc("terrain", "mountains");
    case "desert":
      return tc("terrain", "desert");
  }
}

/** `n` cards of a resource: "2 wool" (the language's plural form). */
export function amountWords(r: Resource, n: number): string {
  switch (r) {
    case "lumber":
      return tnc("cards", "{n} lumber", "{n} lumber", n);
    case "brick":
      return tnc("cards", "{n} brick", "{n} brick", n);
    case "wool":
      return tnc("cards", "{n} wool", "{n} wool", n);
    case "grain":
      return tnc("cards", "{n} grain", "{n} grain", n);
    case "ore":
      return tnc("cards", "{n} ore", "{n} ore", n);
  }
}

/** Cards as one list, in resource order: "2 wool, 1 ore"; `empty` (default "nothing") for none. */
export function cardsWords(counts: ResourceCounts, empty?: string): string {
  const items = RESOURCES.filter((r) => (counts[r] ?? 0) > 0).map((r) => amountWords(r, counts[r] ?? 0));
  return joined(items, "comma", empty ?? tc("cards", "nothing"));
}

/** A development card's short name on its face in the hand (its full name is its title). */
export function devCardFace(kind: DevKind): string {
  switch (kind) {
    // TRANSLATORS: a development card's face in the hand, a card 48 px wide: one short word
    // if the card's name is long ("Дороги" for Road Building)
    case "knight":
      return tc("card face", "Knight");
    case "road_building":
      return tc("card face", "Road Building");
    case "year_of_plenty":
      return tc("card face", "Year of Plenty");
    case "monopoly":
      return tc("card face", "Monopoly");
    case "victory_point":
      return tc("card face", "Victory Point");
  }
}

/** A development card's name, as the rulebook labels it: "Road Building". */
export function devCardWord(kind: DevKind): string {
  switch (kind) {
    case "knight":
      return tc("development card", "Knight");
    case "road_building":
      return tc("development card", "Road Building");
    case "year_of_plenty":
      return tc("development card", "Year of Plenty");
    case "monopoly":
      return tc("development card", "Monopoly");
    case "victory_point":
      return tc("development card", "Victory Point");
  }
}

/** The mark of a development card bought this turn (it cannot be played before the next). */
export function newWord(): string {
  return tc("development card", "new");
}

/** A hex as a label: Python's name for it when the board has one, else "mountains 8" (terrain
 * and number token), the desert "desert". */
export function hexPlace(hx: HexInfo): string {
  if (typeof hx.name === "string" && hx.name) return hx.name;
  const terrain = terrainWord(hx.terrain);
  if (hx.number == null) return terrain;
  // TRANSLATORS: a hex named by its terrain and number token: "mountains 8"
  return tc("hex", "{terrain} {number}", { terrain, number: hx.number });
}
