/**
 * The cache of log summaries, keyed by each log's size, modification time
 * and inode: a repeated `history --all --json` on unchanged logs reads none
 * of them.
 *
 * Two levels:
 * - in memory (the server keeps one {@link HistoryCache} for its life), at
 *   most `entriesMax` logs, least recently used dropped first;
 * - on disk in `.taskline/cache/history/<task dir>.json` (for the CLI, whose
 *   process ends after each command). Each file holds the key it was made
 *   for and {@link SUMMARY_VERSION}; a file that does not parse, has another
 *   version or key, or lacks the expected shape is ignored and rewritten. It
 *   is written atomically (temporary file, then rename), so a reader never
 *   sees half a file, and a failed write only costs a re-read next time.
 *
 * Logs are append-only; a log rewritten to the same size within the same
 * millisecond on the same inode would be missed, which the recorder never
 * does.
 *
 * @example
 * ```ts
 * const cache = new HistoryCache({ disk: true });
 * const summary = await cache.summary(state, task);
 * ```
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";
import { unlessNotFound, writeFileAtomic } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { LineSplitter } from "../codec/lines.ts";
import { BadLogFile, checkLogFile, openLogFile } from "../store/log_file.ts";
import { emptySummary, HistoryFold, type LogSummary, SUMMARY_VERSION } from "./history_fold.ts";

/** Identity of a log's content. */
export interface LogKey {
  size: number;
  mtime_ms: number | null;
  ino: number | null;
}

/** Options of {@link HistoryCache}. */
export interface HistoryCacheOptions {
  /** Keep summaries in `.taskline/cache/history/` too. Default false. */
  disk?: boolean;
  /** Most summaries kept in memory. Default 10000. */
  entriesMax?: number;
  /**
   * Reads a log into a summary. Default: {@link summarizeLog}. Tests inject
   * a counting reader here.
   */
  read?: (path: string, signal?: AbortSignal) => Promise<LogSummary>;
}

/** Counters, for tests and the benchmark. */
export interface CacheStats {
  memoryHits: number;
  diskHits: number;
  /** Logs read and folded. */
  reads: number;
}

/**
 * Reads and folds one log (no cache), up to its size when opened. A missing
 * log is an empty summary. Lines are split here rather than by `readLog` so
 * that lines the history only counts skip JSON parsing (see
 * `HistoryFold.addLine`).
 */
export async function summarizeLog(path: string, signal?: AbortSignal): Promise<LogSummary> {
  const fold = new HistoryFold();
  const file = await openLogFile(path);
  if (file === null) return fold.finish();
  try {
    const size = (await file.stat()).size;
    const splitter = new LineSplitter();
    const buf = new Uint8Array(1024 * 1024);
    let pos = 0;
    let line = 0;
    while (pos < size) {
      signal?.throwIfAborted();
      const want = Math.min(buf.length, size - pos);
      const n = await file.read(want === buf.length ? buf : buf.subarray(0, want));
      if (n === null || n === 0) break;
      pos += n;
      for (const text of splitter.push(buf.subarray(0, n)).lines) fold.addLine(text, ++line);
    }
  } finally {
    file.close();
  }
  return fold.finish();
}

async function keyOf(path: string): Promise<LogKey> {
  // What the path is, before anything opens it (a FIFO, a link out: BadLogFile).
  const st = await unlessNotFound(checkLogFile(path));
  if (!st) return { size: 0, mtime_ms: null, ino: null };
  return { size: st.size, mtime_ms: st.mtime?.getTime() ?? null, ino: st.ino ?? null };
}

function sameKey(a: LogKey, b: LogKey): boolean {
  return a.size === b.size && a.mtime_ms === b.mtime_ms && a.ino === b.ino;
}

function looksLikeSummary(v: unknown): v is LogSummary {
  if (v === null || typeof v !== "object") return false;
  const s = v as Record<string, unknown>;
  return s.version === SUMMARY_VERSION && Array.isArray(s.runs) && Array.isArray(s.errors) &&
    Array.isArray(s.trace_files) && (s.current_run === null || typeof s.current_run === "string");
}

