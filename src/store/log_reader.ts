/**
 * Reading a task's `events.jsonl` in bounded memory: from any byte offset, in
 * batches of decoded events, with broken lines reported and skipped and a
 * last line without its newline held back until it is complete. Finding the
 * current run and the first event after a seq takes a few small reads, not a
 * scan of the file.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import { BETWEEN_SEGMENTS, isEventType, runOf } from "../contract/events.ts";
import { decodeLine } from "../codec/decode.ts";
import { LineSplitter, lineText } from "../codec/lines.ts";
import type { LightEvent } from "../codec/light_line.ts";
import { checkLogFile, lastNewlineBefore, openLogFile, readAt } from "./log_file.ts";

/** One decoded event of a log. */
export interface LogRecord {
  env: Envelope;
  /** Set on a {@link LightRecord} only. */
  light?: undefined;
  /** 0.5 defaults were filled in (the line was written before 0.5). */
  upgraded: boolean;
  /** The line as it is in the file. */
  text: string;
  /** Line number in the file (1-based) when reading started at offset 0; else 0. */
  line: number;
  /** Byte offset just after the line, when the reader knows it (LogTail does). */
  end?: number;
}

/**
 * The envelope of a line read in the light form (see follow/scan.ts): a
 * line in its own read form whose facts were read in place. It has the
 * envelope's schema, seq and at, and an event of only its type, run and
 * `success`: what the follow rules and the filters look at.
 */
export interface LightEnvelope {
  readonly schema: number;
  readonly seq?: number;
  readonly at: string;
  readonly event: LightEvent;
  /**
   * Whether `at` is at or after `sec` seconds since the epoch and `nanos`,
   * read from the line's bytes without making `at` (while its bytes are
   * valid): null when `at` must be read as text. Absent: read `at`.
   */
  atOrAfter?(sec: number, nanos: number): boolean | null;
}

/**
 * A line read in the light form: its light envelope and its read form
 * (`json`, which is the line itself). Printed as it is by `--json`; never
 * rendered for people (a reader gives light records only when asked for
 * the read form).
 */
export interface LightRecord {
  env: LightEnvelope;
  light: true;
  /** 0.5 defaults were filled in (its read form has them). */
  upgraded: boolean;
  /** The line as it is in the file (its read form). */
  text: string;
  /** The read form: the line itself. */
  json: string;
  line: number;
  end?: number;
}

/** A record of a reader that may give the light form: narrow on `light`. */
export type ReadRecord = LogRecord | LightRecord;

/** A line that was skipped. */
export interface LogProblem {
  path: string;
  /** 1-based line number, or 0 when reading started mid-file. */
  line: number;
  /** Byte offset of the batch the line was in. */
  offset: number;
  reason: string;
}

/** Decoded events of one read, and where the next read starts. */
export interface LogBatch<R extends ReadRecord = LogRecord> {
  records: R[];
  /** Byte offset just after the last complete line of this batch. */
  end: number;
}

/** Options of {@link readLog}. */
export interface ReadLogOptions {
  /** Byte offset to start at; must be a line start. Default 0. */
  from?: number;
  /** Stop at this byte offset (a snapshot of a growing file). Default: the size at open. */
  to?: number;
  /** Bytes read at a time. Default 64 KiB. */
  chunkBytes?: number;
  /** Longest line read, in bytes. Default 64 MiB. */
  lineBytesMax?: number;
  /**
   * Cheap test on the raw line before it is parsed: lines it rejects are not
   * decoded (nor reported when broken). Default: every line.
   */
  prefilter?: (line: string) => boolean;
  /** Called for each broken line. Default: ignored. */
  onProblem?: (p: LogProblem) => void;
  signal?: AbortSignal;
}

/**
 * The size of a log, or 0 when it does not exist.
 *
 * @throws BadLogFile when it is not a regular file inside the state directory.
 */
export async function fileSize(path: string): Promise<number> {
  return (await checkLogFile(path))?.size ?? 0;
}

/** Opens a log (never blocking on what it is: see log_file.ts); null when missing. */
function openOrNull(path: string): Promise<Deno.FsFile | null> {
  return openLogFile(path);
}

