/**
 * Human lines of events: one line an event, with a symbol, the time and what
 * happened. Shared by `taskline events` and the terminal UI.
 *
 * Decisions (docs/events.md):
 * - The time is the event's `at` in UTC, `HH:MM:SS.mmm`: the same on every
 *   machine and in every time zone, like the log itself. An `at` that is not
 *   a timestamp is shown as `??:??:??.???`.
 * - Text is kept on one line: line breaks and tabs become spaces, other
 *   control, bidi and separator characters are shown as escapes (`\x1b`,
 *   `\u202e`: see terminal_text.ts), and long text is cut with `…`.
 * - An event type this release does not know is shown as
 *   `? <type> (unknown event)`, with its schema when above 2.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { parseTimeNs } from "../contract/time.ts";
import { visible } from "./terminal_text.ts";

/** Options of {@link renderEvent}. */
export interface RenderOptions {
  /** ANSI colours. Default false. */
  color?: boolean;
  /** The task's number: the line starts with `#N `. Default: no prefix. */
  number?: number;
  /** Longest free text (a message, a command, a preview), in characters. Default 120. */
  textCharsMax?: number;
}

/** Event types shown in human output only with `-v`. */
export const VERBOSE_TYPES: ReadonlySet<string> = new Set(["agent_delta", "budget_updated"]);

export type Tone = "ok" | "bad" | "warn" | "tool" | "info" | "dim";

const SGR: Record<Tone, string> = {
  ok: "\x1b[32m",
  bad: "\x1b[31m",
  warn: "\x1b[33m",
  tool: "\x1b[36m",
  info: "\x1b[1m",
  dim: "\x1b[2m",
};
const RESET = "\x1b[0m";

