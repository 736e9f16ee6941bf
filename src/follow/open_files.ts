/**
 * A bounded set of files kept open between the reads of a replay.
 *
 * @module
 */
import { openLogFileSync } from "../store/log_file.ts";
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
      // Checked before it is opened: a FIFO or a link out throws BadLogFile.
      file = openLogFileSync(path) ?? undefined;
      if (file === undefined) throw new Deno.errors.NotFound(`No such file: ${path}`);
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
