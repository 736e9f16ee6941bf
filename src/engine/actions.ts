/**
 * What a person does to tasks, below every surface: create a task, run or
 * resume it, cancel its run, approve or reject the gate its run waits for.
 * `taskline task new|run|cancel|approve|reject`, the server's write routes
 * and the terminal UI's keys call these functions, so each action has the
 * same checks, errors and events wherever it is asked for:
 *
 * - {@link newTask}: a title is required.
 * - {@link checkRunRequest} and {@link startRun}: a run already running is
 *   refused (`task-running`), a paused run is resumed, not restarted, unless
 *   asked (`wrong-state`); `startRun` answers once the run holds the task.
 * - {@link requestCancel}: refused when no process runs the task
 *   (`not-running`); the running process stops and logs `run_finished`.
 * - {@link approveTask} and {@link rejectTask}: log `approval_resolved`;
 *   refused when nothing is pending (`nothing-pending`); a rejection needs
 *   a reason (`usage`).
 * - {@link RunHost}: runs started inside a long-lived process (the server,
 *   the terminal UI), stopped resumably when that process stops.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { isTaskRunning } from "../store/lock.ts";
import type { RecorderSink } from "../store/recorder.ts";
import type { Settings } from "../store/settings.ts";
import { orNotFound, type StateDir, writeFileAtomic } from "../store/state_dir.ts";
import { createTask, readTask, type Task } from "../store/tasks.ts";
import { resolveApproval, type Resolved } from "./approval.ts";
import { type RunSummary, runTask, type RunTaskOptions } from "./run_task.ts";
import type { Scenario } from "./scenario.ts";

/** Longest task title, in characters. */
export const TITLE_CHARS_MAX = 1000;
/** Longest task description, comment or reason, in characters. */
export const TEXT_CHARS_MAX = 32 * 1024;

// ------------------------------------------------------------------ create

/** What {@link newTask} needs. */
export interface NewTaskInput {
  title: string;
  /** Default none. */
  description?: string;
}

/**
 * Creates a task (status `ready`).
 *
 * @throws TasklineError `usage` without a title or with texts too long;
 * `not-found` when the project has no state directory.
 *
 * @example
 * ```ts
 * const task = await newTask(state, { title: "Add login" });
 * ```
 */
export async function newTask(state: StateDir, input: NewTaskInput): Promise<Task> {
  if (typeof input.title !== "string" || input.title.trim() === "") {
    throw new TasklineError("usage", "Cannot create a task: it needs a title");
  }
  if (input.title.length > TITLE_CHARS_MAX) {
    throw new TasklineError(
      "usage",
      `Cannot create a task: its title has more than ${TITLE_CHARS_MAX} characters`,
    );
  }
  if (input.description !== undefined) {
    if (typeof input.description !== "string") {
      throw new TasklineError("usage", "Cannot create a task: its description must be text");
    }
    if (input.description.length > TEXT_CHARS_MAX) {
      throw new TasklineError(
        "usage",
        `Cannot create a task: its description has more than ${TEXT_CHARS_MAX} characters`,
      );
    }
  }
  await state.requireExists();
  return await createTask(state, input.title, {
    ...(input.description !== undefined ? { description: input.description } : {}),
  });
}

// ------------------------------------------------------------------ approve, reject

/** Options of {@link approveTask} and {@link rejectTask}. */
export interface DecideOptions {
  settings?: Settings;
}

/**
 * Approves the gate the task's paused run waits for: logs
 * `approval_resolved` (approved true) in that run.
 *
 * @throws TasklineError `nothing-pending` when no gate waits,
 * `task-running` when a process runs the task.
 *
 * @example
 * ```ts
 * await approveTask(state, task, "looks right");
 * ```
 */
export async function approveTask(
  state: StateDir,
  task: Task,
  comment: string | null = null,
  options: DecideOptions = {},
): Promise<Resolved> {
  checkText(comment, `Cannot approve task #${task.number}: the comment`);
  return await resolveApproval(state, await fresh(state, task), {
    approved: true,
    comment: comment === null || comment === "" ? null : comment,
  }, options);
}

/**
 * Rejects the gate the task's paused run waits for: logs
 * `approval_resolved` (approved false, the reason as comment); the work goes
 * back to the phase before the gate.
 *
 * @throws TasklineError `usage` without a reason; as {@link approveTask}.
 *
 * @example
 * ```ts
 * await rejectTask(state, task, "the spec misses the error cases");
 * ```
 */
