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
import { type Decoded, decodeLine } from "../codec/decode.ts";
import { JsonChecker } from "../codec/json_check.ts";
import { ForeignLines } from "../codec/foreign_line.ts";
import { LightLines } from "../codec/light_line.ts";
import { lineText } from "../codec/lines.ts";
import { taggedText } from "../codec/read_form.ts";
import { type Cursor, cursorOf, formatCursor } from "../contract/cursor.ts";
import type { LogProblem, LogRecord, ReadRecord } from "../store/log_reader.ts";
import { lastNewlineBeforeSync, openLogFileSync } from "../store/log_file.ts";
import type { Task } from "../store/tasks.ts";

/** One event of the feed. */
export interface FeedItem<R extends ReadRecord = LogRecord> {
  task: Task;
  /** The decoded event and its log line (light only in a feed read for `--json`). */
  record: R;
  cursor: Cursor;
  /** The cursor as text (the SSE id). */
  readonly cursorText: string;
}

/**
 * An item whose cursor is also held as numbers and whose tagged line can be
 * had without decoding it: what the merge and the byte output use.
 */
export interface FastItem extends FeedItem {
  /** The cursor's time: seconds since the epoch (floor) and nanoseconds. */
  readonly sec: number;
  readonly nanos: number;
  /** The cursor's seq (0 when the event has none). */
  readonly seq: number;
  /** The event's type. */
  readonly type: string;
  /** The tagged envelope as one line of JSON, without its newline. */
  taggedText(): string;
  /**
   * The tagged line's bytes (with its newline) as two ranges: the task's
   * prefix and the rest of the original line; null when it has no bytes of
   * its own (its `taggedText` is encoded).
   */
  readonly bytes: Uint8Array | null;
  readonly start: number;
  readonly end: number;
  readonly prefix: Uint8Array;
  /** The offset in its log just after its line (where a reader of that log stands after it). */
  readonly fileEnd: number;
}

/** Orders fast items by cursor. */
export function compareItems(a: FastItem, b: FastItem): number {
  return a.sec - b.sec || a.nanos - b.nanos || a.task.number - b.task.number || a.seq - b.seq;
}

const NS = 1_000_000_000n;

function split(ns: bigint): [number, number] {
  let sec = ns / NS;
  let nanos = ns % NS;
  if (nanos < 0n) {
    sec -= 1n;
    nanos += NS;
  }
  return [Number(sec), Number(nanos)];
}

/** A cursor as the numbers fast items compare with. */
export function cursorNumbers(c: Cursor): { sec: number; nanos: number } {
  const [sec, nanos] = split(c.ns);
  return { sec, nanos };
}

const encoder = new TextEncoder();

/** The bytes a tagged line of `task` starts with: `{"task":"<id>","number":N,`. */
export function taggedPrefix(task: Task): Uint8Array {
  return encoder.encode(`{"task":${JSON.stringify(task.id)},"number":${task.number},`);
}

/**
 * A line in its own read form: its bytes, and its record decoded only when
 * asked for. Or a line of another serialiser's form read by the foreign
 * reader: its read form's bytes instead (its record's `text` is then its
 * read form, which decodes to the same record).
 */
class ByteItem implements FastItem {
  #record: LogRecord | undefined;
  #cursor: Cursor | undefined;
  constructor(
    readonly task: Task,
    readonly prefix: Uint8Array,
    readonly bytes: Uint8Array,
    /** The line's bytes in `bytes`: [start, end), its newline included. */
    readonly start: number,
    readonly end: number,
    readonly sec: number,
    readonly nanos: number,
    readonly seq: number,
    readonly type: string,
    readonly line: number,
    /** The offset in its log just after its line. */
    readonly fileEnd: number,
  ) {}

  get record(): LogRecord {
    if (this.#record === undefined) {
      const text = lineText(this.bytes.subarray(this.start, this.end - 1));
      const d = decodeLine(text) as Extract<Decoded, { ok: true }>;
      this.#record = {
        env: d.env,
        upgraded: d.upgraded,
        text,
        line: this.line,
        end: this.fileEnd,
      };
    }
    return this.#record;
  }

  get cursor(): Cursor {
    return this.#cursor ??= {
      ns: BigInt(this.sec) * NS + BigInt(this.nanos),
      number: this.task.number,
      seq: this.seq,
    };
  }

  get cursorText(): string {
    return formatCursor(this.cursor);
  }

  taggedText(): string {
    // The prefix ends with a comma: the line goes on after its "{".
    return lineText(this.prefix) + lineText(this.bytes.subarray(this.start + 1, this.end - 1));
  }
}

/** A line decoded in full. */
class RecordItem implements FastItem {
  readonly sec: number;
  readonly nanos: number;
  readonly seq: number;
  readonly type: string;
  readonly bytes = null;
  readonly start = 0;
  readonly end = 0;
  #cursorText: string | undefined;
  constructor(
    readonly task: Task,
    readonly prefix: Uint8Array,
    readonly record: LogRecord,
    readonly cursor: Cursor,
  ) {
    [this.sec, this.nanos] = split(cursor.ns);
    this.seq = cursor.seq;
    this.type = record.env.event.type;
  }
  get cursorText(): string {
    return this.#cursorText ??= formatCursor(this.cursor);
  }
  get fileEnd(): number {
    return this.record.end ?? 0;
  }
  taggedText(): string {
    return taggedText(this.record, this.task);
  }
}

