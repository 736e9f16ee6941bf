/**
 * Tailing one log: reading only the bytes appended since the last read, from
 * a byte offset on, in bounded memory.
 *
 * {@link LogTail} reads what is new, once, whenever it is asked. It holds
 * back a last line without its newline, and notices a log that was truncated
 * (its size fell below what was read) or replaced (another inode at the
 * path): it says so once, through `onReset`, and goes on from the start of
 * the new content. Each record it gives carries the byte offset just after
 * its line (`end`), so that a reader can keep its place in the log as a
 * number.
 *
 * Between reads the file stays open (at most {@link TAIL_FILES_MAX} tails of
 * the process hold one; the least recently read is closed first). A read of
 * an open file reads from its position on, without opening or stat'ing the
 * path: a project with a hundred logs written at once costs a read of each,
 * not an open, a stat, a seek, a read and a close. The path is looked at
 * again only when a read finds nothing new (the file may have been replaced,
 * truncated or deleted).
 *
 * The other parts of following one log: complete_lines.ts (where the complete
 * lines end), wakeup.ts, watch_dir.ts, open_files.ts, tail_log.ts (a log
 * followed until stopped).
 *
 * @module
 */
import { LineSplitter } from "../codec/lines.ts";
import { decodeLine } from "../codec/decode.ts";
import type {
  LightRecord,
  LogBatch,
  LogProblem,
  LogRecord,
  ReadRecord,
} from "../store/log_reader.ts";
import { openLogFile, openLogFileSync } from "../store/log_file.ts";
import type { OpenFiles } from "./open_files.ts";

/** A log that is not there (`openLogFile` gave null). */
function gone(path: string): never {
  throw new Deno.errors.NotFound(`No such file: ${path}`);
}

/** Options of {@link LogTail} (`L`: its light records; none without `light`). */
export interface LogTailOptions<L extends LightRecord = never> {
  /** Byte offset to start at; must be a line start. Default 0. */
  from?: number;
  /** Most bytes read by one {@link LogTail.read}. Default 1 MiB. */
  chunkBytes?: number;
  /** Longest line read, in bytes. Default 64 MiB. */
  lineBytesMax?: number;
  /** Cheap test on raw lines before they are parsed. Default: every line. */
  prefilter?: (line: string) => boolean;
  /** Called for each broken line. Default: ignored. */
  onProblem?: (p: LogProblem) => void;
  /** Called once each time the log was truncated or replaced. Default: ignored. */
  onReset?: (reset: TailReset) => void;
  /**
   * Reads a line in the light form before it is decoded in full (see
   * scan.ts's `lightLines`): records it gives are taken as they are.
   * Default: every line is decoded in full.
   */
  light?: (line: string) => L | null;
}

/** The log was cut or replaced: reading went back to its start. */
export interface TailReset {
  path: string;
  reason: "truncated" | "replaced";
  /** Where reading was before. */
  offset: number;
}

/** What one read of a tail gives. */
export interface TailBatch<R extends ReadRecord = LogRecord> extends LogBatch<R> {
  /**
   * Everything in the file was read and no line is half written: a decision
   * such as "the run has ended" can be taken on what was read so far.
   */
  caughtUp: boolean;
  /**
   * Everything in the file was read, though a last line may be half written
   * (then `caughtUp` is false): wait for a change before reading again.
   */
  atEnd: boolean;
}

/**
 * Reads what is appended to one log, never twice.
 *
 * @example
 * ```ts
 * const tail = new LogTail(".taskline/tasks/001-x/events.jsonl", { from: 0 });
 * const batch = await tail.read();
 * for (const r of batch.records) console.log(r.env.seq);
 * ```
 */
export class LogTail<L extends LightRecord = never> {
  readonly path: string;
  #offset: number;
  /** Bytes read so far: `offset` plus a held-back partial line. */
  #readPos: number;
  #ino: number | null = null;
  /** The file, open between reads (see the module documentation). */
  #file: Deno.FsFile | null = null;
  /** The file was found missing after it had been read. */
  #gone = false;
  /** The last read ended inside a half-written last line. */
  #heldAtEnd = false;
  #splitter: LineSplitter;
  #lineNo: number;
  /** The size of the file (or `to`) at the last read. */
  #size = 0;
  readonly #chunkBytes: number;
  readonly #options: LogTailOptions<L>;

