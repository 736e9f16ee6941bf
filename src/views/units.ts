/**
 * Readable units for the history and trace views: counts (`6.7k`),
 * durations (`251 ms`, `4 min 05 s`), ages (`just now`, `3 h ago`) and
 * amounts of money (`$1.83`). Shared by the CLI, the terminal UI and the web
 * UI so that they all print the same text.
 *
 * @example
 * ```ts
 * formatCount(6700);            // "6.7k"
 * formatDuration(245_000);      // "4 min 05 s"
 * formatAge(now - 3 * 3600e3, now); // "3 h ago"
 * ```
 *
 * @module
 */
import { visible } from "./terminal_text.ts";

/** A count with a k/M/G suffix: `999`, `6.7k`, `184k`, `1.2M`. */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return "-";
  const sign = n < 0 ? "-" : "";
  let v = Math.abs(Math.round(n));
  if (v < 1000) return `${sign}${v}`;
  const units = ["k", "M", "G", "T"];
  let i = -1;
  let scaled = v;
  while (i < units.length - 1 && scaled >= 999.5) {
    v = scaled;
    scaled = scaled / 1000;
    i++;
  }
  const text = scaled < 9.95 ? trimZero(scaled.toFixed(1)) : String(Math.round(scaled));
  return `${sign}${text}${units[i]}`;
}

function trimZero(s: string): string {
  return s.endsWith(".0") ? s.slice(0, -2) : s;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * A duration: `251 ms`, `4.2 s`, `42 s`, `4 min 05 s`, `2 h 03 min`,
 * `3 d 04 h`. Negative or unknown durations print as `-`.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return "-";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 9.95) return `${s.toFixed(1)} s`;
  if (s < 59.5) return `${Math.round(s)} s`;
  const totalS = Math.round(s);
  if (totalS < 3600) return `${Math.floor(totalS / 60)} min ${pad2(totalS % 60)} s`;
  const totalMin = Math.floor(totalS / 60);
  if (totalMin < 24 * 60) return `${Math.floor(totalMin / 60)} h ${pad2(totalMin % 60)} min`;
  const totalH = Math.floor(totalMin / 60);
  return `${Math.floor(totalH / 24)} d ${pad2(totalH % 24)} h`;
}

/**
 * How long ago `thenMs` was, seen at `nowMs`: `just now` (under a minute, or
 * in the future: clocks differ), `5 min ago`, `3 h ago`, `4 d ago`, and the
 * date (`2026-09-28`) beyond 30 days.
 */
export function formatAge(thenMs: number | null, nowMs: number): string {
  if (thenMs === null || !Number.isFinite(thenMs)) return "-";
  const d = nowMs - thenMs;
  if (d < 60_000) return "just now";
  if (d < 3600_000) return `${Math.floor(d / 60_000)} min ago`;
  if (d < 24 * 3600_000) return `${Math.floor(d / 3600_000)} h ago`;
  if (d < 30 * 24 * 3600_000) return `${Math.floor(d / (24 * 3600_000))} d ago`;
  return new Date(thenMs).toISOString().slice(0, 10);
}

/**
 * An amount of money: `$1.83` for USD, `1.83 EUR` otherwise; under a cent
 * `<$0.01`; `-` when unknown.
 */
export function formatCost(amount: number | null | undefined, currency = "USD"): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "-";
  const small = amount > 0 && amount < 0.005;
  const text = small ? "0.01" : amount.toFixed(2);
  const money = currency === "USD" ? `$${text}` : `${text} ${currency}`;
  return small ? `<${money}` : money;
}

/** `n thing` or `n things`. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** A UTC time as `2026-09-28 05:52:52` (seconds), from RFC 3339 text. */
export function formatTime(at: string | null | undefined): string {
  if (!at) return "-";
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return visible(at); // log text: shown, never obeyed
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** The clock time of a timestamp with milliseconds, `05:52:52.213`. */
export function formatClock(at: string | null | undefined): string {
  if (!at) return "-";
  const ms = Date.parse(at);
  if (!Number.isFinite(ms)) return visible(at); // log text: shown, never obeyed
  return new Date(ms).toISOString().slice(11, 23);
}
