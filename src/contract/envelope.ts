/**
 * The envelope of one event, and the tagged envelope of the views over all
 * tasks.
 *
 * @module
 */
import type { AnyEvent, EventType, KnownEvent, Uuid } from "./events.ts";

/** The event format version this release writes. */
export const SCHEMA_VERSION = 2;

/**
 * One event as logged (one JSON object a line in `events.jsonl`).
 *
 * `seq` is absent for ephemeral events, for events without a run, and in
 * logs written before 0.3 (which read as schema 1).
 */
export interface Envelope<E extends AnyEvent = AnyEvent> {
  schema: number;
  seq?: number;
  /** Publication time, RFC 3339, kept exactly as written. */
  at: string;
  event: E;
  /** Fields this release does not know are kept as they were read. */
  [field: string]: unknown;
}

/** An envelope whose event has a known type. */
export type KnownEnvelope<T extends EventType = EventType> = Envelope<
  Extract<KnownEvent, { type: T }>
>;

/**
 * An envelope of the views over all tasks: the envelope's fields, flat, with
 * the task's id and board number beside them.
 */
export interface TaggedEnvelope<E extends AnyEvent = AnyEvent> extends Envelope<E> {
  task: Uuid;
  number: number;
}

/**
 * Tags an envelope with its task. Keys come out in the order clients read
 * them: task, number, schema, seq, at, event, then any unknown fields.
 *
 * @example
 * ```ts
 * const tagged = tag(env, { id: task.id, number: task.number });
 * ```
 */
export function tag<E extends AnyEvent>(
  env: Envelope<E>,
  task: { id: Uuid; number: number },
): TaggedEnvelope<E> {
  const { schema, seq, at, event, ...rest } = env;
  const out: Record<string, unknown> = { task: task.id, number: task.number, schema };
  if (seq !== undefined) out.seq = seq;
  out.at = at;
  out.event = event;
  for (const [k, v] of Object.entries(rest)) {
    if (k !== "task" && k !== "number") out[k] = v;
  }
  return out as TaggedEnvelope<E>;
}
