/**
 * A bounded set of logs kept open between the reads of a replay.
 *
 * @module
 */
import { lastNewlineBeforeSync, openLogFileSync } from "../store/log_file.ts";

/** An open log and where its next read starts (-1: not known, a seek first). */
interface OpenLog {
  file: Deno.FsFile;
  pos: number;
}

/**
 * Logs kept open between reads, the least recently read closed beyond a
 * bound: a replay of many logs reads each a small chunk at a time, and
 * opening a file per chunk cost more than reading it. A read at the file's
 * position needs no seek. A file replaced meanwhile is read as it was when
 * opened (a replay reads a snapshot).
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
   * The open file of `path`, opened now when it is not, for a reader that
   * seeks in it itself.
   *
   * @throws Deno.errors.NotFound when it does not exist.
   */
  get(path: string): Deno.FsFile {
    const log = this.#get(path);
    if (log === null) throw new Deno.errors.NotFound(`No such file: ${path}`);
    log.pos = -1;
    return log.file;
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
