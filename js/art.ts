/** Small SVG drawings: terrain marks, resource glyphs, pieces, the robber. All pure builders. */
import { s, type Child } from "./dom";
import { fmt } from "./hex";
import { resourceWord } from "./labels";
import type { Resource, Terrain } from "./types";

export const TERRAIN_COLORS: Record<Terrain, { light: string; base: string; dark: string }> = {
  forest: { light: "#5f9a4c", base: "#3f7b37", dark: "#21502a" },
  pasture: { light: "#b5dc78", base: "#90c254", dark: "#5f9434" },
  fields: { light: "#f6d96e", base: "#e8bd3f", dark: "#b78a1f" },
  hills: { light: "#e08a5a", base: "#c8663c", dark: "#8f3f22" },
  mountains: { light: "#aab1b8", base: "#8a929b", dark: "#545b63" },
  desert: { light: "#f2e1b0", base: "#e2c98a", dark: "#b99b5c" },
};

export const RESOURCE_COLORS: Record<Resource, string> = {
  lumber: "#2f7d34",
  brick: "#c0582f",
  wool: "#8cc152",
  grain: "#e9b824",
  ore: "#7b8590",
};

export const RESOURCE_TERRAIN: Record<Resource, Terrain> = {
  lumber: "forest",
  brick: "hills",
  wool: "pasture",
  grain: "fields",
  ore: "mountains",
};

const INK = "#1b1a17";

/** Group translated to (x, y) and scaled by k. */
export function at(x: number, y: number, k: number, ...children: Child[]): SVGElement {
  return s("g", { transform: `translate(${fmt(x)} ${fmt(y)}) scale(${fmt(k)})` }, ...children);
}

export function tree(x: number, y: number, k: number, fill = "#1f5a2c"): SVGElement {
  return at(
    x,
    y,
    k,
    s("rect", { x: -0.03, y: 0.02, width: 0.06, height: 0.12, fill: "#6b4226", rx: 0.01 }),
    s("path", { d: "M0 -0.3 L0.15 -0.06 L-0.15 -0.06 Z", fill }),
    s("path", { d: "M0 -0.2 L0.19 0.06 L-0.19 0.06 Z", fill }),
    s("path", { d: "M0 -0.3 L0.15 -0.06 L0.05 -0.06 Z", fill: "#000", opacity: 0.15 }),
  );
}

export function sheep(x: number, y: number, k: number): SVGElement {
  const wool = "#fbfaf4";
  return at(
    x,
    y,
    k,
    s("rect", { x: -0.09, y: 0.02, width: 0.03, height: 0.09, fill: INK, rx: 0.01 }),
    s("rect", { x: 0.05, y: 0.02, width: 0.03, height: 0.09, fill: INK, rx: 0.01 }),
    s("ellipse", { cx: 0, cy: 0, rx: 0.15, ry: 0.09, fill: wool }),
    s("circle", { cx: -0.08, cy: -0.06, r: 0.06, fill: wool }),
    s("circle", { cx: 0.02, cy: -0.08, r: 0.065, fill: wool }),
    s("circle", { cx: 0.1, cy: -0.04, r: 0.055, fill: wool }),
    s("ellipse", { cx: 0.17, cy: -0.03, rx: 0.05, ry: 0.04, fill: INK }),
  );
}

export function tuft(x: number, y: number, k: number, color: string): SVGElement {
  return at(
    x,
    y,
    k,
    s("path", {
      d: "M-0.06 0 Q-0.05 -0.07 -0.09 -0.12 M0 0 Q0 -0.09 0.01 -0.15 M0.06 0 Q0.06 -0.07 0.1 -0.11",
      stroke: color,
      "stroke-width": 0.025,
      fill: "none",
      "stroke-linecap": "round",
    }),
  );
}

export function wheat(x: number, y: number, k: number, color = "#a8751a"): SVGElement {
  const grains: SVGElement[] = [];
  for (let i = 0; i < 4; i++) {
    const gy = -0.12 - i * 0.055;
    grains.push(s("ellipse", { cx: -0.028, cy: gy, rx: 0.022, ry: 0.036, fill: color, transform: `rotate(-25 -0.028 ${fmt(gy)})` }));
    grains.push(s("ellipse", { cx: 0.028, cy: gy, rx: 0.022, ry: 0.036, fill: color, transform: `rotate(25 0.028 ${fmt(gy)})` }));
  }
  return at(
    x,
    y,
    k,
    s("path", { d: "M0 0.12 L0 -0.32", stroke: color, "stroke-width": 0.02, "stroke-linecap": "round" }),
    s("ellipse", { cx: 0, cy: -0.33, rx: 0.02, ry: 0.035, fill: color }),
    ...grains,
  );
}

