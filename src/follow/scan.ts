/**
 * A fast filtered read of a log: only the lines that contain one of a few
 * needles (event type names in quotes) are cut out and decoded; the rest of
 * the file is searched, not split into lines. This is what makes
 * `taskline events <task> --type T --json` on a log of gigabytes cost
 * little more than reading it.
 *
 * Lines are found by `indexOf` over each decoded chunk (one search per
 * needle), so a line that does not match costs a few machine instructions a
 * byte; the next chunk is read while one is searched. A matching line is
 * decoded in full (`JSON.parse`): what is given out is exactly what
 * {@link readLog} would give with the same needles as prefilter.
 *
 * @module
 */
import { decodeLine } from "../codec/decode.ts";
import { JsonChecker } from "../codec/json_check.ts";
import type { Envelope } from "../contract/envelope.ts";
import { DEFAULTS_0_5 } from "../contract/fields.ts";
import type { LogProblem, LogRecord } from "../store/log_reader.ts";
import { openLogFile } from "../store/log_file.ts";

/** A record of a scan, with its `--json` text when asked for (see {@link ScanLogOptions.json}). */
export interface ScanRecord extends LogRecord {
  /**
   * The record in the read form, one line of JSON (what `encodeEnvelope`
   * gives): the log line itself when it is that already. Only with the
   * `json` option.
   */
  json?: string;
}