/**
 * Reads complete lines of a log from `from` up to `to`, decoding each into
 * the read form. A missing file reads as empty.
 *
 * @example
 * ```ts
 * for await (const batch of readLog(".taskline/tasks/001-x/events.jsonl")) {
 *   for (const r of batch.records) console.log(r.env.event.type);
 * }
 * ```
 */
export async function* readLog(
  path: string,
  options: ReadLogOptions = {},
): AsyncGenerator<LogBatch> {
  const file = await openOrNull(path);
  if (!file) return;
  try {
    const from = options.from ?? 0;
    const to = options.to ?? file.statSync().size;
    if (from > 0) await file.seek(from, Deno.SeekMode.Start);
    const splitter = new LineSplitter({ offset: from, lineBytesMax: options.lineBytesMax });
    // 64 KiB: a decoded chunk and the lines cut from it stay small enough for
    // the young generation; 1 MiB chunks tripled the resident memory of a replay.
    const buf = new Uint8Array(options.chunkBytes ?? 64 * 1024);
    let pos = from;
    let lineNo = from === 0 ? 0 : -1;
    const prefilter = options.prefilter;
    while (pos < to) {
      options.signal?.throwIfAborted();
      const want = Math.min(buf.length, to - pos);
      const n = await file.read(want === buf.length ? buf : buf.subarray(0, want));
      if (n === null || n === 0) break;
      const batchStart = splitter.offset;
      pos += n;
      const { lines, end } = splitter.push(buf.subarray(0, n));
      const records: LogRecord[] = [];
      for (const text of lines) {
        if (lineNo >= 0) lineNo++;
        if (text === "" || (prefilter && !prefilter(text))) continue;
        const d = decodeLine(text);
        if (d.ok) {
          records.push({ env: d.env, upgraded: d.upgraded, text, line: Math.max(lineNo, 0) });
        } else if (!(text.trim() === "")) {
          options.onProblem?.({
            path,
            line: Math.max(lineNo, 0),
            offset: batchStart,
            reason: d.reason,
          });
        }
      }
      if (lines.length > 0) yield { records, end };
    }
  } finally {
    file.close();
  }
}

/** Collects every record of a log (for small logs and tests). */
export async function readAll(path: string, options: ReadLogOptions = {}): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for await (const b of readLog(path, options)) for (const r of b.records) out.push(r);
  return out;
}

/**
 * Reads a log backwards in chunks and calls `onLine` for each complete line
 * that contains `needle`, last first, until it returns true. Lines longer
 * than `lineBytesMax` are passed over.
 */
export async function scanBackward(
  path: string,
  needle: string,
  onLine: (text: string, start: number, end: number) => boolean,
  options: { to?: number; chunkBytes?: number; lineBytesMax?: number } = {},
): Promise<void> {
  const file = await openOrNull(path);
  if (!file) return;
  try {
    let end = options.to ?? file.statSync().size;
    let chunk = options.chunkBytes ?? 1024 * 1024;
    const lineBytesMax = options.lineBytesMax ?? 64 * 1024 * 1024;
    const pattern = new TextEncoder().encode(needle);
    // Only complete lines count: drop a last line without its newline.
    const tail = await readAt(file, Math.max(0, end - 1), 1);
    if (end > 0 && tail[0] !== 10) {
      const lastNl = await lastNewlineBefore(file, end);
      end = lastNl + 1;
    }
    while (end > 0) {
      const start = Math.max(0, end - chunk);
      const bytes = await readAt(file, start, end - start);
      let first = 0;
      if (start > 0) {
        // The chunk starts inside a line: that line is read with the next chunk.
        const nl = bytes.indexOf(10);
        // No line starts inside the chunk (its only newline may be the one
        // that ends it, when the last line is longer than the chunk): read more.
        if (nl < 0 || nl === bytes.length - 1) {
          if (chunk >= lineBytesMax) end = start; // too long to read: pass it over
          else chunk *= 2;
          continue;
        }
        first = nl + 1;
      }
      // Most chunks do not contain the needle: V8's string search finds that
      // several times faster than a byte search.
      if (!chunkDecoder.decode(bytes.subarray(first)).includes(needle)) {
        end = start + first;
        if (start === 0) break;
        continue;
      }
      let hit = lastIndexOfBytes(bytes, pattern, bytes.length - pattern.length);
      while (hit >= first) {
        const ls = bytes.lastIndexOf(10, hit) + 1;
        let le = bytes.indexOf(10, hit);
        if (le < 0) le = bytes.length;
        const text = lineText(bytes.subarray(ls, le));
        if (onLine(text, start + ls, start + le + 1)) return;
        if (ls === 0) break;
        hit = lastIndexOfBytes(bytes, pattern, ls - 1);
      }
      end = start + first;
      if (start === 0) break;
    }
  } finally {
    file.close();
  }
}

