/**
 * Tailing one log: reading only the bytes appended since the last read, from
 * a byte offset on, in bounded memory.
 *
 * - {@link LogTail} reads what is new, once, whenever it is asked. It opens
 *   the file for each read (so a process can tail thousands of logs without
 *   holding thousands of descriptors), holds back a last line without its
 *   newline, and notices a log that was truncated (its size fell below what
 *   was read) or replaced (another inode at the path): it says so once, through
 *   `onReset`, and goes on from the start of the new content.
 * - {@link Wakeup} and {@link watchDir} turn file system notifications into
 *   wake-ups; {@link tailLog} puts them together for one log: read, and when
 *   caught up wait for a notification, or the slow poll that covers missed
 *   notifications.
 *
 * @module
 */
import { decodeLine } from "../codec/decode.ts";
import { LineSplitter } from "../codec/lines.ts";
import type { LogBatch, LogProblem, LogRecord } from "../store/log_reader.ts";
import { openLogFile, openLogFileSync } from "../store/log_file.ts";

/** A log that is not there (`openLogFile` gave null). */
function gone(path: string): never {
  throw new Deno.errors.NotFound(`No such file: ${path}`);
}

/** Options of {@link LogTail}. */
export interface LogTailOptions {
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
   * scan.ts's `lightLines`): records it gives have a light `env` and their
   * `--json` text. Default: every line is decoded in full.
   */
  light?: (line: string) => LogRecord | null;
}

/** The log was cut or replaced: reading went back to its start. */
export interface TailReset {
  path: string;
  reason: "truncated" | "replaced";
  /** Where reading was before. */
  offset: number;
}

/** What one read of a tail gives. */
export interface TailBatch extends LogBatch {
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
export class LogTail {
  readonly path: string;
  #offset: number;
  /** Bytes read so far: `offset` plus a held-back partial line. */
  #readPos: number;
  #ino: number | null = null;
  /** The file was found missing after it had been read. */
  #gone = false;
  /** The last read ended inside a half-written last line. */
  #heldAtEnd = false;
  #splitter: LineSplitter;
  #lineNo: number;
  /** The size of the file (or `to`) at the last read. */
  #size = 0;
  readonly #chunkBytes: number;
  readonly #options: LogTailOptions;

