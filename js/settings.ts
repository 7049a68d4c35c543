/**
 * The settings traits (`bot_delay`, `view`, `show_pips`, `theme`, `bots_paused`, `show_ids`,
 * `show_counting`, `replay_at`, `bot_level`, `hint_request`, `ready_seat`, `language`): read from the model with
 * defaults, and parsed from the values of their form controls. The widget writes them back
 * with `model.set(name, value); model.save_changes()`; Python validates them.
 */
import type { BotLevel, Settings, Theme } from "./types";

export const THEMES: readonly Theme[] = ["auto", "light", "dark"];
/** The names of the settings traits (the widget redraws on `change:<name>`). */
export const SETTING_NAMES: readonly (keyof Settings)[] = ["bot_delay", "view", "show_pips", "theme", "bots_paused", "show_ids", "show_counting", "replay_at", "bot_level", "hint_request", "ready_seat", "language"];

/** The bot menu's levels (js/hint.ts names them). */
export const BOT_LEVELS: readonly BotLevel[] = ["easy", "normal", "hard"];

/** One setting changed by the user. */
export type SettingChange = { [K in keyof Settings]: { name: K; value: Settings[K] } }[keyof Settings];

export const DEFAULT_SETTINGS: Settings = {
  bot_delay: 0.6,
  view: null,
  show_pips: false,
  theme: "auto",
  bots_paused: false,
  show_ids: false,
  show_counting: false,
  replay_at: null,
  bot_level: "normal",
  hint_request: 0,
  ready_seat: null,
  language: "",
};

/** A language's code as the Language menu sends it ("ru", "en-XA"). */
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

function isLevel(v: unknown): v is BotLevel {
  return v === "" || BOT_LEVELS.some((level) => level === v);
}

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
    show_ids: raw.show_ids === true,
    show_counting: raw.show_counting === true,
    replay_at: finite(raw.replay_at) && raw.replay_at >= 0 ? Math.floor(raw.replay_at) : null,
    bot_level: isLevel(raw.bot_level) ? raw.bot_level : DEFAULT_SETTINGS.bot_level,
    hint_request: finite(raw.hint_request) && raw.hint_request >= 0 ? Math.floor(raw.hint_request) : 0,
    ready_seat: finite(raw.ready_seat) && raw.ready_seat >= 0 ? Math.floor(raw.ready_seat) : null,
    language: typeof raw.language === "string" ? raw.language : "",
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
    case "replay_at": {
      if (value === "live") return { name, value: null };
      const at = num(value);
      return at === undefined || at < 0 ? null : { name, value: Math.floor(at) };
    }
    case "show_pips":
    case "show_ids":
    case "show_counting":
    case "bots_paused":
      return value === "true" || value === "false" ? { name, value: value === "true" } : null;
    case "theme":
      return isTheme(value) ? { name, value } : null;
    case "bot_level":
      return isLevel(value) && value !== "" ? { name, value } : null;
    case "ready_seat": {
      const seat = num(value);
      return seat === undefined || seat < 0 ? null : { name, value: Math.floor(seat) };
    }
    case "language":
      return LANGUAGE_CODE.test(value) ? { name, value } : null;
    case "hint_request": {
      const n = num(value);
      return n === undefined || n < 0 ? null : { name, value: Math.floor(n) };
    }
    default:
      return null;
  }
}
