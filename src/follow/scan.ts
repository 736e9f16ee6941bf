/**
 * A fast read of a log, on bytes: the file is read into the check's memory
 * (see codec/json_check.ts) a mebibyte at a time and searched there. With
 * needles (event type names in quotes), only the lines that contain one are
 * looked at; the rest of the file is searched, not split into lines. Each
 * line looked at is checked in place (UTF-8 included): a line that is its
 * own read form (what the run recorder writes) gives a light record whose
 * `bytes` are the line as it is in the file, printed by `--json` as they
 * are; a line of another serialiser's form (spaces, another key order,
 * `\uXXXX` escapes) gives a light record whose `bytes` are its read form,
 * written as bytes by the foreign reader (codec/foreign_line.ts); any other
 * line is decoded in full (`JSON.parse`), which gives exactly what
 * {@link readLog} would. No string of the line is built unless asked for.
 * Non-ASCII text costs what ASCII costs.
 *
 * This is what makes `taskline events <task> [--type T] --json` on a log of
 * gigabytes cost little more than reading it.
 *
 * @module
 */
import { decodeLine } from "../codec/decode.ts";
import { ForeignLines } from "../codec/foreign_line.ts";
import { JsonChecker } from "../codec/json_check.ts";
import { type LightEvent, LightLines, textOf, TimeReader } from "../codec/light_line.ts";
import { lineText } from "../codec/lines.ts";
import { namesTagKeys } from "../codec/read_form.ts";
import type { Envelope } from "../contract/envelope.ts";
import { DEFAULTS_0_5 } from "../contract/fields.ts";
import type { LightEnvelope, LightRecord, LogProblem, LogRecord } from "../store/log_reader.ts";
import { openLogFile } from "../store/log_file.ts";

/** A record of a scan decoded in full, with its `--json` text (see {@link ScanLogOptions.json}). */
export interface FullScanRecord extends LogRecord {
  /**
   * The record in the read form, one line of JSON (what `encodeEnvelope`
   * gives): the log line itself when it is that already. Only with the
   * `json` option.
   */
  json?: string;
}

/**
 * A record of a scan in the light form (with the `json` and `light`
 * options): the line is its own read form. Its bytes are a view of the
 * reader's memory (`mem`, from `start` to `end`, newline included), valid
 * until the next batch is asked for.
 */
export interface LightScanRecord extends LightRecord {
  readonly bytes: Uint8Array;
  readonly mem: Uint8Array;
  readonly start: number;
  readonly end: number;
}

/** A record of a scan: narrow on `light` (a light record without `mem` was decoded in full). */
export type ScanRecord = FullScanRecord | LightScanRecord | LightRecord;

/** The light envelope of a decoded one: what the follow rules and the filters look at. */
function lightEnvelopeOf(env: Envelope): LightEnvelope {
  const ev = env.event as { type: string; run?: unknown; success?: unknown };
  const event: LightEvent = { type: ev.type };
  if (typeof ev.run === "string") event.run = ev.run;
  if (typeof ev.success === "boolean") event.success = ev.success;
  return { schema: env.schema, seq: env.seq, at: env.at, event };
}

