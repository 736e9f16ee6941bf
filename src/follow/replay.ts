/**
 * Replaying one task's log: the events of its current run (or of a chosen
 * run, or of every run) in seq order, from a seq on. Shared by
 * `taskline events <task>` and `GET /api/tasks/{ref}/events`.
 *
 * @module
 */
import { runOf } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import {
  fileSize,
  findCurrentRun,
  listRuns,
  type LogBatch,
  type LogProblem,
  readLog,
  seekAfterSeq,
} from "../store/log_reader.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";

/** Options of {@link openReplay}. */
export interface ReplayOptions {
  /** Only events with a seq above this. Default 0 (all). */
  after?: number;
  /** A run id or prefix to replay instead of the current run. Default: the current run. */
  run?: string;
  /** Every run of the task, in log order (not with `after`). Default false. */
  all?: boolean;
  /** Called for each broken line. */
  onProblem?: (p: LogProblem) => void;
  /** Cheap test on raw lines before they are parsed (see readLog). */
  prefilter?: (line: string) => boolean;
  signal?: AbortSignal;
}

/** A replay: which run, and its events. */
export interface Replay {
  /** The run replayed; null when the task has no run (or with `all`). */
  run: string | null;
  /** The log's path. */
  path: string;
  /** Batches of replayed events; `end` of each is where a follower goes on. */
  batches: AsyncGenerator<LogBatch>;
  /** Where the replay stops: the log's size when it was opened. */
  to: number;
}

/** Resolves a run id prefix among the runs of a log. */
export async function resolveRun(path: string, prefix: string, to?: number): Promise<string> {
  const runs = await listRuns(path, { to });
  const hits = runs.filter((r) => r.startsWith(prefix.toLowerCase()));
  if (hits.length === 1) return hits[0];
  if (hits.length === 0) {
    throw new TasklineError("not-found", `Cannot find run "${prefix}": the task has no such run`);
  }
  throw new TasklineError(
    "ambiguous-ref",
    `Cannot resolve run "${prefix}": it matches ${hits.map((r) => r.slice(0, 8)).join(", ")}`,
  );
}

/**
 * Opens a replay of a task's log. Schema 1 events and events without seq are
 * not replayed.
 *
 * @example
 * ```ts
 * const replay = await openReplay(state, task, { after: 10 });
 * for await (const batch of replay.batches) for (const r of batch.records) print(r.env);
 * ```
 */
export async function openReplay(
  state: StateDir,
  task: Task,
  options: ReplayOptions = {},
): Promise<Replay> {
  const path = state.logPath(task.dir);
  const to = await fileSize(path);
  const after = options.after ?? 0;
  const readOptions = {
    to,
    onProblem: options.onProblem,
    prefilter: options.prefilter,
    signal: options.signal,
  };
  if (options.all) {
    return {
      run: null,
      path,
      to,
      batches: filtered(
        readLog(path, readOptions),
        (r) => r.env.schema >= 2 && r.env.seq !== undefined,
      ),
    };
  }
  const run = options.run !== undefined
    ? await resolveRun(path, options.run, to)
    : (await findCurrentRun(path, { to }))?.run ?? null;
  if (run === null) return { run, path, to, batches: filtered(empty(), () => false) };
  const from = await seekAfterSeq(path, run, after, { to });
  return {
    run,
    path,
    to,
    batches: filtered(
      readLog(path, { ...readOptions, from }),
      (r) =>
        r.env.schema >= 2 && typeof r.env.seq === "number" && r.env.seq > after &&
        runOf(r.env.event) === run,
    ),
  };
}

async function* empty(): AsyncGenerator<LogBatch> {}

async function* filtered(
  source: AsyncGenerator<LogBatch>,
  keep: (r: LogBatch["records"][number]) => boolean,
): AsyncGenerator<LogBatch> {
  for await (const b of source) yield { records: b.records.filter(keep), end: b.end };
}
