/**
 * The settings traits (`bot_delay`, `view`, `show_pips`, `theme`, `bots_paused`): read from the model with
 * defaults, and parsed from the values of their form controls. The widget writes them back
 * with `model.set(name, value); model.save_changes()`; Python validates them.
 */
import type { Settings, Theme } from "./types";

export const THEMES: readonly Theme[] = ["auto", "light", "dark"];
/** The names of the settings traits (the widget redraws on `change:<name>`). */
export const SETTING_NAMES: readonly (keyof Settings)[] = ["bot_delay", "view", "show_pips", "theme", "bots_paused"];

/** One setting changed by the user. */
export type SettingChange = { [K in keyof Settings]: { name: K; value: Settings[K] } }[keyof Settings];

export const DEFAULT_SETTINGS: Settings = { bot_delay: 0.6, view: null, show_pips: false, theme: "auto", bots_paused: false };

function isTheme(v: unknown): v is Theme {
  return typeof v === "string" && (THEMES as readonly string[]).includes(v);
}

function finite(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** The settings from raw trait values (missing or malformed ones take their default). */
export function normalizeSettings(raw: Partial<Record<keyof Settings, unknown>>): Settings {
  return {
    bot_delay: finite(raw.bot_delay) ? raw.bot_delay : DEFAULT_SETTINGS.bot_delay,
    view: finite(raw.view) ? raw.view : null,
    show_pips: raw.show_pips === true,
    theme: isTheme(raw.theme) ? raw.theme : DEFAULT_SETTINGS.theme,
    bots_paused: raw.bots_paused === true,
  };
}

function num(v: string): number | undefined {
  if (v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** The change a control's string value stands for (`data-setting` = the trait's name), or null. */
export function parseSetting(name: string | null | undefined, value: string): SettingChange | null {
  switch (name) {
    case "view": {
      if (value === "auto") return { name, value: null };
      const seat = num(value);
      return seat === undefined ? null : { name, value: seat };
    }
    case "bot_delay": {
      const seconds = num(value);
      return seconds === undefined ? null : { name, value: seconds };
    }
    case "show_pips":
    case "bots_paused":
      return value === "true" || value === "false" ? { name, value: value === "true" } : null;
    case "theme":
      return isTheme(value) ? { name, value } : null;
    default:
      return null;
  }
}
