/**
 * What the page reads from the server: JSON it did not make, so every field
 * is read defensively. The shapes are the server's (contract/envelope.ts,
 * views/history.ts, views/trace_pair.ts), but the page never trusts them.
 *
 * @module
 */
import type { TaggedEnvelope } from "../../contract/envelope.ts";
import type { UnknownEvent } from "../../contract/events.ts";

/** A field of an event as it arrived: anything JSON can hold. */
// deno-lint-ignore no-explicit-any
export type Field = any;

/** An event as it arrived: a type, and fields of any shape. */
export interface WireEvent extends UnknownEvent {
  type: string;
  [field: string]: Field;
}

/** A tagged envelope as it arrived from `/api/events` or a stream. */
export interface WireEnvelope extends TaggedEnvelope<WireEvent> {
  event: WireEvent;
}

/** An envelope of a schema above the one this page reads (2). */
export function isFuture(env: { schema?: unknown }): boolean {
  return typeof env.schema === "number" && env.schema > 2;
}
