/**
 * Text of the page: local times (the page shows the reader's clock, where the
 * terminal shows UTC), and the units, money and one-line descriptions that
 * every surface shares (from src/views/).
 *
 * @module
 */
import { describe, type Tone } from "../../views/event_line.ts";
import { formatCost, formatCount, formatDuration } from "../../views/units.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

export { formatCost, formatCount, formatDuration };

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(kind: "time" | "datetime"): Intl.DateTimeFormat {
  let f = formatters.get(kind) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = kind === "time"
      ? new Intl.DateTimeFormat(undefined, {
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: false,
      })
      : new Intl.DateTimeFormat(undefined, {
        dateStyle: "short",
        timeStyle: "medium",
        hour12: false,
      });
    formatters.set(kind, f);
  }
  return f;
}

/** Local time of an event, `HH:MM:SS`. */
export function fmtTime(at: unknown): string {
  const d = new Date(String(at ?? ""));
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return dateFormat("time").format(d);
}

/** Local date and time, for tables. */
export function fmtDateTime(at: unknown): string {
  if (!at) return "–";
  const d = new Date(String(at));
  if (Number.isNaN(d.getTime())) return String(at);
  return dateFormat("datetime").format(d);
}

/** Local time today, date and time before. */
export function fmtWhen(at: unknown): string {
  const d = new Date(String(at ?? ""));
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return d.toDateString() === new Date().toDateString() ? fmtTime(at) : fmtDateTime(at);
}

/** A token count as the terminal shows it (`950`, `12k`, `4.1M`); `–` when unknown. */
export function fmtTokens(n: unknown): string {
  return typeof n === "number" && Number.isFinite(n) ? formatCount(n) : "–";
}

/** A count with thousands separators. */
export function fmtCount(n: unknown): string {
  let f = formatters.get("count") as Intl.NumberFormat | undefined;
  if (!f) formatters.set("count", f = new Intl.NumberFormat("en-US"));
  return f.format(Number(n ?? 0));
}

/** A count and its noun, `1 error`, `3 errors`. */
export function plural(n: number, noun: string): string {
  return `${fmtCount(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** A cost `{amount, currency}` as `taskline history` shows it; `–` when there is none. */
export function fmtCost(cost: { amount?: unknown; currency?: unknown } | null | undefined): string {
  if (!cost || typeof cost.amount !== "number") return "–";
  return formatCost(cost.amount, typeof cost.currency === "string" ? cost.currency : "USD");
}

/** A duration in milliseconds as the terminal shows it; `–` when unknown. */
export function fmtDuration(ms: unknown): string {
  return typeof ms === "number" && Number.isFinite(ms) && ms >= 0 ? formatDuration(ms) : "–";
}

/** The sum of a usage object's input and output tokens. */
export function usageTokens(
  u: { input_tokens?: unknown; output_tokens?: unknown } | null | undefined,
): number {
  if (!u) return 0;
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
  return n(u.input_tokens) + n(u.output_tokens);
}

/** The first line of a text, at most `max` characters. */
export function firstLine(text: unknown, max = 160): string {
  const s = String(text ?? "").trim();
  const nl = s.search(/[\r\n\u2028\u2029\u0085]/);
  const line = nl >= 0 ? s.slice(0, nl) : s;
  return line.length > max ? line.slice(0, max - 1) + "…" : line;
}

/** The first characters of an id (UUIDs and commits are long). */
export function shortId(id: unknown, n = 8): string {
  return id ? String(id).slice(0, n) : "–";
}

/** What a tool was asked to do, in a few words: its command, path or arguments. */
export function inputSummary(input: unknown): string {
  if (input === null || input === undefined) return "";
  if (typeof input !== "object") return firstLine(String(input), 120);
  const o = input as Record<string, unknown>;
  for (const k of ["command", "cmd", "path", "file", "file_path", "pattern", "query", "url"]) {
    if (typeof o[k] === "string") return firstLine(o[k], 120);
  }
  return firstLine(JSON.stringify(input), 120);
}

/** How the page colours an event: `error`, `warn`, `ok` or `` (from the terminal's tone). */
export type Severity = "error" | "warn" | "ok" | "";

const SEVERITY: Record<Tone, Severity> = {
  ok: "ok",
  bad: "error",
  warn: "warn",
  tool: "",
  info: "",
  dim: "",
};

/** Symbol, severity and one-line text of an envelope, as `taskline events` says it. */
export function describeEnv(env: WireEnvelope, max = 160): [string, Severity, string] {
  if (isFuture(env)) {
    return [
      "?",
      "",
      `${
        firstLine(env.event.type, 60)
      } (an event of schema ${env.schema}, which this page does not know)`,
    ];
  }
  const [symbol, tone, text] = describe(env, max);
  return [symbol, SEVERITY[tone], text];
}

/** The one-line text of an envelope. */
export function describeText(env: WireEnvelope, max = 160): string {
  return describeEnv(env, max)[2];
}
