/**
 * Settings from `.taskline/config.jsonc` (JSON with comments). Missing keys
 * take their defaults; unknown keys give a warning naming the key.
 *
 * @module
 */
import { parseJsonc } from "../codec/jsonc.ts";
import { TasklineError } from "../errors.ts";
import type { Gate } from "../contract/events.ts";
import type { StateDir } from "./state_dir.ts";
import { BadLogFile, readRegularFile } from "./log_file.ts";

/** Prices of one model, per million tokens. */
export interface Price {
  input: number;
  output: number;
  cache_read: number;
  cache_write: number;
}

/** Every setting, with its default filled in. */
export interface Settings {
  pipeline: {
    /** Gates that wait for a human. Default none. */
    approvals: Gate[];
    /** Keep complete tool outputs. Default true. */
    trace_outputs: boolean;
    /** Longest kept output file, in characters. Default 100000. */
    trace_max_chars: number;
    /** Automatic fixes of failed validations over a run. Default 2. */
    max_validation_fix_attempts: number;
    /** Pause after this many tokens. Default off (null). */
    max_tokens: number | null;
    /** Pause after this much active time. Default off (null). */
    max_duration_secs: number | null;
    /** Append a lesson of each finished task to memory.jsonl. Default true. */
    project_memory: boolean;
    /** Commands that must pass. Default none. */
    validation_commands: string[];
    /** Each subtask attempt in its own worktree. Default true. */
    isolate_subtasks: boolean;
    /** Merge the task branch when done. Default false. */
    auto_merge: boolean;
  };
  /** Prices keyed `<provider>/<model>`. Default none. */
  pricing: Record<string, Price>;
  /** Currency of the prices. Default `USD`. */
  pricing_currency: string;
  server: { host: string; port: number };
  security: { web_allowed_domains: string[]; search_url: string | null };
  /** `taskline ship` and `mirror`: the project's name on the stream, and the stream. */
  fleet: { project: string | null; stream: string };
}

/** The settings of a project without a config file. */
export function defaultSettings(): Settings {
  return {
    pipeline: {
      approvals: [],
      trace_outputs: true,
      trace_max_chars: 100_000,
      max_validation_fix_attempts: 2,
      max_tokens: null,
      max_duration_secs: null,
      project_memory: true,
      validation_commands: [],
      isolate_subtasks: true,
      auto_merge: false,
    },
    pricing: {},
    pricing_currency: "USD",
    server: { host: "127.0.0.1", port: 7777 },
    security: { web_allowed_domains: [], search_url: null },
    fleet: { project: null, stream: "TASKLINE" },
  };
}

/** Settings and what was wrong with the file. */
export interface LoadedSettings {
  settings: Settings;
  /** One line a problem, naming the key: unknown keys, wrong types. */
  warnings: string[];
}

type Check = (v: unknown) => boolean;
const isBool: Check = (v) => typeof v === "boolean";
const isNonNegInt: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;
const isPosOrNull: Check = (v) => v === null || (typeof v === "number" && v > 0);
const isStrings: Check = (v) => Array.isArray(v) && v.every((s) => typeof s === "string");

const PIPELINE: Record<string, [Check, string]> = {
  approvals: [
    (v) => Array.isArray(v) && v.every((g) => g === "spec" || g === "plan" || g === "merge"),
    'a list of "spec", "plan", "merge"',
  ],
  trace_outputs: [isBool, "true or false"],
  trace_max_chars: [(v) => Number.isSafeInteger(v) && (v as number) > 0, "a positive integer"],
  max_validation_fix_attempts: [isNonNegInt, "a non-negative integer"],
  max_tokens: [isPosOrNull, "a positive number or null"],
  max_duration_secs: [isPosOrNull, "a positive number or null"],
  project_memory: [isBool, "true or false"],
  validation_commands: [isStrings, "a list of strings"],
  isolate_subtasks: [isBool, "true or false"],
  auto_merge: [isBool, "true or false"],
};

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * Reads settings from JSONC text.
 *
 * @throws TasklineError `bad-state` when the text is not JSONC.
 */
