/**
 * The replica's files as `mirror` writes them: what a batch of messages
 * brings (`task.json`, kept outputs, log lines at their offsets), written at
 * once, files first, then one append a log.
 *
 * @module
 */
import {
  BadLogFile,
  checkLogFileSync,
  lastNewlineBeforeSync,
  readRegularFileSync,
} from "../store/log_file.ts";
import { concatBytes } from "../codec/lines.ts";
import { type StateDir, writeFileAtomicSync } from "../store/state_dir.ts";
import type { MirrorStats } from "./mirror.ts";
import { bytesEqual } from "./raw_lines.ts";
import type { Reports } from "./reports.ts";
import { countLines } from "./wire.ts";

/** A log of the replica. */
interface LogFile {
  /** Bytes on disk. */
  size: number;
  /** Bytes queued to be appended. */
  queued: Uint8Array[];
  queuedBytes: number;
  gapReported: boolean;
  /** Why this replica log is not written (not a regular file); null when it is. */
  bad: string | null;
}

/** Options of {@link ReplicaWriter}. */
export interface ReplicaWriterOptions {
  /** Counts what is written, and the lines already there. */
  stats: MirrorStats;
  /** Tells of a file that is not a regular file (once each). */
  reports: Reports;
  /** Tells of lines missing from the stream. Default: ignored. */
  onReport?: (message: string) => void;
}

/**
 * What a batch of messages writes into the replica.
 *
 * @example
 * ```ts
 * writer.file(state.taskJsonPath(dir), bytes);
 * writer.append(dir, { offset: 0, data: lines, seq: 7 });
 * writer.flush();
 * ```
 */
export class ReplicaWriter {
  readonly #state: StateDir;
  readonly #stats: MirrorStats;
  readonly #reports: Reports;
  readonly #onReport: ((message: string) => void) | undefined;
  readonly #logs = new Map<string, LogFile>();
  /** Files to write before the lines of the batch: path -> bytes. */
  readonly #files = new Map<string, Uint8Array>();
  readonly #madeDirs = new Set<string>();
  #batchBytes = 0;

  constructor(state: StateDir, options: ReplicaWriterOptions) {
    this.#state = state;
    this.#stats = options.stats;
    this.#reports = options.reports;
    this.#onReport = options.onReport;
  }

  /** Bytes of the batch not written yet. */
  get batchBytes(): number {
    return this.#batchBytes;
  }

  /** A file to write (atomically) before the lines of the batch. */
  file(path: string, bytes: Uint8Array): void {
    this.#files.set(path, bytes);
    this.#batchBytes += bytes.length;
  }

  #log(mdir: string): LogFile {
    let f = this.#logs.get(mdir);
    if (f) return f;
    let size = 0;
    let bad: string | null = null;
    try {
      size = repairTail(this.#state.logPath(mdir), { root: this.#state.root });
    } catch (e) {
      if (!(e instanceof BadLogFile)) throw e;
      // Never opened (a FIFO would hold the mirror): this task alone is left.
      bad = e.message;
      this.#reports.say(
        `bad:${e.path}`,
        `task ${mdir}: ${e.message}: its lines are not written (remove it, and mirror.json, to read the stream again from its start)`,
      );
    }
    f = { size, queued: [], queuedBytes: 0, gapReported: false, bad };
    this.#logs.set(mdir, f);
    return f;
  }

  /**
   * Queues the lines of a message (one line, or several of a batch; `seq`:
   * the message's stream sequence) at `offset`; what is already here is
   * skipped.
   */
  append(mdir: string, lines: { offset: number; data: Uint8Array; seq: number }): void {
    let { offset } = lines;
    const { data, seq } = lines;
    const f = this.#log(mdir);
    if (f.bad !== null) return;
    const end = f.size + f.queuedBytes;
    let line = data;
    if (offset + line.length <= end) {
      this.#stats.skipped++;
      return;
    }
    if (offset < end && line[end - offset - 1] === 10) {
      // A batch that starts with lines already here (`ship` sent its lines
      // again with other bounds): the lines after them.
      line = line.subarray(end - offset);
      offset = end;
    }
    if (offset !== end) {
      if (!f.gapReported) {
        f.gapReported = true;
        this.#onReport?.(
          `task ${mdir}: message ${seq} of the stream has a line at byte ${offset} but the log here ends at ${end}: lines are missing from the stream; later lines of this task are not written`,
        );
      }
      return;
    }
    f.queued.push(line);
    f.queuedBytes += line.length;
    this.#batchBytes += line.length;
    this.#stats.lines += countLines(line);
    this.#stats.bytes += line.length;
  }

  #ensureDir(dir: string) {
    if (this.#madeDirs.has(dir)) return;
    Deno.mkdirSync(dir, { recursive: true });
    this.#madeDirs.add(dir);
  }

  /** Writes the batch: files first, then the lines, one append a log. */
  flush(): void {
    for (const [path, bytes] of this.#files) {
      this.#ensureDir(path.slice(0, path.lastIndexOf("/")));
      let same = false;
      try {
        const here = readRegularFileSync(path, { root: this.#state.root });
        same = here !== null && bytesEqual(here, bytes);
      } catch (e) {
        if (e instanceof BadLogFile) {
          // Never opened, nor replaced: named, and the other files go on.
          this.#reports.say(`bad:${e.path}`, `${e.message}: it is not written`);
          continue;
        }
        // Unreadable: written again.
      }
      if (!same) writeFileAtomicSync(path, bytes);
    }
    this.#files.clear();
    for (const [mdir, f] of this.#logs) {
      if (f.queuedBytes === 0) continue;
      this.#ensureDir(this.#state.taskDir(mdir));
      const all = concatBytes(f.queued, f.queuedBytes);
      const file = Deno.openSync(this.#state.logPath(mdir), { append: true, create: true });
      try {
        let done = 0;
        while (done < all.length) done += file.writeSync(all.subarray(done));
      } finally {
        file.close();
      }
      f.size += f.queuedBytes;
      f.queued = [];
      f.queuedBytes = 0;
    }
    this.#batchBytes = 0;
  }
}

/**
 * Cuts a torn last line (one without its newline) off a log; returns the
 * size that is left (0 when there is no log).
 */
export function repairTail(path: string, options: { root?: string } = {}): number {
  // lstat first: what is not a regular file inside .taskline/ is never opened.
  if (checkLogFileSync(path, options) === null) return 0;
  let file: Deno.FsFile;
  try {
    file = Deno.openSync(path, { read: true, write: true });
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return 0;
    throw e;
  }
  try {
    const st = file.statSync();
    if (!st.isFile) throw new BadLogFile(path, "other");
    const size = st.size;
    const pos = lastNewlineBeforeSync(file, size) + 1;
    if (pos < size) file.truncateSync(pos);
    return pos;
  } finally {
    file.close();
  }
}