/**
 * Chunk buffers lent to sources and given back when every item made from
 * one was handed out and its batch taken (see {@link BufferPool.release}):
 * a fresh buffer per chunk of thousands of logs costs more than the chunk.
 */
export class BufferPool {
  readonly #free: Uint8Array[] = [];
  /** Items still out, by buffer. */
  readonly #out = new Map<Uint8Array, number>();
  /** `bytes`: the size of each buffer. */
  constructor(readonly bytes: number, readonly freeMax = 4096) {}

  /** A buffer of at least `n` bytes (pooled when `n` is the pool's size or less). */
  take(n: number): Uint8Array {
    if (n > this.bytes) return new Uint8Array(n);
    return this.#free.pop() ?? new Uint8Array(this.bytes);
  }

  /** `count` items were made from `buf` (0: it is given back now). */
  lend(buf: Uint8Array, count: number): void {
    if (buf.length !== this.bytes) return;
    if (count === 0) this.#giveBack(buf);
    else this.#out.set(buf, count);
  }

  /** The items of a batch were used: their buffers come back once none is out. */
  release(items: readonly FastItem[]): void {
    for (const it of items) {
      const buf = it.bytes;
      if (buf === null) continue;
      const n = this.#out.get(buf);
      if (n === undefined) continue;
      if (n > 1) this.#out.set(buf, n - 1);
      else {
        this.#out.delete(buf);
        this.#giveBack(buf);
      }
    }
  }

  #giveBack(buf: Uint8Array): void {
    if (this.#free.length < this.freeMax) this.#free.push(buf);
  }
}

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

/** An open log and where its next read starts. */
interface OpenLog {
  file: Deno.FsFile;
  pos: number;
}

/**
 * Logs kept open between reads, the least recently read closed beyond a
 * bound; a read at the file's position needs no seek. A replay reads a
 * snapshot: a file replaced meanwhile is read as it was when opened.
 */
export class LogFiles {
  readonly #open = new Map<string, OpenLog>();
  readonly #filesMax: number;

  /** `filesMax`: files open at once at most (well under the usual limit of 1,024). Default 256. */
  constructor(filesMax = 256) {
    this.#filesMax = filesMax;
  }

  /** `path`'s open file, opened now if it is not (the most recently used); null when it does not exist. */
  #get(path: string): OpenLog | null {
    let log = this.#open.get(path);
    if (log !== undefined) this.#open.delete(path);
    else {
      // Checked before it is opened: a FIFO or a link out throws BadLogFile.
      const file = openLogFileSync(path);
      if (file === null) return null;
      log = { file, pos: 0 };
      if (this.#open.size >= this.#filesMax) {
        const [oldest, l] = this.#open.entries().next().value!;
        this.#open.delete(oldest);
        l.file.close();
      }
    }
    this.#open.set(path, log);
    return log;
  }

  /**
   * Where the complete lines of `path` end, as completeLinesEnd says (0
   * when it does not exist), with the file it opens kept for the reads that
   * follow: a replay of thousands of logs opens each once.
   */
  completeEnd(path: string): number {
    const log = this.#get(path);
    if (log === null) return 0;
    log.pos = -1;
    return lastNewlineBeforeSync(log.file, log.file.statSync().size) + 1;
  }

  /** Reads into `buf` from byte `at` of `path` (until full or the end); how many bytes came. */
  read(path: string, at: number, buf: Uint8Array): number {
    const log = this.#get(path);
    if (log === null) throw new Deno.errors.NotFound(path);
    if (log.pos !== at) log.file.seekSync(at, Deno.SeekMode.Start);
    let got = 0;
    while (got < buf.length) {
      const n = log.file.readSync(buf.subarray(got));
      if (n === null || n === 0) break;
      got += n;
    }
    log.pos = at + got;
    return got;
  }

  /** Closes `path`'s file, when it is open. */
  release(path: string): void {
    this.#open.get(path)?.file.close();
    this.#open.delete(path);
  }

  /** Closes every file. */
  close(): void {
    for (const l of this.#open.values()) l.file.close();
    this.#open.clear();
  }
}

/** A reader of lines as bytes, of its last line's `at`. */
interface TimedReader {
  time(): boolean | null;
  readonly sec: number;
  readonly nanos: number;
  at(): string;
}

/**
 * The problem of a line of schema 2 or above whose `at` gives it no event
 * cursor: it is left out of the merge of every task (with a warning, never
 * silently), and `events <TASK>` still shows it.
 */
export function noCursorProblem(path: string, line: number, offset: number): LogProblem {
  return {
    path,
    line,
    offset,
    reason: "its `at` is not a UTC timestamp of 1970 or later, so it has no event cursor; " +
      "`events <TASK>` shows it",
  };
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
  [PLACE.sec, PLACE.nanos] = split(cur.ns);
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
  /** Items with a cursor strictly after this only. */
  after?: Cursor;
  /** Items kept sorted ahead of the merge. */
  lookahead: number;
  /** Bytes read at a time. */
  chunkBytes: number;
  files: LogFiles;
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
 * and items as a reader of records would give (see feed.ts's Source).
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
    this.#after = o.after
      ? { ...cursorNumbers(o.after), number: o.after.number, seq: o.after.seq }
      : null;
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
