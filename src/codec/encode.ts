/**
 * Encoding an envelope as one log line.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";

/**
 * Encodes an envelope as one line of JSON without its newline, keys in the
 * order schema, seq, at, event (unknown envelope fields after them).
 *
 * @example
 * ```ts
 * encodeEnvelope({ schema: 2, seq: 1, at: "2026-01-02T03:04:05Z", event: { type: "paused", run: "r", reason: "why" } });
 * ```
 */
export function encodeEnvelope(env: Envelope): string {
  const { schema, seq, at, event, ...rest } = env;
  const out: Record<string, unknown> = { schema };
  if (seq !== undefined) out.seq = seq;
  out.at = at;
  out.event = event;
  for (const k in rest) out[k] = rest[k];
  return JSON.stringify(out);
}