  constructor(path: string, options: LogTailOptions = {}) {
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
  async read(options: { to?: number } = {}): Promise<TailBatch> {
    let file: Deno.FsFile;
    try {
      file = await openLogFile(this.path) ?? gone(this.path);
    } catch (e) {
      return this.#missing(e);
    }
    try {
      const want = this.#prepare(await file.stat(), options.to);
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
      file.close();
    }
  }

  /**
   * {@link read} with synchronous file operations: for replays that read
   * many logs one small chunk at a time (the merge of every task), where an
   * asynchronous open, stat, seek and read per chunk costs more than the
   * chunk's content.
   */
  readSync(options: { to?: number; files?: OpenFiles } = {}): TailBatch {
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

  #missing(e: unknown): TailBatch {
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

  /** Decodes the complete lines of what was read. */
  #finish(bytes: Uint8Array): TailBatch {
    const records: LogRecord[] = [];
    if (bytes.length > 0) {
      const batchStart = this.#offset;
      this.#readPos += bytes.length;
      const { lines, end } = this.#splitter.push(bytes);
      const prefilter = this.#options.prefilter;
      for (const text of lines) {
        if (this.#lineNo >= 0) this.#lineNo++;
        if (text === "" || (prefilter && !prefilter(text))) continue;
        const line = Math.max(this.#lineNo, 0);
        const light = this.#options.light?.(text);
        if (light) {
          light.line = line;
          records.push(light);
          continue;
        }
        const d = decodeLine(text);
        if (d.ok) records.push({ env: d.env, upgraded: d.upgraded, text, line });
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

/**
 * The end of the last complete line of a file (its size, unless a line is
 * being written); 0 when it does not exist.
 */
export async function completeLinesEnd(path: string): Promise<number> {
  const file = await openLogFile(path);
  if (file === null) return 0;
  try {
    let pos = (await file.stat()).size;
    const buf = new Uint8Array(64 * 1024);
    while (pos > 0) {
      const start = Math.max(0, pos - buf.length);
      await file.seek(start, Deno.SeekMode.Start);
      let got = 0;
      while (got < pos - start) {
        const n = await file.read(buf.subarray(got, pos - start));
        if (n === null || n === 0) break;
        got += n;
      }
      const i = buf.subarray(0, got).lastIndexOf(10);
      if (i >= 0) return start + i + 1;
      pos = start;
    }
    return 0;
  } finally {
    file.close();
  }
}

/**
 * A latch to wait on: {@link wake} before {@link wait} is not lost.
 */
export class Wakeup {
  #pending = false;
  #resolve: (() => void) | null = null;

  /** Wakes the current or the next waiter. */
  wake(): void {
    if (this.#resolve) {
      const r = this.#resolve;
      this.#resolve = null;
      r();
    } else this.#pending = true;
  }

  /**
   * Waits until woken, at most `timeoutMs`. Rejects with the signal's reason
   * when it is aborted.
   */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.#pending) {
      this.#pending = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        this.#resolve = null;
      };
      const onAbort = () => {
        done();
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        done();
        resolve();
      }, timeoutMs);
      this.#resolve = () => {
        done();
        resolve();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}

/**
 * Calls `onChange` with the paths of each file system notification under
 * `dir` (recursively) until the returned function is called or `signal` is
 * aborted. A directory that cannot be watched (it does not exist yet, or the
 * system is out of watches) is not an error: callers poll as well.
 */
export function watchDir(
  dir: string,
  onChange: (paths: string[]) => void,
  options: { signal?: AbortSignal; recursive?: boolean } = {},
): () => void {
  let watcher: Deno.FsWatcher | null = null;
  try {
    watcher = Deno.watchFs(dir, { recursive: options.recursive ?? true });
  } catch {
    return () => {};
  }
  const w = watcher;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener("abort", close);
    try {
      w.close();
    } catch { /* closed already */ }
  };
  options.signal?.addEventListener("abort", close, { once: true });
  (async () => {
    try {
      for await (const ev of w) onChange(ev.paths);
    } catch { /* the watcher went away: polling goes on */ }
  })();
  return close;
}

/** Options of {@link tailLog}. */
/**
 * Files kept open between reads, the least recently read closed beyond a
 * bound: a replay of many logs reads each a small chunk at a time, and
 * opening a file per chunk cost more than reading it. A file replaced
 * meanwhile is read as it was when opened (a replay reads a snapshot).
 *
 * @example
 * ```ts
 * const files = new OpenFiles();
 * try {
 *   const batch = new LogTail(path).readSync({ files });
 * } finally {
 *   files.close();
 * }
 * ```
 */
export class OpenFiles {
  readonly #files = new Map<string, Deno.FsFile>();
  readonly #filesMax: number;

  /** `filesMax`: files open at once at most (well under the usual limit of 1,024). Default 256. */
  constructor(filesMax = 256) {
    this.#filesMax = filesMax;
  }

  /** The open file of `path`, opened now when it is not. */
  get(path: string): Deno.FsFile {
    let file = this.#files.get(path);
    if (file !== undefined) {
      this.#files.delete(path);
    } else {
      file = openLogFileSync(path) ?? gone(path);
      if (this.#files.size >= this.#filesMax) {
        const [oldest, f] = this.#files.entries().next().value!;
        this.#files.delete(oldest);
        f.close();
      }
    }
    this.#files.set(path, file);
    return file;
  }

  /** Closes `path`'s file, when it is open. */
  release(path: string): void {
    this.#files.get(path)?.close();
    this.#files.delete(path);
  }

  /** Closes every file. */
  close(): void {
    for (const f of this.#files.values()) f.close();
    this.#files.clear();
  }
}

export interface TailLogOptions extends LogTailOptions {
  /** The slow poll that covers missed notifications, in ms. Default 1000. */
  pollIntervalMs?: number;
  /** Stops the tail (the generator rejects with the signal's reason). */
  signal?: AbortSignal;
}

/**
 * Follows one log: yields what is appended as it is appended, forever (until
 * `signal` is aborted or the consumer stops). A batch with `caughtUp` is
 * yielded each time the reader reaches the end, even when it is empty, so
 * that the consumer can decide to stop.
 *
 * @example
 * ```ts
 * for await (const b of tailLog(path, { from: 0, signal })) {
 *   for (const r of b.records) print(r);
 *   if (b.caughtUp && done()) break;
 * }
 * ```
 */
export async function* tailLog(
  path: string,
  options: TailLogOptions = {},
): AsyncGenerator<TailBatch> {
  const tail = new LogTail(path, options);
  const wakeup = new Wakeup();
  const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".";
  const stopWatch = watchDir(dir, () => wakeup.wake(), {
    signal: options.signal,
    recursive: false,
  });
  try {
    for (;;) {
      options.signal?.throwIfAborted();
      const b = await tail.read();
      if (b.records.length > 0 || b.caughtUp) yield b;
      // At the end (a half-written line included: a killed writer may leave
      // one until its resume) wait for a change rather than spin.
      if (b.atEnd) await wakeup.wait(options.pollIntervalMs ?? 1000, options.signal);
    }
  } finally {
    stopWatch();
  }
}