/** Options of {@link scanLog}. */
export interface ScanLogOptions {
  /** Byte offset to start at (a line start). Default 0. */
  from?: number;
  /** Byte offset to stop at (a line start). Default: the size at open. */
  to?: number;
  /** Bytes decoded and searched at a time (reads are of at least 1 MiB). Default 64 KiB. */
  chunkBytes?: number;
  /**
   * Encode each record in the read form while it is decoded (`json`), so
   * that `--json` prints the log line itself when it is that already.
   * Default false.
   */
  json?: boolean;
  /**
   * With `json`: a matching line that is its own read form already (checked
   * without parsing it, see json_check.ts) is given with a light `env`:
   * its schema, seq and at, and an event of only `type`, `run` and
   * `success` (what the follow rules and the `--type` and `--since` filters
   * look at); other lines are decoded in full. Default false.
   */
  light?: boolean;
  /** Longest line, in characters; longer matching lines are reported and skipped. Default 64 Mi. */
  lineCharsMax?: number;
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

/**
 * Decoded records of the complete lines between `from` and `to` that
 * contain one of `needles`, in file order, in batches.
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
  const list = [...new Set(needles)].filter((n) => n !== "" && !n.includes("\n"));
  // V8 finds a literal by first looking for its first character: a quote or
  // a letter is everywhere in JSON, an underscore is rare. A needle with an
  // underscore is searched from there (`_called"` for `"tool_called"`), about
  // twice as fast, and checked whole at each hit.
  const anchorAt = list.map((n) => Math.max(0, n.indexOf("_")));
  const anchors = list.map((n, k) => n.slice(anchorAt[k]));
  /** The first place at or after `from` where needle `k` starts, or -1. */
  const find = (s: string, k: number, from: number): number => {
    const off = anchorAt[k];
    let i = s.indexOf(anchors[k], from + off);
    while (i >= 0 && (i - off < from || !s.startsWith(list[k], i - off))) {
      i = s.indexOf(anchors[k], i + 1);
    }
    return i < 0 ? -1 : i - off;
  };
  const lineCharsMax = options.lineCharsMax ?? 64 * 1024 * 1024;
  const decoder = new TextDecoder();
  const json = options.json === true;
  // A read still under way when the consumer stops: waited for before closing.
  let inflight: Promise<unknown> = Promise.resolve();
  try {
    const from = options.from ?? 0;
    const to = options.to ?? (await file.stat()).size;
    if (from > 0) await file.seek(from, Deno.SeekMode.Start);
    // Chunks are decoded and searched `chunkBytes` at a time (small strings
    // die young), and read at least 1 MiB at a time (few system calls).
    const chunkBytes = options.chunkBytes ?? 64 * 1024;
    const readBytes = Math.max(chunkBytes, 1024 * 1024);
    // Two buffers: the next read fills one while the other is searched. For
    // the light form they are the check's memory, where lines are checked
    // in place.
    const checker = json && options.light === true ? new JsonChecker() : null;
    const inRoom = checker !== null && 2 * readBytes <= checker.room.length;
    const bufs = inRoom
      ? [checker.room.subarray(0, readBytes), checker.room.subarray(readBytes, 2 * readBytes)]
      : [new Uint8Array(readBytes), new Uint8Array(readBytes)];
    const fast = inRoom ? checker : null;
    // Where a line is copied to be checked when its bytes are not in place
    // (it starts in an earlier chunk, or its chunk is not all ASCII).
    const scratch = fast !== null ? fast.room.subarray(2 * readBytes) : null;
    let cur = 0;
    let readPos = from;
    const readNext = (): Promise<number | null> => {
      const want = Math.min(readBytes, to - readPos);
      if (want <= 0) return Promise.resolve(null);
      const p = file.read(bufs[cur].subarray(0, want)).then((n) => {
        if (n !== null) readPos += n;
        return n;
      });
      inflight = p.catch(() => {});
      return p;
    };
    let next = readNext();
    let pos = from;
    // The start of a line that continues in the next chunk.
    let carry: string[] = [];
    let carryChars = 0;
    let oversized = false;
    // What is left to search of the last read.
    let piece: Uint8Array = new Uint8Array(0);
    while (pos < to) {
      options.signal?.throwIfAborted();
      if (piece.length === 0) {
        const got = await next;
        if (got === null || got === 0) break;
        piece = bufs[cur].subarray(0, got);
        cur = 1 - cur;
        next = readNext();
      }
      const n = Math.min(chunkBytes, piece.length);
      const bytes = piece.subarray(0, n);
      piece = piece.subarray(n);
      const chunkStart = pos;
      pos += n;
      const s = decoder.decode(bytes, { stream: pos < to });
      // As many characters as bytes, none a replacement: all ASCII, so that
      // a character's index is its byte's.
      const ascii = fast !== null && s.length === n && s.indexOf("\uFFFD") < 0;
      const records: ScanRecord[] = [];
      const take = (text: string, at = -1) => {
        if (text === "") return;
        if (fast !== null) {
          let r: ScanRecord | null = null;
          if (ascii && at >= 0) {
            const start = bytes.byteOffset + at;
            r = lightRecord(fast, text, start, start + text.length);
          } else if (text.length < scratch!.length) {
            // A line of ASCII only (one byte a character) is checked in a copy.
            const written = encoder.encodeInto(text, scratch!).written;
            if (written === text.length) {
              const start = scratch!.byteOffset;
              r = lightRecord(fast, text, start, start + written);
            }
          }
          if (r !== null) {
            records.push(r);
            return;
          }
        }
        const d = decodeLine(text);
        if (!d.ok) {
          if (text.trim() !== "") {
            options.onProblem?.({ path, line: 0, offset: chunkStart, reason: d.reason });
          }
          return;
        }
        const r: ScanRecord = { env: d.env, upgraded: d.upgraded, text, line: 0 };
        if (json) {
          // Sharing the line's string when it is the read form already.
          // decodeValue builds the envelope in the read form's key order, so
          // stringifying it is encodeEnvelope without its copy.
          const encoded = JSON.stringify(d.env);
          r.json = encoded === text ? text : encoded;
        }
        records.push(r);
      };
      const firstNl = s.indexOf("\n");
      if (firstNl < 0) {
        // The whole chunk is inside one line.
        if (!oversized) {
          carry.push(s);
          carryChars += s.length;
          if (carryChars > lineCharsMax) {
            oversized = true;
            carry = [];
          }
        }
        continue;
      }
      // The line the previous chunks started.
      if (oversized || carryChars > 0) {
        const head = s.slice(0, firstNl);
        if (oversized || carryChars + head.length > lineCharsMax) {
          const line = oversized ? "" : carry.join("") + head;
          if (oversized || matches(list, line)) {
            options.onProblem?.({
              path,
              line: 0,
              offset: chunkStart,
              reason: "line is longer than the reader's limit",
            });
          }
        } else {
          carry.push(head);
          const line = carry.join("");
          if (matches(list, line)) take(line);
        }
        carry = [];
        carryChars = 0;
        oversized = false;
      } else if (firstNl > 0) {
        const line = s.slice(0, firstNl);
        if (matches(list, line)) take(line, 0);
      }
      const lastNl = s.lastIndexOf("\n");
      // Complete lines between the first and the last newline: search, cut out hits.
      // One indexOf search per needle (V8 searches a literal much faster than
      // an alternation); each needle's next hit is kept until it is passed.
      const hits = list.map((_, k) => find(s, k, firstNl + 1));
      let at = firstNl + 1;
      for (;;) {
        let m = -1;
        for (let k = 0; k < hits.length; k++) {
          if (hits[k] >= 0 && hits[k] < at) hits[k] = find(s, k, at);
          if (hits[k] >= 0 && (m < 0 || hits[k] < m)) m = hits[k];
        }
        if (m < 0 || m >= lastNl) break;
        const ls = s.lastIndexOf("\n", m) + 1;
        const le = s.indexOf("\n", m);
        take(s.slice(ls, le), ls);
        at = le + 1;
      }
      if (lastNl + 1 < s.length) {
        carry.push(s.slice(lastNl + 1));
        carryChars = s.length - lastNl - 1;
      }
      if (records.length > 0) yield records;
    }
    // A last line without its newline is being written: not read.
  } finally {
    await inflight;
    file.close();
  }
}

const encoder = new TextEncoder();

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
export function lightLines(): (text: string) => ScanRecord | null {
  const checker = new JsonChecker();
  const room = checker.room;
  return (text) => {
    if (text.length >= room.length) return null;
    const written = encoder.encodeInto(text, room).written;
    if (written !== text.length) return null;
    return lightRecord(checker, text, room.byteOffset, room.byteOffset + written);
  };
}

function matches(needles: readonly string[], line: string): boolean {
  for (const n of needles) if (line.includes(n)) return true;
  return false;
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
): ScanRecord | null {
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
  if (type === "run_finished") {
    const sv = valueAt(checker, text, start, keys, "success");
    if (sv >= 0 && text.startsWith("true", sv)) event.success = true;
    else if (sv >= 0 && text.startsWith("false", sv)) event.success = false;
  }
  // An event of 0.4 gets the 0.5 defaults: decoded in full.
  if (schema <= 2) {
    for (const name of addedFieldsOf(type)) {
      if (valueAt(checker, text, start, keys, name) < 0) return null;
    }
  }
  const env = { schema, seq, at, event } as unknown as Envelope;
  return { env, upgraded: false, text, line: 0, json: text };
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