export function parseSettings(text: string, source = "config.jsonc"): LoadedSettings {
  const r = parseJsonc(text);
  if (!r.ok) {
    throw new TasklineError(
      "bad-state",
      `Cannot read ${source}: ${r.message}${r.line > 0 ? ` at line ${r.line}` : ""}`,
    );
  }
  const value = r.value;
  const settings = defaultSettings();
  const warnings: string[] = [];
  if (value === undefined) return { settings, warnings };
  if (!isObject(value)) {
    throw new TasklineError("bad-state", `Cannot read ${source}: not an object`);
  }
  const wrong = (key: string, want: string) =>
    warnings.push(`${source}: ${key} must be ${want}; using the default`);
  for (const [key, v] of Object.entries(value)) {
    switch (key) {
      case "pipeline":
        if (!isObject(v)) {
          wrong("pipeline", "an object");
          break;
        }
        for (const [k, pv] of Object.entries(v)) {
          const rule = Object.hasOwn(PIPELINE, k) ? PIPELINE[k] : undefined;
          if (!rule) warnings.push(`${source}: unknown key pipeline.${k}`);
          else if (!rule[0](pv)) wrong(`pipeline.${k}`, rule[1]);
          else (settings.pipeline as Record<string, unknown>)[k] = pv;
        }
        break;
      case "pricing":
        if (!isObject(v)) {
          wrong("pricing", "an object");
          break;
        }
        for (const [model, p] of Object.entries(v)) {
          if (!isObject(p)) {
            wrong(`pricing.${model}`, "an object of prices");
            continue;
          }
          const price: Price = { input: 0, output: 0, cache_read: 0, cache_write: 0 };
          let ok = true;
          for (const [pk, pv] of Object.entries(p)) {
            if (!(pk in price)) warnings.push(`${source}: unknown key pricing.${model}.${pk}`);
            else if (typeof pv !== "number" || pv < 0) ok = false;
            else price[pk as keyof Price] = pv;
          }
          if (ok) settings.pricing[model] = price;
          else wrong(`pricing.${model}`, "non-negative prices per million tokens");
        }
        break;
      case "pricing_currency":
        if (typeof v === "string" && v !== "") settings.pricing_currency = v;
        else wrong(key, "a currency code");
        break;
      case "server":
        if (!isObject(v)) {
          wrong("server", "an object");
          break;
        }
        for (const [k, sv] of Object.entries(v)) {
          if (k === "host" && typeof sv === "string") settings.server.host = sv;
          else if (k === "port" && Number.isSafeInteger(sv) && (sv as number) >= 0) {
            settings.server.port = sv as number;
          } else if (k === "host" || k === "port") wrong(`server.${k}`, "a host or a port");
          else warnings.push(`${source}: unknown key server.${k}`);
        }
        break;
      case "security":
        if (!isObject(v)) {
          wrong("security", "an object");
          break;
        }
        for (const [k, sv] of Object.entries(v)) {
          if (k === "web_allowed_domains" && isStrings(sv)) {
            settings.security.web_allowed_domains = sv as string[];
          } else if (k === "search_url" && (sv === null || typeof sv === "string")) {
            settings.security.search_url = sv as string | null;
          } else if (k === "web_allowed_domains" || k === "search_url") {
            wrong(`security.${k}`, "a list of domains or a URL");
          } else warnings.push(`${source}: unknown key security.${k}`);
        }
        break;
      case "fleet":
        if (!isObject(v)) {
          wrong("fleet", "an object");
          break;
        }
        for (const [k, fv] of Object.entries(v)) {
          if (k === "project" && (fv === null || (typeof fv === "string" && fv !== ""))) {
            settings.fleet.project = fv as string | null;
          } else if (k === "stream" && typeof fv === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(fv)) {
            settings.fleet.stream = fv;
          } else if (k === "project" || k === "stream") wrong(`fleet.${k}`, "a name");
          else warnings.push(`${source}: unknown key fleet.${k}`);
        }
        break;
      default:
        warnings.push(`${source}: unknown key ${key}`);
    }
  }
  return { settings, warnings };
}

/** Loads the project's settings; defaults when there is no config file. */
export async function loadSettings(state: StateDir): Promise<LoadedSettings> {
  // A config that is not a regular file inside the state directory is not
  // opened: reading a FIFO would hold every command up.
  let bytes: Uint8Array | null;
  try {
    bytes = await readRegularFile(state.configPath, { root: state.root });
  } catch (e) {
    if (e instanceof BadLogFile) {
      return {
        settings: defaultSettings(),
        warnings: [`${e.message}; the default settings are used`],
      };
    }
    throw new TasklineError("io", `Cannot read ${state.configPath}: ${(e as Error).message}`);
  }
  if (bytes === null) return { settings: defaultSettings(), warnings: [] };
  return parseSettings(new TextDecoder().decode(bytes), state.configPath);
}