/** Summaries of logs, re-read only when a log changed. */
export class HistoryCache {
  readonly stats: CacheStats = { memoryHits: 0, diskHits: 0, reads: 0 };
  readonly #disk: boolean;
  readonly #entriesMax: number;
  readonly #read: (path: string, signal?: AbortSignal) => Promise<LogSummary>;
  #memory = new Map<string, { key: LogKey; summary: LogSummary }>();
  #inflight = new Map<string, Promise<LogSummary>>();

  constructor(options: HistoryCacheOptions = {}) {
    this.#disk = options.disk ?? false;
    this.#entriesMax = options.entriesMax ?? 10_000;
    this.#read = options.read ?? summarizeLog;
  }

  /** The summary of a task's log, from the cache when the log is unchanged. */
  summary(state: StateDir, task: Task, signal?: AbortSignal): Promise<LogSummary> {
    const path = state.logPath(task.dir);
    const running = this.#inflight.get(path);
    if (running) return running;
    const p = this.#summary(state, task, path, signal)
      .catch((e) => {
        // An unreadable log never hides its task (nor stops the listing).
        if (signal?.aborted || (e as Error)?.name === "AbortError") throw e;
        const summary = emptySummary();
        if (e instanceof BadLogFile) {
          summary.errors.push(e.message);
          summary.bad_log = { path: e.path, kind: e.kind, message: e.message };
        } else summary.errors.push(`Cannot read ${path}: ${(e as Error)?.message ?? e}`);
        return summary;
      })
      .finally(() => this.#inflight.delete(path));
    this.#inflight.set(path, p);
    return p;
  }

  async #summary(
    state: StateDir,
    task: Task,
    path: string,
    signal?: AbortSignal,
  ): Promise<LogSummary> {
    const key = await keyOf(path);
    if (key.mtime_ms === null) return emptySummary();
    const mem = this.#memory.get(path);
    if (mem && sameKey(mem.key, key)) {
      this.stats.memoryHits++;
      this.#memory.delete(path); // most recently used last
      this.#memory.set(path, mem);
      return mem.summary;
    }
    const cacheFile = `${state.root}/cache/history/${task.dir}.json`;
    if (this.#disk) {
      const hit = await readCacheFile(cacheFile, key);
      if (hit) {
        this.stats.diskHits++;
        this.#remember(path, key, hit);
        return hit;
      }
    }
    this.stats.reads++;
    const summary = await this.#read(path, signal);
    // The log may have grown while it was read: key the summary by what was
    // seen before reading only when nothing changed meanwhile.
    const after = await keyOf(path);
    if (sameKey(after, key)) {
      this.#remember(path, key, summary);
      if (this.#disk) await writeCacheFile(`${state.root}/cache/history`, cacheFile, key, summary);
    }
    return summary;
  }

  #remember(path: string, key: LogKey, summary: LogSummary): void {
    this.#memory.delete(path);
    this.#memory.set(path, { key, summary });
    while (this.#memory.size > this.#entriesMax) {
      const oldest = this.#memory.keys().next().value as string;
      this.#memory.delete(oldest);
    }
  }

  /** Forgets every summary kept in memory. */
  clear(): void {
    this.#memory.clear();
  }
}

async function readCacheFile(file: string, key: LogKey): Promise<LogSummary | null> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch {
    return null;
  }
  try {
    const v = JSON.parse(text) as { key?: LogKey; summary?: unknown };
    if (!v || typeof v !== "object" || !v.key || !sameKey(v.key, key)) return null;
    return looksLikeSummary(v.summary) ? v.summary : null;
  } catch {
    return null; // a damaged file: read the log instead, and rewrite it
  }
}

async function writeCacheFile(
  dir: string,
  file: string,
  key: LogKey,
  summary: LogSummary,
): Promise<void> {
  try {
    await Deno.mkdir(dir, { recursive: true });
    await writeFileAtomic(file, JSON.stringify({ key, summary }));
  } catch {
    // A cache that cannot be written costs a re-read next time, nothing more.
  }
}