export function bricks(x: number, y: number, k: number, color = "#8e3b1f"): SVGElement {
  const parts: SVGElement[] = [];
  const w = 0.15;
  const hgt = 0.07;
  for (let row = 0; row < 3; row++) {
    const n = 3 - row;
    const off = -((n - 1) * (w + 0.02)) / 2;
    for (let i = 0; i < n; i++) {
      parts.push(
        s("rect", {
          x: fmt(off + i * (w + 0.02) - w / 2),
          y: fmt(-row * (hgt + 0.02)),
          width: w,
          height: hgt,
          rx: 0.012,
          fill: color,
          stroke: "#f3c9a8",
          "stroke-width": 0.012,
        }),
      );
    }
  }
  return at(x, y, k, ...parts);
}

export function peaks(x: number, y: number, k: number): SVGElement {
  return at(
    x,
    y,
    k,
    s("path", { d: "M-0.34 0.1 L-0.12 -0.2 L0.04 0.1 Z", fill: "#5d646c" }),
    s("path", { d: "M-0.14 0.1 L0.1 -0.3 L0.34 0.1 Z", fill: "#4b5259" }),
    s("path", { d: "M0.1 -0.3 L0.34 0.1 L0.18 0.1 Z", fill: "#000", opacity: 0.18 }),
    s("path", { d: "M0.1 -0.3 L0.17 -0.18 L0.12 -0.2 L0.08 -0.15 L0.03 -0.18 Z", fill: "#f4f6f8" }),
    s("path", { d: "M-0.12 -0.2 L-0.07 -0.12 L-0.11 -0.14 L-0.15 -0.11 Z", fill: "#f4f6f8" }),
  );
}

export function dunes(x: number, y: number, k: number, color: string): SVGElement {
  return at(
    x,
    y,
    k,
    s("path", {
      d: "M-0.35 0.05 Q-0.18 -0.12 0 0.04 Q0.16 -0.1 0.35 0.05 M-0.22 0.17 Q-0.05 0.05 0.12 0.17",
      stroke: color,
      "stroke-width": 0.035,
      fill: "none",
      "stroke-linecap": "round",
    }),
  );
}

export function cactus(x: number, y: number, k: number): SVGElement {
  const c = "#5f8a3a";
  const st = { stroke: c, "stroke-width": 0.06, fill: "none", "stroke-linecap": "round" };
  return at(
    x,
    y,
    k,
    s("path", { d: "M0 0.12 L0 -0.2", ...st }),
    s("path", { d: "M0 0 L-0.09 0 L-0.09 -0.1", ...st, "stroke-width": 0.045 }),
    s("path", { d: "M0 -0.06 L0.08 -0.06 L0.08 -0.14", ...st, "stroke-width": 0.045 }),
  );
}

export function rock(x: number, y: number, k: number): SVGElement {
  return at(
    x,
    y,
    k,
    s("path", { d: "M-0.2 0.1 L-0.13 -0.08 L0.02 -0.16 L0.17 -0.06 L0.21 0.1 Z", fill: "#5d646c" }),
    s("path", { d: "M0.02 -0.16 L0.17 -0.06 L0.21 0.1 L0.04 0.1 Z", fill: "#000", opacity: 0.2 }),
  );
}

/** The decoration of one terrain hex, centred on (cx, cy); the number token sits in the middle. */
export function terrainArt(t: Terrain, cx: number, cy: number): SVGElement {
  const c = TERRAIN_COLORS[t];
  const g = s("g", { class: `cw-art cw-art-${t}`, "pointer-events": "none" });
  const add = (...els: SVGElement[]): void => els.forEach((e) => g.append(e));
  switch (t) {
    case "forest":
      add(
        tree(cx - 0.25, cy - 0.5, 0.95, c.dark),
        tree(cx + 0.25, cy - 0.5, 0.95, c.dark),
        tree(cx, cy - 0.62, 1.05, "#1a4a25"),
        tree(cx - 0.56, cy + 0.38, 0.8, c.dark),
        tree(cx + 0.56, cy + 0.38, 0.8, c.dark),
        tree(cx, cy + 0.62, 0.75, "#1a4a25"),
      );
      break;
    case "pasture":
      add(
        sheep(cx - 0.05, cy - 0.55, 1.15),
        sheep(cx + 0.5, cy + 0.42, 0.8),
        tuft(cx - 0.5, cy + 0.46, 1, c.dark),
        tuft(cx - 0.4, cy - 0.3, 0.8, c.dark),
        tuft(cx + 0.05, cy + 0.66, 0.9, c.dark),
      );
      break;
    case "fields":
      add(
        wheat(cx - 0.18, cy - 0.44, 0.95, c.dark),
        wheat(cx, cy - 0.5, 1.05, c.dark),
        wheat(cx + 0.18, cy - 0.44, 0.95, c.dark),
        wheat(cx - 0.52, cy + 0.5, 0.75, c.dark),
        wheat(cx + 0.52, cy + 0.5, 0.75, c.dark),
      );
      break;
    case "hills":
      add(bricks(cx, cy - 0.5, 1.05, c.dark), bricks(cx - 0.5, cy + 0.46, 0.7, c.dark), bricks(cx + 0.5, cy + 0.46, 0.7, c.dark));
      break;
    case "mountains":
      add(peaks(cx, cy - 0.52, 1.1), peaks(cx - 0.48, cy + 0.42, 0.65), peaks(cx + 0.48, cy + 0.42, 0.65));
      break;
    case "desert":
      add(dunes(cx, cy - 0.48, 1, c.dark), dunes(cx, cy + 0.5, 0.9, c.dark), cactus(cx + 0.48, cy - 0.2, 1), cactus(cx - 0.5, cy + 0.2, 0.8));
      break;
  }
  return g;
}

