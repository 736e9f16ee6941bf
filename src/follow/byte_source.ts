/**
 * One task's log as a source of the feed's merge, read as bytes: each chunk
 * is searched and checked in place (see codec/light_line.ts), a line in its
 * own read form becomes an item that holds its bytes and its cursor as
 * numbers (read from the bytes, no `BigInt`, no string, no object of the
 * line), and its tagged line is the task's prefix spliced before the rest of
 * the original bytes. Any other line is decoded in full, which gives what a
 * reader of records gives.
 *
 * @module
 */
import { decodeLine } from "../codec/decode.ts";
import { JsonChecker } from "../codec/json_check.ts";
import { ForeignLines } from "../codec/foreign_line.ts";
import { LightLines } from "../codec/light_line.ts";
import { lineText } from "../codec/lines.ts";
import { cursorOf } from "../contract/cursor.ts";
import type { LogProblem } from "../store/log_reader.ts";
import type { Task } from "../store/tasks.ts";
import type { BufferPool } from "./buffer_pool.ts";
import {
  ByteItem,
  compareItems,
  cursorNumbers,
  type FastItem,
  noCursorProblem,
  RecordItem,
  splitNs,
  taggedPrefix,
} from "./feed_item.ts";
import type { FeedStart } from "./feed_start.ts";
import type { OpenFiles } from "./open_files.ts";

const encoder = new TextEncoder();

/** Where a source's reader keeps a chunk in the check's memory. */
const WINDOW_AT = JsonChecker.ROOM_AT + 4096;
const NEEDLE_BYTES_MAX = 256;

/** What the sources of one replay share: the reader and its needles. */
export class SourceReader {
  readonly lines = new LightLines();
  /** Lines of another serialiser's form, read as bytes (their read forms copied out of it). */
  readonly foreign = new ForeignLines();
  readonly #needles: Uint8Array[];

  /** `needles`: a line that contains none of them is neither decoded nor reported. */
  constructor(needles: readonly string[] | null) {
    this.#needles = (needles ?? []).map((n) => encoder.encode(n))
      .filter((n) => n.length >= 3 && n.length < NEEDLE_BYTES_MAX).slice(0, 15);
    this.#needles.forEach((n, k) =>
      this.lines.checker.memory.set(n, JsonChecker.ROOM_AT + k * NEEDLE_BYTES_MAX)
    );
    this.filtered = needles !== null && needles.length > 0;
  }

  readonly filtered: boolean;

  /** Whether memory [s, e) holds a needle. */
  hasNeedle(s: number, e: number): boolean {
    const c = this.lines.checker;
    for (let k = 0; k < this.#needles.length; k++) {
      if (c.find(s, e, JsonChecker.ROOM_AT + k * NEEDLE_BYTES_MAX, this.#needles[k].length) >= 0) {
        return true;
      }
    }
    return false;
  }
}

/** A reader of lines as bytes, of its last line's `at`. */
interface TimedReader {
  time(): boolean | null;
  readonly sec: number;
  readonly nanos: number;
  at(): string;
}

/** The time of the cursor {@link placeOf} found last. */
const PLACE = { sec: 0, nanos: 0 };

/**
 * Whether the last line of `r` has a place in the merge (as cursorOf says),
 * its cursor's time then in {@link PLACE}: read from its bytes (no string,
 * no `BigInt`), or from `at` as text when it is written otherwise (an
 * offset, a lower-case z).
 */
function placeOf(r: TimedReader, number: number): boolean {
  const t = r.time();
  if (t === true) {
    if (r.sec < 0) return false;
    PLACE.sec = r.sec;
    PLACE.nanos = r.nanos;
    return true;
  }
  if (t === false) return false;
  const cur = cursorOf({ at: r.at() }, number);
  if (cur === null) return false;
  [PLACE.sec, PLACE.nanos] = splitNs(cur.ns);
  return true;
}

/** Longest line a byte source reads (as the other readers: see lines.ts). */
const LINE_BYTES_MAX = 64 * 1024 * 1024;

/** Options of {@link ByteSource}. */
export interface ByteSourceOptions {
  path: string;
  /** Where the replay of the log starts (a line start). Default 0. */
  from?: number;
  /** Where the replay of the log stops (a line start). */
  to: number;
  /** Where the feed starts: items with a cursor after it only. */
  start: FeedStart;
  /** Items kept sorted ahead of the merge. */
  lookahead: number;
  /** Bytes read at a time. */
  chunkBytes: number;
  files: OpenFiles;
  reader: SourceReader;
  /** Chunk buffers to reuse (their items' bytes are then valid until their batch is released). */
  pool?: BufferPool;
  onProblem?: (p: LogProblem) => void;
  /** A line longer than this is passed over (told to `onProblem`). Default 64 MiB. */
  lineBytesMax?: number;
  /**
   * Told when the log turned into something else than a log while it was read
   * (a `BadLogFile`): what was read of it stays, the rest is left out. Without
   * it, the error is thrown.
   */
  onBad?: (e: unknown) => void;
}

