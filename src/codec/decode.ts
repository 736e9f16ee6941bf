/**
 * Decoding one log line into the read form, upgrading older formats on the
 * way: a missing schema reads as 1; schema 1 and 2 events get the defaults of
 * the fields added in 0.5; a schema above 2 passes through untouched; unknown
 * types and fields are kept as they are.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { DEFAULTS_0_5 } from "../contract/fields.ts";
import { SCHEMA_VERSION } from "../contract/envelope.ts";

/** What decoding one line gives: an envelope, or why the line is broken. */
export type Decoded =
  | { ok: true; env: Envelope; upgraded: boolean }
  | { ok: false; reason: string };

/** Stands for a line longer than the reader's limit (see lines.ts). */
export const OVERSIZED_LINE = "\u0000";

/** Stands for a line whose bytes are not well-formed UTF-8 (see lines.ts). */
export const INVALID_UTF8_LINE = "\u0000\u0001";

/**
 * Decodes one line (without its newline). Never throws.
 *
 * `upgraded` is true when fields of 0.5 were missing and their defaults were
 * filled in (the views use it to mark totals as lower bounds).
 *
 * @example
 * ```ts
 * const d = decodeLine('{"seq":1,"at":"2026-01-02T03:04:05Z","event":{"type":"log","level":"info","message":"hi"}}');
 * if (d.ok) console.log(d.env.schema); // 1
 * ```
 */
export function decodeLine(line: string): Decoded {
  if (line === OVERSIZED_LINE) {
    return { ok: false, reason: "line is longer than the reader's limit" };
  }
  if (line === INVALID_UTF8_LINE) return { ok: false, reason: "not valid UTF-8" };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (e) {
    return { ok: false, reason: `not JSON (${(e as Error).message.slice(0, 120)})` };
  }
  return decodeValue(value);
}

/** Decodes an already parsed JSON value (an element of a JSON array, say). */
export function decodeValue(value: unknown): Decoded {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, reason: "not a JSON object" };
  }
  const raw = value as Record<string, unknown>;
  const event = raw.event;
  if (event === null || typeof event !== "object" || Array.isArray(event)) {
    return { ok: false, reason: "no event object" };
  }
  const type = (event as Record<string, unknown>).type;
  if (typeof type !== "string" || type === "") return { ok: false, reason: "no event.type" };
  let schema = raw.schema;
  if (schema === undefined) schema = 1;
  else if (!Number.isSafeInteger(schema) || (schema as number) < 1) {
    return { ok: false, reason: `schema is not a positive integer` };
  }
  const seq = raw.seq;
  if (seq !== undefined && (!Number.isSafeInteger(seq) || (seq as number) < 0)) {
    return { ok: false, reason: `seq is not a non-negative integer` };
  }
  const at = raw.at === undefined ? "1970-01-01T00:00:00Z" : raw.at;
  if (typeof at !== "string") return { ok: false, reason: "at is not a string" };

  let upgraded = false;
  if ((schema as number) <= SCHEMA_VERSION) {
    const defaults = DEFAULTS_0_5.get(type);
    if (defaults) {
      const ev = event as Record<string, unknown>;
      for (const [name, make] of defaults) {
        if (ev[name] === undefined) {
          ev[name] = make();
          upgraded = true;
        }
      }
    }
  }
  // The read form: keys in the order schema, seq, at, event, then unknown ones.
  const env: Record<string, unknown> = { schema };
  if (seq !== undefined) env.seq = seq;
  env.at = at;
  env.event = event;
  for (const k in raw) {
    if (k !== "schema" && k !== "seq" && k !== "at" && k !== "event") env[k] = raw[k];
  }
  return { ok: true, env: env as Envelope, upgraded };
}
