/**
 * `--json` lines of events: the read form, one envelope a line, or a tagged
 * envelope in the views over every task.
 *
 * A line of the log that is already in the read form is printed as it was
 * read instead of being encoded again (most lines are: the recorder writes
 * the read form), which saves encoding in `--json` replays. "Already in the
 * read form": the line was not upgraded, starts exactly as the encoder
 * starts a line, has no envelope fields beyond the four, and is written as
 * `JSON.stringify` writes its value, checked by the JSON check
 * ({@link isStringifyForm}). A line in doubt is encoded again. A reader
 * that encoded the record already (scanLog's `json`) passes its text along.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { tag } from "../contract/envelope.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { JsonChecker } from "./json_check.ts";

/**
 * What a JSON line is made of: the envelope, and the text it was read from;
 * or a line read in the light form, which is its own read form.
 */
export type JsonSource = DecodedSource | { readonly light: true; readonly json: string };

/** A decoded envelope, and the text it was read from. */
export interface DecodedSource {
  env: Envelope;
  light?: undefined;
  upgraded: boolean;
  /** The log line; absent for events that were not read from a log. */
  text?: string;
  /** The read-form text, when the reader made it already (see scanLog's `json`). */
  json?: string;
}

/** The read-form text of a record, reusing the log line when it is that already. */
export function readFormText(src: JsonSource): string {
  if (src.light === true) return src.json;
  if (src.json !== undefined) return src.json;
  const text = src.text;
  if (text === undefined || src.upgraded || !isReadForm(src.env, text)) {
    return encodeEnvelope(src.env);
  }
  if (isStringifyForm(text)) return text;
  try {
    return encodeEnvelope(src.env);
  } catch (e) {
    // Nested deeper than the check follows and than JSON.stringify can
    // write: the line is printed as it is (no encoding of it exists).
    if (e instanceof RangeError) return text;
    throw e;
  }
}

let checker: JsonChecker | null = null;
const encoder = new TextEncoder();

/**
 * Whether valid JSON text is exactly what `JSON.stringify` writes for its
 * value (json_check.ts): compact tokens (the short escapes, no white space
 * outside strings, numbers as JavaScript writes them), no key twice in one
 * object (JSON.parse keeps the last value), no key of digits (V8 puts such
 * keys first). A text too long for the check's memory, or nested deeper than
 * it follows, is in doubt.
 */
export function isStringifyForm(text: string): boolean {
  const c = checker ??= new JsonChecker();
  const room = c.room;
  if (text.length > room.length) return false;
  const { read, written } = encoder.encodeInto(text, room);
  if (read !== text.length) return false;
  return c.check(room.byteOffset, room.byteOffset + written) >= 0;
}

function isReadForm(env: Envelope, text: string): boolean {
  const head = env.seq === undefined
    ? `{"schema":${env.schema},"at":`
    : `{"schema":${env.schema},"seq":${env.seq},"at":`;
  if (!text.startsWith(head)) return false;
  // Extra envelope fields (kept after `event`) or keys in another order.
  let keys = 0;
  for (const _ in env) keys++;
  return keys === (env.seq === undefined ? 3 : 4);
}

/**
 * A tagged envelope as one JSON line (task, number, then the envelope's
 * fields). The tag is the reader's: a log line's own top-level `task` or
 * `number` (log text is hostile) is left out, as {@link tag} leaves it out,
 * never written beside the tag, where a parser's last value would win and
 * put the event in another task.
 */
export function taggedText(src: JsonSource, task: { id: string; number: number }): string {
  if (src.light !== true && (Object.hasOwn(src.env, "task") || Object.hasOwn(src.env, "number"))) {
    return JSON.stringify(tag(src.env, task));
  }
  const text = readFormText(src);
  if (src.light === true || text.startsWith('{"schema":')) {
    return `{"task":${JSON.stringify(task.id)},"number":${task.number},${text.slice(1)}`;
  }
  return JSON.stringify(tag(src.env, task));
}