const UTC_AT = /^\d{4}-\d\d-\d\d[Tt](\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?[Zz]$/;

/** The time of an event as shown: `HH:MM:SS.mmm` UTC. */
export function timeOf(at: string): string {
  // Most times are written in UTC already: cut them instead of computing.
  const m = UTC_AT.exec(at);
  if (m) return `${m[1]}.${(m[2] ?? "").slice(0, 3).padEnd(3, "0")}`;
  const ns = parseTimeNs(at);
  if (ns === null) return "??:??:??.???";
  const ms = Number(ns / 1_000_000n);
  return new Date(ms).toISOString().slice(11, 23);
}

/**
 * Free text on one line, at most `max` characters: line breaks and tabs
 * become spaces, every other control, bidi or separator character a visible
 * escape (terminal_text.ts), so nothing in it acts on a terminal.
 */
export function oneLine(text: unknown, max = 120): string {
  const s = visible(String(text ?? "").replace(/[\r\n\t]+/g, " ")).trim();
  if (s.length <= max) return s;
  // Never half an emoji (a lone surrogate prints as U+FFFD).
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return s.slice(0, end) + "…";
}

function short(id: unknown): string {
  return typeof id === "string" ? visible(id.slice(0, 8)) : "-";
}

/** A number with thousands separators (`1,234`); toLocaleString is far slower. */
function num(n: unknown): string {
  if (typeof n !== "number") return "-";
  if (!Number.isInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  if (digits.length <= 3) return String(n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += "," + digits.slice(i, i + 3);
  return n < 0 ? "-" + out : out;
}

function secs(ms: unknown): string {
  if (typeof ms !== "number") return "-";
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return `${m}m${String(s).padStart(2, "0")}s`;
}

function tokens(u: unknown): string {
  if (typeof u !== "object" || u === null) return "";
  const x = u as Record<string, unknown>;
  return `${num(x.input_tokens)} in, ${num(x.output_tokens)} out`;
}

/**
 * What a tool was asked, on one line: its command or path, else its
 * arguments as JSON ("" for none). The event line, the terminal UI's trace
 * and (in its own copy, for the browser) the web client show calls so.
 */
export function toolInputText(input: unknown): string {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) {
    const o = input as Record<string, unknown>;
    for (const k of ["command", "cmd", "path", "file", "file_path", "pattern", "query", "url"]) {
      if (typeof o[k] === "string") return o[k] as string;
    }
  }
  if (input === undefined || input === null) return "";
  try {
    return JSON.stringify(input) ?? "";
  } catch {
    return String(input);
  }
}

function toolInput(input: unknown, max: number): string {
  return oneLine(toolInputText(input), max);
}

function subtaskNote(subtask: unknown): string {
  return typeof subtask === "string" ? ` [${short(subtask)}]` : "";
}

/** Symbol, tone and text of an event. */
export function describe(env: Envelope, max: number): [string, Tone, string] {
  // deno-lint-ignore no-explicit-any
  const e = env.event as any;
  switch (e.type) {
    case "run_started":
      return ["▶", "info", `run ${short(e.run)} started`];
    case "run_finished": {
      const totals = `(${secs(e.active_ms)}, ${tokens(e.usage)})`;
      const status = oneLine(e.status, 40);
      if (e.success === true) {
        return ["✔", "ok", `run ${short(e.run)} finished: ${status} ${totals}`];
      }
      // A run that stops to wait (paused, review...) has not failed.
      if (e.status === "failed") return ["✘", "bad", `run ${short(e.run)} failed ${totals}`];
      return ["■", "warn", `run ${short(e.run)} stopped: ${status} ${totals}`];
    }
    case "phase_started":
      return ["▸", "info", `phase ${oneLine(e.phase, 40)} started`];
    case "phase_finished":
      return e.success === true
        ? [
          "✔",
          "ok",
          `phase ${oneLine(e.phase, 40)} done${e.summary ? ": " + oneLine(e.summary, max) : ""}`,
        ]
        : [
          "✘",
          "bad",
          `phase ${oneLine(e.phase, 40)} failed${e.summary ? ": " + oneLine(e.summary, max) : ""}`,
        ];
    case "agent_started":
      return [
        "●",
        "info",
        `${oneLine(e.role, 40)} started${e.model ? " (" + oneLine(e.model, 60) + ")" : ""}${
          subtaskNote(e.subtask)
        }`,
      ];
    case "agent_delta":
      return ["…", "dim", `${oneLine(e.role, 40)}: ${oneLine(e.delta?.text, max)}`];
    case "agent_text":
      return ["“", "dim", `${oneLine(e.role, 40)}: ${oneLine(e.text, max)}`];
    case "tool_called":
      return [
        "→",
        "tool",
        `${oneLine(e.role, 40)} calls ${oneLine(e.tool, 40)} ${toolInput(e.input, max)}`.trimEnd() +
        ` {${oneLine(e.call, 12)}}`,
      ];
    case "tool_returned": {
      const status = e.timed_out === true
        ? "timed out"
        : typeof e.exit_code === "number"
        ? `exit ${e.exit_code}`
        : e.is_error === true
        ? "error"
        : "ok";
      const preview = oneLine(e.preview, max);
      return [
        e.is_error === true ? "↩" : "←",
        e.is_error === true ? "bad" : "tool",
        `${oneLine(e.tool, 40)} ${status} in ${secs(e.duration_ms)}, ${
          num(e.output_chars)
        } chars {${oneLine(e.call, 12)}}${preview ? ": " + preview : ""}`,
      ];
    }
    case "agent_finished":
      return [
        "○",
        "info",
        `${oneLine(e.role, 40)} finished: ${oneLine(e.stop, 40)} after ${num(e.steps)} steps (${
          tokens(e.usage)
        })`,
      ];
    case "subtask_updated":
      return ["◆", "info", `subtask ${short(e.subtask)} ${oneLine(e.status, 40)}`];
    case "subtask_integrated": {
      const conflicts = Array.isArray(e.conflicts) ? e.conflicts : [];
      return conflicts.length === 0
        ? ["✔", "ok", `subtask ${short(e.subtask)} integrated at ${short(e.commit)}`]
        : [
          "✘",
          "bad",
          `subtask ${short(e.subtask)} conflicted: ${oneLine(conflicts.join(", "), max)}`,
        ];
    }
    case "committed": {
      const files = Array.isArray(e.files) ? e.files.length : 0;
      return [
        "●",
        "ok",
        `committed ${short(e.commit)} ${oneLine(e.message, max)} (${files} file${
          files === 1 ? "" : "s"
        })`,
      ];
    }
    case "merged":
      return [
        "✔",
        "ok",
        `merged ${oneLine(e.branch, 60) || "?"} into ${oneLine(e.base, 60) || "?"} at ${
          short(e.commit)
        }`,
      ];
    case "validation_finished":
      return e.passed === true ? ["✔", "ok", `validation passed: ${oneLine(e.command, max)}`] : [
        "✘",
        "bad",
        `validation failed${typeof e.exit_code === "number" ? ` (exit ${e.exit_code})` : ""}: ${
          oneLine(e.command, max)
        }`,
      ];
    case "budget_updated":
      return [
        "$",
        "dim",
        `budget: ${num(e.tokens)}${
          typeof e.token_limit === "number" ? "/" + num(e.token_limit) : ""
        } tokens, ${secs(e.active_ms)}${
          typeof e.duration_limit_ms === "number" ? "/" + secs(e.duration_limit_ms) : ""
        } active`,
      ];
    case "artefact_written": {
      const a = e.artefact ?? {};
      const what = a.kind === "qa_report"
        ? `QA report (round ${num(a.round)})`
        : oneLine(a.kind, 40);
      return ["✎", "info", `wrote the ${what}`];
    }
    case "approval_requested":
      return ["?", "warn", `waiting for approval of the ${oneLine(e.gate, 20)}`];
    case "approval_resolved":
      return e.approved === true
        ? [
          "✔",
          "ok",
          `${oneLine(e.gate, 20)} approved${e.comment ? ": " + oneLine(e.comment, max) : ""}`,
        ]
        : [
          "✘",
          "bad",
          `${oneLine(e.gate, 20)} rejected${e.comment ? ": " + oneLine(e.comment, max) : ""}`,
        ];
    case "retrying":
      return [
        "↻",
        "warn",
        `retrying ${oneLine(e.what, max)} (attempt ${num(e.attempt)}, in ${secs(e.delay_ms)})`,
      ];
    case "paused":
      return ["⏸", "warn", `paused: ${oneLine(e.reason, max)}`];
    case "log": {
      const level = String(e.level ?? "info");
      const tone: Tone = /^(error|fatal)$/i.test(level)
        ? "bad"
        : /^warn/i.test(level)
        ? "warn"
        : "dim";
      return [
        tone === "bad" ? "✘" : tone === "warn" ? "!" : "·",
        tone,
        `${oneLine(level, 10)}: ${oneLine(e.message, max)}`,
      ];
    }
    default:
      return [
        "?",
        "dim",
        `${oneLine(e.type, 60)} (unknown event${env.schema > 2 ? `, schema ${env.schema}` : ""})`,
      ];
  }
}

/**
 * One human line for an event, without its newline.
 *
 * @example
 * ```ts
 * renderEvent(env, { number: 3 });
 * // "#3 10:00:03.000 → coder calls bash cargo test {a1b2c3d4e5f6}"
 * ```
 */
export function renderEvent(env: Envelope, options: RenderOptions = {}): string {
  const [symbol, tone, text] = describe(env, options.textCharsMax ?? 120);
  const prefix = options.number !== undefined ? `#${options.number} ` : "";
  const time = timeOf(env.at);
  if (!options.color) return `${prefix}${time} ${symbol} ${text}`;
  return `${prefix}${SGR.dim}${time}${RESET} ${SGR[tone]}${symbol}${RESET} ${
    tone === "bad" || tone === "warn" ? SGR[tone] + text + RESET : text
  }`;
}

/**
 * Whether colour is used: only on a terminal, never when `NO_COLOR` is set
 * (to anything but the empty string, per no-color.org).
 */
export function useColor(isTerminal: boolean, env: (name: string) => string | undefined): boolean {
  const noColor = env("NO_COLOR");
  return isTerminal && (noColor === undefined || noColor === "");
}