const chunkDecoder = new TextDecoder();

/** The last place at or before `from` where `pattern` starts in `bytes`, or -1. */
function lastIndexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number): number {
  const first = pattern[0];
  for (
    let i = bytes.lastIndexOf(first, from);
    i >= 0;
    i = i > 0 ? bytes.lastIndexOf(first, i - 1) : -1
  ) {
    if (i + pattern.length > bytes.length) continue;
    let k = 1;
    while (k < pattern.length && bytes[i + k] === pattern[k]) k++;
    if (k === pattern.length) return i;
  }
  return -1;
}

/** Where the current run of a log started. */
export interface CurrentRun {
  run: string;
  /** Byte offset of its last `run_started` line. */
  offset: number;
}

/**
 * The current run of a log: the run of its last `run_started`. Null when the
 * log has none.
 */
export async function findCurrentRun(
  path: string,
  options: { to?: number } = {},
): Promise<CurrentRun | null> {
  let found: CurrentRun | null = null;
  await scanBackward(path, '"run_started"', (text, start) => {
    const d = decodeLine(text);
    if (d.ok && d.env.event.type === "run_started") {
      const run = runOf(d.env.event);
      if (run) {
        found = { run, offset: start };
        return true;
      }
    }
    return false;
  }, options);
  return found;
}

/** The last line of a log that belongs to a run's sequence (see {@link lastRunLine}). */
export interface RunLine {
  run: string;
  seq: number;
  type: string;
  /** Byte offsets of the line (its start, and just after its newline). */
  start: number;
  end: number;
}

/**
 * The last schema-2 line with a seq and a run (of `run` when it is given), in
 * a few small reads from the end of the log; null when there is none (an
 * empty log, or a 0.2 log). The runs of a task never interleave (one process
 * per task, and only the current run is appended to), so without `run` its
 * run is the current run, and its seq that run's last: finding them costs a
 * read of the log's end, where a search for the run's `run_started` would
 * read the whole run.
 */
export async function lastRunLine(
  path: string,
  options: { to?: number; run?: string } = {},
): Promise<RunLine | null> {
  let found: RunLine | null = null;
  const want = options.run;
  await scanBackward(path, want ?? '"run"', (text, start, end) => {
    const d = decodeLine(text);
    if (!d.ok || d.env.schema < 2 || typeof d.env.seq !== "number") return false;
    const run = runOf(d.env.event);
    if (run === null || (want !== undefined && run !== want)) return false;
    found = { run, seq: d.env.seq, type: d.env.event.type, start, end };
    return true;
  }, { to: options.to, chunkBytes: 64 * 1024 });
  return found;
}

/**
 * The last line of `run` before byte `to` that tells where the run stands: a
 * line that only a running segment writes (the run goes on), or its
 * `run_finished` (it ended). Lines other commands add between segments (an
 * approval after a pause) and types this release does not know decide
 * nothing and are stepped over. Lines of any schema: a run started by 0.2 has
 * schema-1 lifecycle lines. Null when the run has no such line.
 */
export async function lastSegmentLine(
  path: string,
  run: string,
  to: number,
): Promise<Envelope | null> {
  let found: Envelope | null = null;
  await scanBackward(path, run, (text) => {
    const d = decodeLine(text);
    if (!d.ok || runOf(d.env.event) !== run) return false;
    const type = d.env.event.type;
    if (BETWEEN_SEGMENTS.has(type) || !isEventType(type)) return false;
    found = d.env;
    return true;
  }, { to, chunkBytes: 64 * 1024 });
  return found;
}

