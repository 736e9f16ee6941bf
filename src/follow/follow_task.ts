/**
 * The follow rules of one task (`taskline events <task> --follow`): replay
 * the followed run, then print its events as they are appended, and stop at
 * the run's end.
 *
 * Rules, as the contract and decisions.md state them, and what this file
 * decides where they are silent:
 *
 * - The followed run is the current run (the run of the last `run_started`)
 *   or the one `--run` names. A task without a run is waited on: the first
 *   `run_started` that appears names the run.
 * - The follow ends when the log, read to its current end with no line half
 *   written, has the run's last lifecycle event (`run_started` or
 *   `run_finished`) being `run_finished`. Filters (`after`, `keep`) only
 *   decide what is printed, never what is read for this: a hidden
 *   `run_finished` still ends the follow.
 * - A resumed run repeats `run_started` with the same run id after an
 *   earlier `run_finished`: the follow goes on to the next `run_finished`.
 *   A follow that starts after a pause's `run_finished` (and before the
 *   resume) ends there, as the contract says.
 * - An `after` beyond the end: the state of the run before the first byte
 *   read is found by reading backwards from there, so an ended run ends the
 *   follow at once.
 * - Decision: a `run_started` of another run means the followed run will
 *   never go on (runs of a task do not overlap; it was left without its
 *   `run_finished` by a process that died). The follow ends there, with the
 *   outcome `abandoned`.
 *
 * @module
 */