export async function rejectTask(
  state: StateDir,
  task: Task,
  reason: string,
  options: DecideOptions = {},
): Promise<Resolved> {
  if (typeof reason !== "string" || reason.trim() === "") {
    throw new TasklineError(
      "usage",
      `Cannot reject task #${task.number}: a rejection needs a reason`,
    );
  }
  checkText(reason, `Cannot reject task #${task.number}: the reason`);
  return await resolveApproval(state, await fresh(state, task), {
    approved: false,
    comment: reason,
  }, options);
}

/**
 * What `taskline approve|reject --json` prints and the approve and reject
 * routes answer.
 */
export function decisionJson(task: Task, r: Resolved): Record<string, unknown> {
  const e = r.envelope.event as { approved?: boolean; comment?: string | null };
  return {
    task: { id: task.id, number: task.number, dir: task.dir },
    run: r.run,
    gate: r.gate,
    approved: e.approved === true,
    comment: e.comment ?? null,
    seq: r.envelope.seq,
  };
}

function checkText(text: string | null, what: string) {
  if (text === null) return;
  if (typeof text !== "string") throw new TasklineError("usage", `${what} must be text`);
  if (text.length > TEXT_CHARS_MAX) {
    throw new TasklineError("usage", `${what} has more than ${TEXT_CHARS_MAX} characters`);
  }
}

/** The task as task.json says now (a long-lived process may hold an old copy). */
async function fresh(state: StateDir, task: Task): Promise<Task> {
  const removed = `Cannot find task #${task.number}: it was removed`;
  try {
    return await orNotFound(readTask(state, task.dir), removed);
  } catch (e) {
    if (e instanceof TasklineError && (e.code === "bad-state" || e.code === "bad-state-file")) {
      throw new TasklineError("not-found", removed);
    }
    throw e;
  }
}

// ------------------------------------------------------------------ cancel

/**
 * Asks the process that runs the task to stop, by writing the task's
 * `cancel.request`: that process ends the run with `run_finished` (status
 * `cancelled`), and it can be resumed.
 *
 * @throws TasklineError `not-running` when no process runs the task.
 *
 * @example
 * ```ts
 * await requestCancel(state, task);
 * const stopped = await waitStopped(state, task, { timeoutMs: 10_000 });
 * ```
 */
export async function requestCancel(state: StateDir, task: Task): Promise<void> {
  if (!(await isTaskRunning(state, task.dir))) {
    throw new TasklineError(
      "not-running",
      `Cannot cancel task #${task.number}: no process is running it`,
    );
  }
  await writeFileAtomic(
    state.cancelPath(task.dir),
    JSON.stringify({ at: new Date().toISOString() }) + "\n",
  );
}

/**
 * What `taskline cancel --json` prints and the cancel route answers;
 * `stopped` tells whether the run was seen to stop (the route does not
 * wait: always false there).
 */
export function cancelJson(task: Task, stopped: boolean): Record<string, unknown> {
  return { task: { id: task.id, number: task.number, dir: task.dir }, requested: true, stopped };
}

/** Waits until no process runs the task; false when `timeoutMs` passed first. */
export async function waitStopped(
  state: StateDir,
  task: Task,
  options: { timeoutMs: number; pollIntervalMs?: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (!(await isTaskRunning(state, task.dir))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, options.pollIntervalMs ?? 50));
  }
}

// ------------------------------------------------------------------ run

/**
 * A run as asked for, before it is checked: the options of `taskline run`
 * or the body of `POST /api/tasks/{ref}/run`. Numbers may come as text.
 */
export interface RunRequest {
  resume?: unknown;
  restart?: unknown;
  scenario?: unknown;
  speed?: unknown;
  maxTokens?: unknown;
  maxDuration?: unknown;
}

/** How the surface names each option, for error messages. */
export type RunOptionNames = Record<keyof RunRequest, string>;

/** The names of `taskline run`'s options. */
export const CLI_RUN_NAMES: RunOptionNames = {
  resume: "--resume",
  restart: "--restart",
  scenario: "--scenario",
  speed: "--speed",
  maxTokens: "--max-tokens",
  maxDuration: "--max-duration",
};