/** The runs of a log, in the order they first started. */
export async function listRuns(
  path: string,
  options: { to?: number; onProblem?: (p: LogProblem) => void } = {},
): Promise<string[]> {
  const runs: string[] = [];
  const seen = new Set<string>();
  for await (
    const b of readLog(path, { ...options, prefilter: (l) => l.includes('"run_started"') })
  ) {
    for (const r of b.records) {
      const run = r.env.event.type === "run_started" ? runOf(r.env.event) : null;
      if (run && !seen.has(run)) {
        seen.add(run);
        runs.push(run);
      }
    }
  }
  return runs;
}

/**
 * A byte offset (a line start) from which reading finds every event of
 * `run` with a seq above `seq`: a binary search over the file, probing a few
 * lines at each step. Run-less lines, lines without seq and schema-1 lines
 * are stepped over.
 *
 * The search relies on what the run recorder guarantees since 0.4 (one
 * process per task, and only the current run is ever appended to): the
 * schema-2 lines of one run are not interleaved with those of another. It
 * starts from the run's last line, found from the end of the file, so a
 * line of another run met before it lies before the whole run. Finding the
 * current run's place in a log of many runs costs a few small reads.
 */
export async function seekAfterSeq(
  path: string,
  run: string,
  seq: number,
  options: {
    to?: number;
    windowBytes?: number;
    /** The run's last line with a seq, when the caller has it (see {@link lastRunLine}). */
    last?: { start: number; end: number; seq: number };
  } = {},
): Promise<number> {
  const to = options.to ?? await fileSize(path);
  const last = options.last ?? await lastRunLine(path, { to, run });
  // No line of the run yet: whatever comes is appended after `to`.
  if (last === null) return to;
  // Nothing after `seq` yet: the next line of the run comes after its last.
  if (last.seq <= seq) return last.end;
  const file = await openOrNull(path);
  if (!file) return 0;
  try {
    let lo = 0;
    let hi = last.start;
    const windowBytes = options.windowBytes ?? 256 * 1024;
    while (hi - lo > windowBytes) {
      const mid = lo + Math.floor((hi - lo) / 2);
      const probe = await probeForward(file, mid, hi);
      if (probe === null) {
        // No line with a seq in (mid, hi): what is looked for is not there.
        hi = mid;
      } else if (probe.run !== run) {
        // Another run's line before the run's last line: before the whole run.
        lo = probe.end;
      } else if (probe.seq > seq) {
        hi = probe.start;
      } else {
        lo = probe.end;
      }
    }
    return lo;
  } finally {
    file.close();
  }
}

/**
 * The first line with a seq and a run (schema 2 or above) that starts after
 * `from` (a line that `from` falls inside belongs to the left half) and
 * before `hi`.
 */
async function probeForward(
  file: Deno.FsFile,
  from: number,
  hi: number,
): Promise<{ start: number; end: number; seq: number; run: string } | null> {
  let pos = from;
  let skipPartial = true;
  let block = 16 * 1024;
  let carry = new Uint8Array(0);
  let carryStart = pos;
  while (pos < hi) {
    const bytes = await readAt(file, pos, Math.min(block, hi - pos));
    if (bytes.length === 0) return null;
    const all = carry.length ? concat2(carry, bytes) : bytes;
    const base = carry.length ? carryStart : pos;
    let i = 0;
    if (skipPartial) {
      const prev = from === 0 ? 10 : (await readAt(file, from - 1, 1))[0];
      if (prev !== 10) {
        const nl = all.indexOf(10);
        if (nl < 0) {
          carry = new Uint8Array(0);
          pos += bytes.length;
          block = Math.min(block * 2, 16 * 1024 * 1024);
          continue;
        }
        i = nl + 1;
      }
      skipPartial = false;
    }
    while (i < all.length) {
      const nl = all.indexOf(10, i);
      if (nl < 0 || base + i >= hi) break;
      const text = lineText(all.subarray(i, nl));
      if (text.includes('"seq"')) {
        const d = decodeLine(text);
        const lineRun = d.ok ? runOf(d.env.event) : null;
        if (d.ok && d.env.schema >= 2 && typeof d.env.seq === "number" && lineRun !== null) {
          return { start: base + i, end: base + nl + 1, seq: d.env.seq, run: lineRun };
        }
      }
      i = nl + 1;
    }
    carry = all.slice(i);
    carryStart = base + i;
    pos += bytes.length;
    block = Math.min(block * 2, 16 * 1024 * 1024);
  }
  return null;
}

function concat2(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