/** Options of {@link scanLog}. */
export interface ScanLogOptions {
  /** Byte offset to start at (a line start). Default 0. */
  from?: number;
  /** Byte offset to stop at (a line start). Default: the size at open. */
  to?: number;
  /** Bytes read at a time. Default 1 MiB. */
  chunkBytes?: number;
  /**
   * Give each record its read form (`json`), so that `--json` prints the log
   * line itself when it is that already. Default false.
   */
  json?: boolean;
  /**
   * With `json`: a line that is its own read form, or that the foreign
   * reader reads, is given as a light record: `bytes` (the line, or its read
   * form written as bytes), and a light `env`: its schema, seq and at,
   * and an event of only `type`, `run` and `success` (what the follow rules
   * and the `--type` and `--since` filters look at). Default false.
   */
  light?: boolean;
  /** Longest line, in bytes; longer lines are reported and skipped. Default 64 MiB. */
  lineBytesMax?: number;
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

/** Where the needles are kept in the check's memory, and the window's start. */
const NEEDLES_AT = JsonChecker.ROOM_AT;
const NEEDLE_BYTES_MAX = 256;
const WINDOW_AT = NEEDLES_AT + 16 * NEEDLE_BYTES_MAX;

const encoder = new TextEncoder();

/** Reads the `at` of light envelopes as times (one scan runs at a time on the thread). */
const times = new TimeReader();

/** Whether the time at bytes [s, e) of `m` is at or after `sec`.`nanos` (see LightEnvelope.atOrAfter). */
function atOrAfter(m: Uint8Array, s: number, e: number, sec: number, nanos: number) {
  const t = times.read(m, s, e);
  if (t !== true) return t;
  return times.sec > sec || (times.sec === sec && times.nanos >= nanos);
}

/**
 * The envelope of a light record: `at` is read from the line's bytes when
 * asked for (valid until the next batch, as the bytes).
 */
class LightEnv implements LightEnvelope {
  #at: string | undefined;
  constructor(
    readonly schema: number,
    readonly seq: number,
    readonly event: LightEvent,
    readonly lines: LightLines,
    readonly atStart: number,
    readonly atEnd: number,
  ) {}
  get at(): string {
    return this.#at ??= textOf(this.lines.checker.memory, this.atStart, this.atEnd);
  }
  atOrAfter(sec: number, nanos: number): boolean | null {
    return atOrAfter(this.lines.checker.memory, this.atStart, this.atEnd, sec, nanos);
  }
}

/**
 * A light record: the line's facts, read in place, and its bytes. Its
 * bytes and text are made when asked for, valid until the next batch.
 */
class InPlaceRecord implements LightScanRecord {
  readonly light = true;
  readonly upgraded = false;
  #text: string | undefined;
  constructor(
    readonly env: LightEnvelope,
    readonly mem: Uint8Array,
    readonly start: number,
    readonly end: number,
    public line: number,
  ) {}
  get bytes(): Uint8Array {
    return this.mem.subarray(this.start, this.end);
  }
  get text(): string {
    return this.#text ??= lineText(this.mem.subarray(this.start, this.end - 1));
  }
  get json(): string {
    return this.text;
  }
}

/**
 * The envelope of a line of another serialiser read as bytes: `at` is read
 * from its read form when asked for (valid until the next batch, as the bytes).
 */
class ForeignEnv implements LightEnvelope {
  #at: string | undefined;
  readonly seq: number | undefined;
  constructor(
    readonly schema: number,
    seq: number,
    readonly event: LightEvent,
    readonly mem: Uint8Array,
    readonly atStart: number,
    readonly atEnd: number,
  ) {
    this.seq = seq < 0 ? undefined : seq;
  }
  get at(): string {
    return this.#at ??= textOf(this.mem, this.atStart, this.atEnd);
  }
  atOrAfter(sec: number, nanos: number): boolean | null {
    return atOrAfter(this.mem, this.atStart, this.atEnd, sec, nanos);
  }
}

/**
 * A light record of a line of another serialiser: its read form was written
 * as bytes (`mem` from `start` to `end`, newline included) by the foreign
 * reader; the line itself is bytes [srcStart, srcEnd) of the check's memory.
 * Valid until the next batch.
 */
class ForeignRecord implements LightScanRecord {
  readonly light = true;
  readonly upgraded = false;
  constructor(
    readonly env: LightEnvelope,
    readonly mem: Uint8Array,
    readonly start: number,
    readonly end: number,
    public line: number,
    readonly src: Uint8Array,
    readonly srcStart: number,
    readonly srcEnd: number,
  ) {}
  get bytes(): Uint8Array {
    return this.mem.subarray(this.start, this.end);
  }
  get text(): string {
    return lineText(this.src.subarray(this.srcStart, this.srcEnd));
  }
  get json(): string {
    return textOf(this.mem, this.start, this.end - 1);
  }
}

/**
 * Records of the complete lines between `from` and `to` (every line, or
 * those that contain one of `needles`), in file order, in batches.
 *
 * @example
 * ```ts
 * for await (const records of scanLog(path, ['"tool_called"'])) for (const r of records) print(r);
 * ```
 */
export async function* scanLog(
  path: string,
  needles: readonly string[],
  options: ScanLogOptions = {},
): AsyncGenerator<ScanRecord[]> {
  const file = await openLogFile(path);
  if (file === null) return;
  try {
    const from = options.from ?? 0;
    const to = options.to ?? file.statSync().size;
    if (from > 0) await file.seek(from, Deno.SeekMode.Start);
    const json = options.json === true;
    const every = needles.length === 0;
    const fast = json && options.light === true;
    const reader = new LightLines();
    const foreign = new ForeignLines();
    const c = reader.checker;
    // Needles of 3 to 255 bytes (a quoted type name is at least 3), in the memory.
    const list = [...new Set(needles)].map((n) => encoder.encode(n))
      .filter((n) => n.length >= 3 && n.length < NEEDLE_BYTES_MAX && !n.includes(10))
      .slice(0, 16);
    list.forEach((n, k) => c.memory.set(n, NEEDLES_AT + k * NEEDLE_BYTES_MAX));
    const readBytes = Math.max(1, options.chunkBytes ?? 1024 * 1024);
    const lineBytesMax = options.lineBytesMax ?? 64 * 1024 * 1024;
    // Lines are counted when every line is read from the start.
    let lineNo = every && from === 0 ? 0 : -1;
    // The window: [WINDOW_AT, WINDOW_AT + filled) of the memory, whose first
    // `carry` bytes are a line the last read did not finish; it starts at
    // file offset `pos`.
    let carry = 0;
    let pos = from;
    // A line longer than lineBytesMax is being skipped (until its newline).
    let skipping = false;
    const problem = (reason: string, at: number) =>
      options.onProblem?.({ path, line: Math.max(lineNo, 0), offset: at, reason });

    while (pos + carry < to) {
      options.signal?.throwIfAborted();
      const want = Math.min(readBytes, to - pos - carry);
      c.grow(WINDOW_AT + carry + want + 16);
      let got = 0;
      while (got < want) {
        const n = file.readSync(
          c.memory.subarray(WINDOW_AT + carry + got, WINDOW_AT + carry + want),
        );
        if (n === null || n === 0) break;
        got += n;
      }
      if (got === 0) break;
      const filled = carry + got;
      const end = WINDOW_AT + filled;
      // Complete lines: up to the last newline.
      const linesEnd = c.sol(WINDOW_AT, end);
      if (linesEnd === WINDOW_AT) {
        // No newline yet: the window holds part of one line.
        if (skipping || filled > lineBytesMax) {
          skipping = true;
          pos += filled;
          carry = 0;
        } else carry = filled;
        continue;
      }
      const m = c.memory;
      const records: ScanRecord[] = [];
      // The records of the last batch were taken: their read forms may go.
      foreign.reset();
      const take = (ls: number, le: number) => {
        if (le === ls) return;
        const line = Math.max(lineNo, 0);
        if (fast && reader.read(ls, le)) {
          const env = new LightEnv(
            reader.schema,
            reader.seq,
            reader.event(),
            reader,
            reader.atStart,
            reader.atEnd,
          );
          records.push(new InPlaceRecord(env, m, ls, le + 1, line));
        } else if (fast && foreign.read(m, ls, le)) {
          // Another serialiser's line: its read form written as bytes.
          const out = foreign.out;
          const env = new ForeignEnv(
            foreign.schema,
            foreign.seq,
            foreign.event,
            out,
            foreign.atStart,
            foreign.atEnd,
          );
          records.push(
            new ForeignRecord(env, out, foreign.start, foreign.end, line, m, ls, le),
          );
        } else slowLine(m, ls, le, line);
      };
      const slowLine = (m: Uint8Array, ls: number, le: number, line: number) => {
        const text = lineText(m.subarray(ls, le));
        const d = decodeLine(text);
        if (!d.ok) {
          if (text.trim() !== "") problem(d.reason, pos + ls - WINDOW_AT);
          return;
        }
        if (!json) {
          records.push({ env: d.env, upgraded: d.upgraded, text, line });
          return;
        }
        // decodeValue builds the envelope in the read form's key order:
        // stringifying it is encodeEnvelope without its copy.
        const encoded = JSON.stringify(d.env);
        const readForm = encoded === text ? text : encoded;
        if (fast && !namesTagKeys(d.env)) {
          // Only the read form is printed: the record keeps the light facts,
          // and the decoded objects are garbage at once (not kept until the
          // batch is taken, which would move them to the old generation).
          records.push({
            light: true,
            env: lightEnvelopeOf(d.env),
            upgraded: d.upgraded,
            text,
            json: readForm,
            line,
          });
        } else records.push({ env: d.env, upgraded: d.upgraded, text, line, json: readForm });
      };
      let at = WINDOW_AT;
      if (skipping) {
        // The end of a line too long to read.
        at = c.eol(WINDOW_AT, linesEnd) + 1;
        if (lineNo >= 0) lineNo++;
        problem("line is longer than the reader's limit", pos);
        skipping = false;
      }
      if (every) {
        while (at < linesEnd) {
          const le = c.eol(at, linesEnd);
          if (lineNo >= 0) lineNo++;
          take(at, le);
          at = le + 1;
        }
      } else {
        // One search per needle; each needle's next hit is kept until it is passed.
        const hits = list.map(() => -2);
        for (;;) {
          let hit = -1;
          for (let k = 0; k < list.length; k++) {
            if (hits[k] !== -1 && hits[k] < at) {
              hits[k] = c.find(at, linesEnd, NEEDLES_AT + k * NEEDLE_BYTES_MAX, list[k].length);
            }
            if (hits[k] >= 0 && (hit < 0 || hits[k] < hit)) hit = hits[k];
          }
          if (hit < 0) break;
          const ls = c.sol(at, hit);
          const le = c.eol(hit, linesEnd);
          take(ls, le);
          at = le + 1;
        }
      }
      // Keep the unfinished line for the next read.
      carry = end - linesEnd;
      pos += linesEnd - WINDOW_AT;
      if (records.length > 0) yield records;
      if (carry > 0) c.copy(WINDOW_AT, linesEnd, carry);
      if (carry > lineBytesMax) {
        skipping = true;
        pos += carry;
        carry = 0;
      }
    }
    // A last line without its newline is being written: not read.
  } finally {
    file.close();
  }
}

/**
 * The light form of single lines (see {@link ScanLogOptions.light}) for
 * readers that do not hold their bytes in the check's memory: each line is
 * copied there and checked. Returns a record in the light form, with its
 * `--json` text, or null when the line must be decoded in full (not
 * ASCII only, not its own read form, too long).
 *
 * @example
 * ```ts
 * const light = lightLines();
 * const r = light(line) ?? decodeInFull(line);
 * ```
 */
export function lightLines(): (text: string) => LightRecord | null {
  const checker = new JsonChecker();
  const room = checker.room;
  return (text) => {
    if (text.length >= room.length) return null;
    const written = encoder.encodeInto(text, room).written;
    if (written !== text.length) return null;
    return lightRecord(checker, text, room.byteOffset, room.byteOffset + written);
  };
}

const ADDED_0_5 = new Map(
  [...DEFAULTS_0_5].map(([type, fields]) => [type, fields.map(([name]) => name)]),
);
const NONE: readonly string[] = [];

/** The fields of an event type that 0.5 added (an older line gets their defaults). */
function addedFieldsOf(type: string): readonly string[] {
  return ADDED_0_5.get(type) ?? NONE;
}

/** The text of the string starting at `at` (after its quote) in `text`, up to the next quote. */
function quotedAt(text: string, at: number): string {
  return text.slice(at, text.indexOf('"', at));
}

/** {@link quotedAt}, or null when it has an escape (its text is then not its value). */
function stringAt(text: string, at: number): string | null {
  const value = quotedAt(text, at);
  return value.includes("\\") ? null : value;
}

/**
 * The record of a line in the light form, when the line is its own read
 * form: checked in place (bytes [start, end) of the checker's memory), its
 * envelope's fields and its event's type, run and success read from the
 * text. Null when the line must be decoded in full.
 */
function lightRecord(
  checker: JsonChecker,
  text: string,
  start: number,
  end: number,
): LightRecord | null {
  const keys = checker.check(start, end);
  if (keys < 0) return null;
  // The check keeps the event's type and run when they change (see
  // JsonChecker.same): the strings of the values it keeps, kept with it.
  const same = checker.same;
  const tv = checker.typeValueAt - start;
  const rv = checker.runValueAt - start;
  // (It keeps only strings without an escape: their text is their value.)
  if ((same & 3) === 2) checker.typeText = quotedAt(text, tv + 1);
  if ((same >> 2) === 2) checker.runText = quotedAt(text, rv + 1);
  // Valid and in JSON.stringify's form; four keys: schema, seq, at, event.
  if (checker.outerKeys !== 4 || !text.startsWith('{"schema":')) return null;
  // Integers of at most 15 digits (the check said so): exact as numbers.
  let i = 10;
  let schema = 0;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) {
    schema = schema * 10 + c - 48;
  }
  if (i === 10 || schema < 1 || !text.startsWith(',"seq":', i)) return null;
  i += 7;
  const seqAt = i;
  let seq = 0;
  for (let c = text.charCodeAt(i); c >= 48 && c <= 57; c = text.charCodeAt(++i)) {
    seq = seq * 10 + c - 48;
  }
  if (i === seqAt || !text.startsWith(',"at":"', i)) return null;
  i += 7;
  const atEnd = text.indexOf('"', i);
  const at = text.slice(i, atEnd);
  if (at.includes("\\") || !text.startsWith(',"event":{', atEnd + 1)) return null;
  // The event's type and run, where the check found them; most lines have
  // those of the line before.
  if (tv < 0 || text.charCodeAt(tv) !== 34) return null;
  const type = (same & 3) !== 0 ? checker.typeText : stringAt(text, tv + 1);
  if (type === null || type === "") return null;
  const event: { type: string; run?: string; success?: boolean } = { type };
  if (rv >= 0 && text.charCodeAt(rv) === 34) {
    const run = (same >> 2) !== 0 ? checker.runText : stringAt(text, rv + 1);
    if (run === null) return null;
    event.run = run;
  }
  // `success` of any type, as a full decode's light envelope has it.
  const sv = valueAt(checker, text, start, keys, "success");
  if (sv >= 0 && text.startsWith("true", sv)) event.success = true;
  else if (sv >= 0 && text.startsWith("false", sv)) event.success = false;
  // An event of 0.4 gets the 0.5 defaults: decoded in full.
  if (schema <= 2) {
    for (const name of addedFieldsOf(type)) {
      if (valueAt(checker, text, start, keys, name) < 0) return null;
    }
  }
  const env: LightEnvelope = { schema, seq, at, event };
  return { env, light: true, upgraded: false, text, line: 0, json: text };
}

/** Where the value of the depth-2 key `name` of the last check starts in `text`, or -1. */
function valueAt(
  checker: JsonChecker,
  text: string,
  start: number,
  keys: number,
  name: string,
): number {
  for (let k = 0; k < keys; k++) {
    const ks = checker.keyStart(k) - start;
    const ke = checker.keyEnd(k) - start;
    if (ke - ks === name.length && text.startsWith(name, ks)) return ke + 2;
  }
  return -1;
}