/** A checked run request. */
export interface RunPlan {
  resume: boolean;
  restart: boolean;
  /** A scenario name for a new run (see loadScenario); undefined: the built-in one. */
  scenario?: string;
  speed: number;
  /** undefined: `pipeline.max_tokens`. */
  maxTokens?: number;
  /** undefined: `pipeline.max_duration_secs`. */
  maxDurationSecs?: number;
}

/**
 * Checks a run request.
 *
 * @throws TasklineError `usage` naming the option as the surface names it.
 *
 * @example
 * ```ts
 * checkRunRequest({ resume: true, maxTokens: "5000" }, CLI_RUN_NAMES);
 * ```
 */
export function checkRunRequest(req: RunRequest, names: RunOptionNames): RunPlan {
  const flag = (key: "resume" | "restart"): boolean => {
    const v = req[key];
    if (v === undefined || v === null) return false;
    if (typeof v !== "boolean") {
      throw new TasklineError("usage", `${names[key]} takes true or false, not ${show(v)}`);
    }
    return v;
  };
  const resume = flag("resume");
  const restart = flag("restart");
  let scenario: string | undefined;
  if (req.scenario !== undefined && req.scenario !== null) {
    if (typeof req.scenario !== "string" || req.scenario === "") {
      throw new TasklineError("usage", `${names.scenario} takes a name, not ${show(req.scenario)}`);
    }
    scenario = req.scenario;
  }
  if (resume && (scenario !== undefined || restart)) {
    throw new TasklineError(
      "usage",
      `${names.resume} plays the run's own scenario; it does not go with ${names.scenario} or ${names.restart}`,
    );
  }
  let speed = 1;
  if (req.speed !== undefined && req.speed !== null) {
    speed = typeof req.speed === "number" || typeof req.speed === "string"
      ? Number(req.speed)
      : NaN;
    if (!Number.isFinite(speed) || speed <= 0 || req.speed === "") {
      throw new TasklineError(
        "usage",
        `${names.speed} takes a positive number, not ${show(req.speed)}`,
      );
    }
  }
  let maxTokens: number | undefined;
  if (req.maxTokens !== undefined && req.maxTokens !== null) {
    const s = typeof req.maxTokens === "number" || typeof req.maxTokens === "string"
      ? String(req.maxTokens)
      : "";
    if (!/^\d{1,15}$/.test(s) || Number(s) === 0) {
      throw new TasklineError(
        "usage",
        `${names.maxTokens} takes a positive integer, not ${show(req.maxTokens)}`,
      );
    }
    maxTokens = Number(s);
  }
  let maxDurationSecs: number | undefined;
  if (req.maxDuration !== undefined && req.maxDuration !== null) {
    const v = req.maxDuration;
    maxDurationSecs = typeof v === "number" || typeof v === "string"
      ? parseDurationSecs(String(v), names.maxDuration)
      : parseDurationSecs("", names.maxDuration);
  }
  return {
    resume,
    restart,
    speed,
    ...(scenario !== undefined ? { scenario } : {}),
    ...(maxTokens !== undefined ? { maxTokens } : {}),
    ...(maxDurationSecs !== undefined ? { maxDurationSecs } : {}),
  };
}

function show(v: unknown): string {
  const text = typeof v === "string" ? `"${v}"` : JSON.stringify(v) ?? String(v);
  return text.length > 42 ? text.slice(0, 40) + "…" : text;
}

/**
 * Seconds of `90`, `90s`, `15m`, `2h`, `1h30m`.
 *
 * @throws TasklineError `usage` naming the option `name`.
 */
export function parseDurationSecs(text: string, name = "--max-duration"): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const n = Number(t);
    if (n > 0) return n;
  }
  const m = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(t);
  if (m && t !== "") {
    const secs = Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 +
      Number(m[4] ?? 0);
    if (secs > 0) return secs;
  }
  throw new TasklineError(
    "usage",
    `${name} takes seconds or a time such as 90s, 15m, 1h30m, not "${t.slice(0, 40)}"`,
  );
}

/** A run that holds its task. */
export interface StartedRun {
  /** The run id (the same as before for a resume). */
  run: string;
  /** The seq of its `run_started`. */
  seq: number;
  resume: boolean;
  /** Settles when the run ended (finished, paused, cancelled or failed). */
  done: Promise<RunSummary>;
}