/**
 * One task's log, read as bytes a chunk at a time: the same chunks, lines
 * and items as a reader of records would give (see record_source.ts).
 */
export class ByteSource {
  readonly task: Task;
  readonly prefix: Uint8Array;
  readonly #o: ByteSourceOptions;
  readonly #after: { sec: number; nanos: number; number: number; seq: number } | null;
  #items: FastItem[] = [];
  #i = 0;
  #done = false;
  /** File offset of the next read, and the start of a line the last read did not finish. */
  #readPos = 0;
  /** The start of a line the last read did not finish: `#carry[0, #carryBytes)`. */
  #carry: Uint8Array | null = null;
  #carryBytes = 0;
  #lineNo = 0;
  /** In a line longer than the limit: its bytes are passed over up to its newline. */
  #skipping = false;
  /** File offset where the line being passed over starts. */
  #skipFrom = 0;
  #skipBuf: Uint8Array | null = null;

  constructor(task: Task, o: ByteSourceOptions) {
    this.task = task;
    this.prefix = taggedPrefix(task);
    this.#o = o;
    this.#readPos = o.from ?? 0;
    // The start's cursor as the numbers items are compared with.
    const after = o.start.from === "after" ? o.start.cursor : null;
    this.#after = after ? { ...cursorNumbers(after), number: after.number, seq: after.seq } : null;
  }

  get head(): FastItem | undefined {
    return this.#items[this.#i];
  }

  next(): void {
    this.#i++;
  }

  /** Makes `head` the next item; false when the source is exhausted. */
  fill(): boolean {
    if (this.#items.length - this.#i >= this.#o.lookahead || this.#done) {
      return this.#i < this.#items.length;
    }
    const fresh: FastItem[] = [];
    while (!this.#done && this.#items.length - this.#i + fresh.length < this.#o.lookahead) {
      this.#read(fresh);
    }
    if (fresh.length > 0) {
      const rest = this.#items.slice(this.#i);
      for (const it of fresh) rest.push(it);
      // Stable: equal cursors keep log order.
      rest.sort(compareItems);
      this.#items = rest;
      this.#i = 0;
    }
    return this.#i < this.#items.length;
  }