import { runOf } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import {
  findCurrentRun,
  lastRunLine,
  lastSegmentLine,
  type LogProblem,
  type LogRecord,
  type ReadRecord,
  type RunLine,
  scanBackward,
  seekAfterSeq,
} from "../store/log_reader.ts";
import { decodeLine } from "../codec/decode.ts";
import { pathExists, type StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import { resolveRun } from "./replay.ts";
import { scanLog } from "./scan.ts";
import { completeLinesEnd } from "./complete_lines.ts";
import type { TailReset } from "./log_tail.ts";

/** How the followed run stands. */
export type RunOutcome =
  /** Its last `run_finished` says success (and it did not pause). */
  | "succeeded"
  /** A `paused` came after its last `run_started`. */
  | "paused"
  /** Its last `run_finished` says failure. */
  | "failed"
  /** Another run started before it finished. */
  | "abandoned"
  /**
   * It has no `run_finished` and no process runs the task (the task's lock
   * is free): its process died (SIGKILL, a crash). A follow ends there.
   */
  | "interrupted"
  /** Not finished (replay only), or the task has no run. */
  | "open";

/** Exit code of `--exit-status` for an outcome: 0 succeeded, 2 paused, 1 otherwise. */
export function exitStatusOf(outcome: RunOutcome): number {
  return outcome === "succeeded" ? 0 : outcome === "paused" ? 2 : 1;
}

/** Options of {@link followTask}. */
export interface FollowTaskOptions {
  /** Only events with a seq above this are given. Default 0. */
  after?: number;
  /** A run id or prefix instead of the current run. */
  run?: string;
  /** Keep going after the replay until the run ends. Default false. */
  follow?: boolean;
  /** What is given out besides the run and `after` rules (time, type). Default: all. */
  keep?: (r: ReadRecord) => boolean;
  /**
   * Raw substrings for `keep` (such as `"tool_called"` with its quotes): a
   * line that contains none of them is neither parsed nor given, so a
   * filtered replay searches the log instead of parsing it. Lifecycle lines
   * are always read. Default: every line is read.
   */
  needles?: readonly string[];
  /**
   * Records of the replay carry their `--json` text (see scanLog's `json`),
   * and those read in the light form only a light `env` (see scanLog's
   * `light`): `keep` must look at no more than its schema, seq, at and
   * event type, run and success. Default false.
   */
  json?: boolean;
  /** Whether `paused` before the start point must be looked for (exit status). Default false. */
  exactOutcome?: boolean;
  /** Slow poll of the follow, in ms. Default 1000. */
  pollIntervalMs?: number;
  onProblem?: (p: LogProblem) => void;
  onReset?: (r: TailReset) => void;
  signal?: AbortSignal;
}

/** State of the followed run, updated as lines are read. */
interface RunTrack {
  run: string | null;
  /** Last lifecycle event of the run was run_finished. */
  ended: boolean;
  success: boolean;
  pausedSinceStart: boolean;
  abandoned: boolean;
  interrupted: boolean;
}

/**
 * How long a followed run must stay without its end while no process holds
 * the task's lock before the follow calls it interrupted, in ms: a process
 * that starts or resumes the run takes the lock before it writes.
 */
export const INTERRUPTED_AFTER_MS = 3000;

/** A follow of one task: batches of events to print, then the outcome. */
export interface TaskFollow {
  /** Batches of records to give out, in log order. */
  batches: AsyncGenerator<ReadRecord[]>;
  /** The run followed (null until one is known). */
  run(): string | null;
  /** How the run stands now (final after `batches` is done). */
  outcome(): RunOutcome;
}

const LIFECYCLE = ['"run_started"', '"run_finished"', '"paused"'];

/**
 * Replays a task's run and, with `follow`, follows it to its end.
 *
 * @example
 * ```ts
 * const f = await followTask(state, task, { after: 10, follow: true, signal });
 * for await (const records of f.batches) for (const r of records) print(r.env);
 * console.log(f.outcome()); // "succeeded"
 * ```
 */
export async function followTask(
  state: StateDir,
  task: Task,
  options: FollowTaskOptions = {},
): Promise<TaskFollow> {
  const path = state.logPath(task.dir);
  const to = await completeLinesEnd(path);
  const after = options.after ?? 0;
  const keep = options.keep ?? (() => true);
  const track: RunTrack = {
    run: null,
    ended: false,
    success: false,
    pausedSinceStart: false,
    abandoned: false,
    interrupted: false,
  };
  let from = 0;
  // The current run, in a few small reads: the run of the log's last schema-2
  // line with a seq (runs never interleave: see lastRunLine), which a search
  // for the last run_started would find only after reading the whole run.
  // Logs with no such line (0.2 logs) are searched for run_started.
  let last: RunLine | null = null;
  if (options.run !== undefined) {
    track.run = await resolveRun(path, options.run, to);
  } else {
    last = await lastRunLine(path, { to });
    track.run = last?.run ?? (await findCurrentRun(path, { to }))?.run ?? null;
  }
  if (track.run !== null) {
    // Every event of the run with a seq above `after` is at or after `from`.
    from = await seekAfterSeq(path, track.run, after, { to, last: last ?? undefined });
    // Before `from` lie the run's events up to `after`, or, when the run has
    // no schema-2 line at all (a 0.2 run), the whole run.
    if (from > 0 && (after > 0 || from >= to)) {
      await stateBefore(path, from, track, options.exactOutcome === true);
    }
  }
  // Lifecycle lines are read whatever the filters, when the run's state matters.
  const lifecycle = options.follow || options.exactOutcome ? LIFECYCLE : [];
  const needles = options.needles && options.needles.length > 0
    ? [...new Set([...options.needles, ...lifecycle])]
    : null;
  const prefilter = needles ? (line: string) => needles.some((n) => line.includes(n)) : undefined;

  // Updates the run's state with one record; says whether to give it out.
  const step = (r: ReadRecord): boolean => {
    const ev = r.env.event;
    const run = runOf(ev);
    if (ev.type === "run_started" && run !== null) {
      if (track.run === null) track.run = run;
      if (run === track.run) {
        track.ended = false;
        track.pausedSinceStart = false;
      } else if (!track.ended) {
        track.abandoned = true;
      }
    }
    if (run === null || run !== track.run) return false;
    if (ev.type === "paused") track.pausedSinceStart = true;
    else if (ev.type === "run_finished") {
      track.ended = true;
      track.success = (ev as { success?: unknown }).success === true;
    }
    if (r.env.schema < 2 || typeof r.env.seq !== "number" || r.env.seq <= after) return false;
    return keep(r);
  };

  // The log as it is now, from `from` to `to`.
  async function* replay(): AsyncGenerator<ReadRecord[]> {
    if (track.run === null) {
      // No run to show; the log's broken lines, if any, are still told (nothing is printed).
      if (to > 0 && options.onProblem) {
        for await (
          const _ of scanLog(path, [], {
            to,
            onProblem: options.onProblem,
            signal: options.signal,
          })
        ) { /* only its problems */ }
      }
      return;
    }
    if (from >= to) return;
    // Every line, or those with a needle, searched and checked as bytes.
    const source = scanLog(path, needles ?? [], {
      from,
      to,
      json: options.json,
      light: options.json,
      onProblem: options.onProblem,
      signal: options.signal,
    });
    for await (const records of source) {
      const out = records.filter(step);
      if (out.length > 0) yield out;
    }
  }

  let lockCheckedAt = 0;
  let orphanSince: number | null = null;
  async function* follow(): AsyncGenerator<ReadRecord[]> {
    // Loaded only to follow: a replay does not start the watcher's modules.
    const [{ tailLog }, { isTaskRunning }] = await Promise.all([
      import("./tail_log.ts"),
      import("../store/lock.ts"),
    ]);
    yield* replay();
    for await (
      const b of tailLog(path, {
        from: Math.max(from, to),
        prefilter,
        onProblem: options.onProblem,
        onReset: (r) => {
          // The content read so far is gone: judge the run on the new content.
          track.ended = false;
          track.pausedSinceStart = false;
          options.onReset?.(r);
        },
        pollIntervalMs: options.pollIntervalMs,
        signal: options.signal,
      })
    ) {
      const out: LogRecord[] = [];
      for (const r of b.records) {
        const give = step(r);
        if (track.abandoned) break;
        if (give) out.push(r);
      }
      if (out.length > 0) yield out;
      if (track.abandoned || (b.caughtUp && track.run !== null && track.ended)) return;
      // Lines still coming (a log rewritten by hand, another tool appending)
      // are not a dead run: the time without a lock holder counts from the last.
      if (b.records.length > 0) orphanSince = null;
      // At the end, a half-written last line included: a process that died in
      // the middle of a line never completes it (the run's next open repairs it).
      if (b.atEnd && track.run !== null) {
        // A run whose process died never gets its run_finished (or the line
        // after it): do not wait forever.
        const now = Date.now();
        if (now - lockCheckedAt >= 500) {
          lockCheckedAt = now;
          if (await isTaskRunning(state, task.dir)) orphanSince = null;
          else orphanSince ??= now;
        }
        if (orphanSince !== null && now - orphanSince >= INTERRUPTED_AFTER_MS) {
          if (!track.ended) track.interrupted = true;
          return;
        }
      } else orphanSince = null;
      if (b.records.length === 0 && !(await pathExists(state.taskJsonPath(task.dir)))) {
        // `task discard` removed the task: nothing more will come.
        throw new TasklineError(
          "not-found",
          `Task #${task.number} (${task.dir}) was discarded while it was followed`,
        );
      }
    }
  }

  return {
    batches: options.follow ? follow() : replay(),
    run: () => track.run,
    outcome: () => outcomeOf(track),
  };
}

function outcomeOf(t: RunTrack): RunOutcome {
  if (t.run === null) return "open";
  if (t.abandoned) return "abandoned";
  if (t.interrupted) return "interrupted";
  if (t.pausedSinceStart) return "paused";
  if (!t.ended) return "open";
  return t.success ? "succeeded" : "failed";
}

/**
 * The run's state just before byte `from`, in a few small reads: the run's
 * nearest line before `from` that only a running segment writes tells that
 * the run is in progress, a `run_finished` that it ended (lines that other
 * commands add between segments are stepped over). With `exact`, whether a
 * `paused` came after its last `run_started` is searched too (a search of
 * the bytes back to that `run_started`, for the exit status).
 */
async function stateBefore(
  path: string,
  from: number,
  track: RunTrack,
  exact: boolean,
): Promise<void> {
  const run = track.run!;
  const decisive = await lastSegmentLine(path, run, from);
  if (decisive?.event.type === "run_finished") {
    track.ended = true;
    track.success = (decisive.event as { success?: unknown }).success === true;
  } else if (decisive?.event.type === "paused") {
    track.pausedSinceStart = true;
  }
  if (!exact || track.pausedSinceStart) return;
  let startedAt = -1;
  await scanBackward(path, '"run_started"', (text, start) => {
    const d = decodeLine(text);
    if (!d.ok || d.env.event.type !== "run_started" || runOf(d.env.event) !== run) return false;
    startedAt = start;
    return true;
  }, { to: from });
  await scanBackward(path, '"paused"', (text, start) => {
    if (start < startedAt) return true;
    const d = decodeLine(text);
    if (!d.ok || d.env.event.type !== "paused" || runOf(d.env.event) !== run) return false;
    track.pausedSinceStart = true;
    return true;
  }, { to: from });
}