/** Options of {@link startRun}: those of runTask but the plan's. */
export type StartRunOptions =
  & Omit<
    RunTaskOptions,
    "resume" | "restart" | "speed" | "maxTokens" | "maxDurationSecs" | "scenario" | "onStart"
  >
  & {
    /** The loaded scenario of `plan.scenario`. Default: the built-in one. */
    scenario?: Scenario;
  };

/**
 * Starts (or resumes) a run of the task with the scripted engine, and
 * answers once the run holds the task and has published `run_started`. A
 * refusal (`task-running`, `wrong-state`) is thrown from here, before
 * anything is published.
 *
 * @example
 * ```ts
 * const started = await startRun(state, task, checkRunRequest({}, CLI_RUN_NAMES), { settings });
 * const summary = await started.done;
 * ```
 */
export async function startRun(
  state: StateDir,
  task: Task,
  plan: RunPlan,
  options: StartRunOptions,
): Promise<StartedRun> {
  const held = Promise.withResolvers<{ run: string; seq: number }>();
  const done = runTask(state, await fresh(state, task), {
    ...options,
    resume: plan.resume,
    restart: plan.restart,
    speed: plan.speed,
    ...(plan.maxTokens !== undefined ? { maxTokens: plan.maxTokens } : {}),
    ...(plan.maxDurationSecs !== undefined ? { maxDurationSecs: plan.maxDurationSecs } : {}),
    onStart: (s) => held.resolve(s),
  });
  // A run that ends without starting (refused) settles `held` with its error.
  done.then(
    () => held.reject(new Error("the run ended before it started")),
    (e) => held.reject(e),
  );
  const s = await held.promise;
  return { ...s, resume: plan.resume, done };
}

// ------------------------------------------------------------------ runs of a long-lived process

/** Options of {@link RunHost}. */
export interface RunHostOptions {
  /** The project's settings, read at each start (the file may change). */
  settings: () => Promise<Settings>;
  /** Given every envelope of the host's runs (ephemeral ones to live clients). */
  sink?: RecorderSink;
  /** Why a run stopped when the host closed, as the run's log says. */
  closeMessage: string;
  /** Told about a repaired log tail. */
  onRepair?: (message: string) => void;
  /** Told when a run ends (with its summary) or fails to end cleanly (with the error). */
  onEnd?: (task: Task, outcome: RunSummary | Error) => void;
}

/**
 * The runs started inside one long-lived process (the server, the terminal
 * UI). They run under the process's own permissions; {@link close} stops
 * every one of them resumably (status `cancelled`, `run --resume`
 * continues it) and waits for their `run_finished`. Other processes see
 * them as any run: `taskline cancel` stops one, `events -f` follows it.
 *
 * @example
 * ```ts
 * const host = new RunHost(state, { settings, closeMessage: "the server stopped" });
 * const started = await host.start(task, plan, scenario);
 * await host.close();
 * ```
 */
export class RunHost {
  readonly state: StateDir;
  readonly #options: RunHostOptions;
  readonly #stop = new AbortController();
  readonly #runs = new Map<string, Promise<unknown>>();

  constructor(state: StateDir, options: RunHostOptions) {
    this.state = state;
    this.#options = options;
  }

  /** How many runs of this host are running. */
  get active(): number {
    return this.#runs.size;
  }

  /** Starts a run (see {@link startRun}); refused once the host is closing. */
  async start(task: Task, plan: RunPlan, scenario?: Scenario): Promise<StartedRun> {
    if (this.#stop.signal.aborted) {
      throw new TasklineError("wrong-state", `Cannot run task #${task.number}: shutting down`);
    }
    const started = await startRun(this.state, task, plan, {
      settings: await this.#options.settings(),
      signal: this.#stop.signal,
      interruptMessage: this.#options.closeMessage,
      ...(scenario ? { scenario } : {}),
      ...(this.#options.sink ? { sink: this.#options.sink } : {}),
      ...(this.#options.onRepair ? { onRepair: this.#options.onRepair } : {}),
    });
    const key = `${task.dir}/${started.run}/${started.seq}`;
    const ended = started.done.then(
      (summary) => this.#options.onEnd?.(task, summary),
      (e) => this.#options.onEnd?.(task, e instanceof Error ? e : new Error(String(e))),
    ).finally(() => this.#runs.delete(key));
    this.#runs.set(key, ended);
    return started;
  }

  /** Stops every run resumably and waits until each has logged its end. */
  async close(): Promise<void> {
    this.#stop.abort();
    await Promise.all([...this.#runs.values()]);
  }
}