  /** Reads one chunk; its complete lines' items go to `out`. */
  #read(out: FastItem[]): void {
    const o = this.#o;
    if (this.#skipping) return this.#skip();
    const carry = this.#carryBytes;
    // A line longer than a chunk is read in chunks as large as what is held
    // of it: the copies of a long line add up to a few times its size.
    const limit = o.lineBytesMax ?? LINE_BYTES_MAX;
    const want = Math.min(
      Math.max(o.chunkBytes, carry),
      Math.max(o.chunkBytes, limit + 1 - carry),
      o.to - this.#readPos,
    );
    if (want <= 0) return this.#finish();
    const size = carry + want;
    const buf = o.pool ? o.pool.take(size) : new Uint8Array(size);
    if (carry > 0) buf.set(this.#carry!.subarray(0, carry));
    let got: number;
    try {
      got = o.files.read(o.path, this.#readPos, buf.subarray(carry, size));
    } catch (e) {
      o.pool?.lend(buf, 0);
      if (e instanceof Deno.errors.NotFound) return this.#finish();
      if (o.onBad === undefined) throw e;
      o.onBad(e);
      return this.#finish();
    }
    if (got === 0) {
      o.pool?.lend(buf, 0);
      return this.#finish();
    }
    const batchStart = this.#readPos - carry;
    this.#readPos += got;
    const filled = carry + got;
    const c = o.reader.lines.checker;
    c.grow(WINDOW_AT + filled + 16);
    c.memory.set(buf.subarray(0, filled), WINDOW_AT);
    const linesEnd = c.sol(WINDOW_AT, WINDOW_AT + filled) - WINDOW_AT;
    // Keep the unfinished line, unless it is longer than the limit.
    let rest = filled - linesEnd;
    if (rest > limit) {
      this.#skipping = true;
      this.#skipFrom = batchStart + linesEnd;
      this.#carry = null;
      rest = 0;
    } else if (rest > 0) {
      if (this.#carry === null || this.#carry.length < rest) {
        this.#carry = new Uint8Array(Math.max(rest, 4096));
      }
      this.#carry.set(c.memory.subarray(WINDOW_AT + linesEnd, WINDOW_AT + filled));
    }
    this.#carryBytes = rest;
    const before = out.length;
    if (linesEnd > 0) this.#lines(buf, linesEnd, batchStart, out);
    let made = 0;
    for (let i = before; i < out.length; i++) if (out[i].bytes === buf) made++;
    o.pool?.lend(buf, made);
    if (this.#readPos >= o.to) this.#finish();
  }

  /** Passes over a chunk of a line longer than the limit; tells of it at its newline. */
  #skip(): void {
    const o = this.#o;
    const want = Math.min(o.chunkBytes * 8, o.to - this.#readPos);
    if (want <= 0) return this.#finish();
    const buf = this.#skipBuf ??= new Uint8Array(want);
    let got: number;
    try {
      got = o.files.read(o.path, this.#readPos, buf.subarray(0, want));
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return this.#finish();
      if (o.onBad === undefined) throw e;
      o.onBad(e);
      return this.#finish();
    }
    if (got === 0) return this.#finish();
    const nl = buf.subarray(0, got).indexOf(10);
    if (nl < 0) {
      this.#readPos += got;
      return;
    }
    this.#readPos += nl + 1;
    this.#skipping = false;
    this.#skipBuf = null;
    o.onProblem?.({
      path: o.path,
      line: ++this.#lineNo,
      offset: this.#skipFrom,
      reason: "line is longer than the reader's limit",
    });
    if (this.#readPos >= o.to) this.#finish();
  }

  #finish(): void {
    this.#done = true;
    this.#o.files.release(this.#o.path);
  }

  /** Tells `onProblem` of an event left out: its `at` gives it no event cursor. */
  #noPlace(line: number, offset: number): void {
    this.#o.onProblem?.(noCursorProblem(this.#o.path, line, offset));
  }

  /** Items of the complete lines in buf[0, end). */
  #lines(buf: Uint8Array, end: number, batchStart: number, out: FastItem[]): void {
    const o = this.#o;
    const reader = o.reader;
    const light = reader.lines;
    const foreign = reader.foreign;
    const c = light.checker;
    const after = this.#after;
    const number = this.task.number;
    let ls = 0;
    while (ls < end) {
      const le = c.eol(WINDOW_AT + ls, WINDOW_AT + end) - WINDOW_AT;
      const line = ++this.#lineNo;
      const s = ls;
      ls = le + 1;
      if (le === s) continue;
      if (reader.filtered && !reader.hasNeedle(WINDOW_AT + s, WINDOW_AT + le)) continue;
      let it: FastItem;
      if (light.read(WINDOW_AT + s, WINDOW_AT + le)) {
        if (light.schema < 2) continue;
        if (!placeOf(light, number)) {
          this.#noPlace(line, batchStart + s);
          continue;
        }
        it = new ByteItem(
          this.task,
          this.prefix,
          buf,
          s,
          le + 1,
          PLACE.sec,
          PLACE.nanos,
          light.seq,
          light.type,
          line,
          batchStart + le + 1,
        );
      } else if (foreign.read(c.memory, WINDOW_AT + s, WINDOW_AT + le)) {
        // Another serialiser's line: its read form, written as bytes.
        foreign.reset();
        if (foreign.schema < 2) continue;
        if (!placeOf(foreign, number)) {
          this.#noPlace(line, batchStart + s);
          continue;
        }
        const form = foreign.out.slice(foreign.start, foreign.end);
        it = new ByteItem(
          this.task,
          this.prefix,
          form,
          0,
          form.length,
          PLACE.sec,
          PLACE.nanos,
          foreign.seq < 0 ? 0 : foreign.seq,
          foreign.event.type,
          line,
          batchStart + le + 1,
        );
      } else {
        const text = lineText(buf.subarray(s, le));
        const d = decodeLine(text);
        if (!d.ok) {
          if (text.trim() !== "") {
            o.onProblem?.({ path: o.path, line, offset: batchStart, reason: d.reason });
          }
          continue;
        }
        if (d.env.schema < 2) continue;
        const cur = cursorOf(d.env, number);
        if (cur === null) {
          this.#noPlace(line, batchStart + s);
          continue;
        }
        const r = { env: d.env, upgraded: d.upgraded, text, line, end: batchStart + le + 1 };
        it = new RecordItem(this.task, this.prefix, r, cur);
      }
      if (
        after !== null &&
        (it.sec - after.sec || it.nanos - after.nanos || number - after.number ||
            it.seq - after.seq) <= 0
      ) continue;
      out.push(it);
    }
  }
}