/** A small icon for a resource, centred on (x, y), about 0.5·k wide. */
export function resourceGlyph(r: Resource, x: number, y: number, k: number): SVGElement {
  switch (r) {
    case "lumber":
      return tree(x, y + 0.06 * k, k, "#1f5a2c");
    case "brick":
      return bricks(x, y + 0.05 * k, k, "#8e3b1f");
    case "wool":
      return sheep(x - 0.02 * k, y + 0.02 * k, k);
    case "grain":
      return wheat(x, y + 0.1 * k, k, "#9a6a12");
    case "ore":
      return rock(x, y, k * 1.2);
  }
}

/**
 * A resource card drawn as a tiny standalone SVG (used in HTML panels), named on hover and for
 * screen readers: `label` (default: the resource's name) is its tooltip and its accessible label.
 */
export function resourceCard(r: Resource, size = 22, label?: string): SVGElement {
  const bg = TERRAIN_COLORS[RESOURCE_TERRAIN[r]];
  label ??= resourceWord(r);
  return s(
    "svg",
    { viewBox: "-0.32 -0.42 0.64 0.84", width: fmt(size * 0.76), height: size, class: `cw-card cw-card-${r}`, role: "img", "aria-label": label },
    s("title", {}, label),
    s("rect", { x: -0.3, y: -0.4, width: 0.6, height: 0.8, rx: 0.07, fill: bg.light, stroke: bg.dark, "stroke-width": 0.035 }),
    r === "wool" ? sheep(-0.01, 0.04, 1.35) : resourceGlyph(r, 0, r === "ore" ? 0.02 : -0.02, 1.25),
  );
}

// ---------------------------------------------------------------- pieces

export const SETTLEMENT_PATH = "M-0.16 0.13 L0.16 0.13 L0.16 -0.05 L0 -0.19 L-0.16 -0.05 Z";
export const CITY_PATH =
  "M-0.27 0.16 L0.27 0.16 L0.27 -0.03 L0.13 -0.14 L-0.01 -0.03 L-0.01 -0.16 L-0.14 -0.3 L-0.27 -0.16 Z";

export function settlementShape(color: string): SVGElement {
  return s(
    "g",
    {},
    s("path", { d: SETTLEMENT_PATH, fill: color, stroke: INK, "stroke-width": 0.04, "stroke-linejoin": "round" }),
    s("path", { d: "M0 -0.19 L0.16 -0.05 L0.16 0.13 L0.05 0.13 L0.05 -0.1 Z", fill: "#000", opacity: 0.18 }),
    s("rect", { x: -0.06, y: 0.02, width: 0.07, height: 0.11, fill: INK, opacity: 0.55 }),
  );
}

export function cityShape(color: string): SVGElement {
  return s(
    "g",
    {},
    s("path", { d: CITY_PATH, fill: color, stroke: INK, "stroke-width": 0.04, "stroke-linejoin": "round" }),
    s("path", { d: "M-0.01 -0.03 L0.13 -0.14 L0.27 -0.03 L0.27 0.16 L-0.01 0.16 Z", fill: "#000", opacity: 0.18 }),
    s("rect", { x: -0.18, y: -0.14, width: 0.07, height: 0.09, fill: INK, opacity: 0.55, rx: 0.02 }),
    s("rect", { x: 0.07, y: 0.04, width: 0.07, height: 0.12, fill: INK, opacity: 0.55 }),
  );
}

/** The robber pawn; its foot stands at (0, 0). */
export function robberShape(fill = "#2b2a2e"): SVGElement {
  return s(
    "g",
    {},
    s("ellipse", { cx: 0, cy: -0.03, rx: 0.2, ry: 0.07, fill, stroke: "#0b0b0c", "stroke-width": 0.02 }),
    s("path", {
      d: "M-0.16 -0.04 C-0.18 -0.24 -0.07 -0.3 -0.09 -0.42 L0.09 -0.42 C0.07 -0.3 0.18 -0.24 0.16 -0.04 Z",
      fill,
      stroke: "#0b0b0c",
      "stroke-width": 0.02,
    }),
    s("ellipse", { cx: 0, cy: -0.43, rx: 0.13, ry: 0.04, fill, stroke: "#0b0b0c", "stroke-width": 0.02 }),
    s("circle", { cx: 0, cy: -0.56, r: 0.12, fill, stroke: "#0b0b0c", "stroke-width": 0.02 }),
    s("path", { d: "M-0.1 -0.06 C-0.12 -0.22 -0.04 -0.28 -0.05 -0.4", stroke: "#fff", opacity: 0.22, "stroke-width": 0.03, fill: "none", "stroke-linecap": "round" }),
    s("circle", { cx: -0.04, cy: -0.6, r: 0.035, fill: "#fff", opacity: 0.25 }),
  );
}