  constructor(path: string, options: LogTailOptions<L> = {}) {
    this.path = path;
    this.#options = options;
    this.#offset = options.from ?? 0;
    this.#readPos = this.#offset;
    this.#lineNo = this.#offset === 0 ? 0 : -1;
    this.#splitter = new LineSplitter({
      offset: this.#offset,
      lineBytesMax: options.lineBytesMax,
    });
    // No buffer is kept between reads: a project of thousands of tails
    // would hold one each, and most reads are of a few appended lines.
    this.#chunkBytes = options.chunkBytes ?? 1024 * 1024;
  }

  /** Byte offset just after the last complete line read. */
  get offset(): number {
    return this.#offset;
  }

  #restart(reason: TailReset["reason"]) {
    this.#options.onReset?.({ path: this.path, reason, offset: this.#offset });
    this.#offset = 0;
    this.#readPos = 0;
    this.#lineNo = 0;
    this.#splitter = new LineSplitter({ offset: 0, lineBytesMax: this.#options.lineBytesMax });
  }

  /**
   * Reads at most `chunkBytes` of what was appended since the last read.
   * A missing file reads as empty (and caught up). `to` caps the read at a
   * byte offset (a line start), for replays of a snapshot.
   */
  async read(options: { to?: number } = {}): Promise<TailBatch<LogRecord | L>> {
    if (options.to === undefined) {
      if (this.#file !== null) {
        const b = this.#readOpen();
        if (b !== null) return b;
      }
      // Nothing new in the open file, or none is open: when the path is
      // still the file read, of the size read, nothing was appended, cut or
      // replaced (one lstat; a poll of thousands of quiet logs opens none).
      const size = this.#sizeIfSame();
      if (size !== null) {
        this.#size = size;
        return this.#finish(new Uint8Array(0));
      }
    }
    this.#closeFile();
    let file: Deno.FsFile;
    try {
      file = await openLogFile(this.path) ?? gone(this.path);
    } catch (e) {
      return this.#missing(e);
    }
    let keep = false;
    try {
      const st = await file.stat();
      const want = this.#prepare(st, options.to);
      // Kept open for the next read: only a regular file, whose reads never block.
      keep = options.to === undefined && st.isFile;
      if (want <= 0) return this.#finish(new Uint8Array(0));
      await file.seek(this.#readPos, Deno.SeekMode.Start);
      const buf = new Uint8Array(want);
      let got = 0;
      while (got < want) {
        const n = await file.read(buf.subarray(got, want));
        if (n === null || n === 0) break;
        got += n;
      }
      return this.#finish(buf.subarray(0, got));
    } finally {
      if (keep) this.#keepFile(file);
      else file.close();
    }
  }

  /**
   * A read of the file kept open since the last read, from where that read
   * ended: no open, no stat. Null when it found nothing new, so that the
   * caller looks at the path (replaced, truncated or deleted?).
   */
  #readOpen(): TailBatch<LogRecord | L> | null {
    const file = this.#file!;
    touch(this);
    if (this.#heldAtEnd) {
      // A half-written last line may have been cut and written again: read it again.
      this.#readPos = this.#offset;
      this.#splitter = new LineSplitter({
        offset: this.#offset,
        lineBytesMax: this.#options.lineBytesMax,
      });
    }
    const buf = scratch(this.#chunkBytes);
    let got = 0;
    try {
      file.seekSync(this.#readPos, Deno.SeekMode.Start);
      // A regular file returns less than asked only at its end.
      while (got < buf.length) {
        const n = file.readSync(buf.subarray(got));
        if (n === null || n === 0) break;
        got += n;
        if (got < buf.length) break;
      }
    } catch {
      return null;
    }
    if (got === 0) return null;
    this.#size = got < buf.length ? this.#readPos + got : Infinity;
    return this.#finish(buf.subarray(0, got));
  }

  /**
   * The size of the file at the path when it is the file read so far (same
   * inode, a regular file) and has exactly the bytes read: null otherwise,
   * or after a half-written last line (it may have been cut and written
   * again to the same size). A tail that has not read yet takes the file
   * at the path as its file, as its first read would.
   */
  #sizeIfSame(): number | null {
    if (this.#gone || this.#heldAtEnd) return null;
    let st: Deno.FileInfo;
    try {
      st = Deno.lstatSync(this.path);
    } catch {
      return null;
    }
    if (!st.isFile || st.size !== this.#readPos) return null;
    if (this.#ino === null) this.#ino = st.ino;
    return st.ino === this.#ino ? st.size : null;
  }

  #keepFile(file: Deno.FsFile) {
    this.#file = file;
    touch(this);
  }

  #closeFile() {
    if (this.#file === null) return;
    const f = this.#file;
    this.#file = null;
    openTails.delete(this);
    try {
      f.close();
    } catch { /* closed already */ }
  }

  /** Closes the file kept open between reads (it is opened again by the next read). */
  close(): void {
    this.#closeFile();
  }

  /**
   * {@link read} with synchronous file operations: for replays that read
   * many logs one small chunk at a time (the merge of every task), where an
   * asynchronous open, stat, seek and read per chunk costs more than the
   * chunk's content.
   */
  readSync(options: { to?: number; files?: OpenFiles } = {}): TailBatch<LogRecord | L> {
    let file: Deno.FsFile;
    try {
      file = options.files?.get(this.path) ?? openLogFileSync(this.path) ?? gone(this.path);
    } catch (e) {
      return this.#missing(e);
    }
    try {
      const want = this.#prepare(file.statSync(), options.to);
      if (want <= 0) return this.#finish(new Uint8Array(0));
      file.seekSync(this.#readPos, Deno.SeekMode.Start);
      const buf = new Uint8Array(want);
      let got = 0;
      while (got < want) {
        const n = file.readSync(buf.subarray(got, want));
        if (n === null || n === 0) break;
        got += n;
      }
      return this.#finish(buf.subarray(0, got));
    } finally {
      if (!options.files) file.close();
    }
  }

  #missing(e: unknown): TailBatch<LogRecord | L> {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
    // Deleted: a file that appears later is new content, even when the
    // file system gives it the same inode number again.
    if (this.#ino !== null) this.#gone = true;
    this.#size = this.#offset;
    return { records: [], end: this.#offset, caughtUp: true, atEnd: true };
  }

  /** Notices a replaced or truncated file; returns how many bytes to read. */
  #prepare(st: Deno.FileInfo, to: number | undefined): number {
    if (this.#gone || (this.#ino !== null && st.ino !== null && st.ino !== this.#ino)) {
      this.#gone = false;
      this.#restart("replaced");
    } else if (st.size < this.#offset) {
      this.#restart("truncated");
    } else if (st.size < this.#readPos || this.#heldAtEnd) {
      // Only the held-back partial line was cut (a writer repaired a torn
      // line), or it may have been: read again from the last complete line,
      // silently. A repair may cut it and append more than was cut before
      // this read, so the size alone cannot tell; the bytes held back would
      // be glued to the middle of the next event.
      this.#readPos = this.#offset;
      this.#splitter = new LineSplitter({
        offset: this.#offset,
        lineBytesMax: this.#options.lineBytesMax,
      });
    }
    this.#ino = st.ino;
    this.#size = to === undefined ? st.size : Math.min(st.size, to);
    return Math.min(this.#chunkBytes, this.#size - this.#readPos);
  }

  /** Decodes the complete lines of what was read; each record gets the offset after its line. */
  #finish(bytes: Uint8Array): TailBatch<LogRecord | L> {
    const records: (LogRecord | L)[] = [];
    if (bytes.length > 0) {
      const batchStart = this.#offset;
      const bytesStart = this.#readPos;
      this.#readPos += bytes.length;
      const { lines, end } = this.#splitter.push(bytes);
      const prefilter = this.#options.prefilter;
      // Each complete line ends at one newline of the bytes read, in order.
      let nl = -1;
      for (const text of lines) {
        nl = bytes.indexOf(10, nl + 1);
        if (this.#lineNo >= 0) this.#lineNo++;
        if (text === "" || (prefilter && !prefilter(text))) continue;
        const line = Math.max(this.#lineNo, 0);
        const lineEnd = nl >= 0 ? bytesStart + nl + 1 : end;
        const light = this.#options.light?.(text);
        if (light) {
          light.line = line;
          light.end = lineEnd;
          records.push(light);
          continue;
        }
        const d = decodeLine(text);
        if (d.ok) records.push({ env: d.env, upgraded: d.upgraded, text, line, end: lineEnd });
        else if (text.trim() !== "") {
          this.#options.onProblem?.({
            path: this.path,
            line,
            offset: batchStart,
            reason: d.reason,
          });
        }
      }
      this.#offset = end;
    }
    const atEnd = this.#readPos >= this.#size;
    const caughtUp = atEnd && this.#splitter.pendingBytes === 0;
    this.#heldAtEnd = atEnd && !caughtUp;
    return { records, end: this.#offset, caughtUp, atEnd };
  }
}

/** Most tails of the process that keep their file open between reads. */
export const TAIL_FILES_MAX = 256;

/** Tails holding an open file, least recently read first. */
const openTails = new Map<LogTail<LightRecord>, true>();

function touch(t: LogTail<LightRecord>) {
  openTails.delete(t);
  openTails.set(t, true);
  if (openTails.size > TAIL_FILES_MAX) openTails.keys().next().value!.close();
}

/** Read buffers of open-file reads, by size: the bytes are decoded before the next read. */
const scratches = new Map<number, Uint8Array>();

function scratch(bytes: number): Uint8Array {
  let b = scratches.get(bytes);
  if (b === undefined) {
    if (scratches.size >= 8) scratches.clear();
    b = new Uint8Array(bytes);
    scratches.set(bytes, b);
  }
  return b;
}
