/**
 * The terminal UI's task keys, done with the library's actions
 * (src/engine/actions.ts): the same checks and events as `taskline task
 * new`, `run`, `cancel`, `approve` and `reject`. A run started here runs in
 * the UI's process (its `agent_delta` go to a running server through the
 * live channel); it stops, resumably, when the UI quits.
 *
 * @module
 */
import {
  approveTask,
  checkRunRequest,
  CLI_RUN_NAMES,
  newTask,
  rejectTask,
  requestCancel,
  RunHost,
} from "../engine/actions.ts";
import type { RunSummary } from "../engine/run_task.ts";
import { liveChannelSink, type LiveSink } from "../follow/live_channel.ts";
import { resolveRef } from "../store/refs.ts";
import { loadSettings, type Settings } from "../store/settings.ts";
import type { StateDir } from "../store/state_dir.ts";
import { listTasks, type Task } from "../store/tasks.ts";
import type { TuiActions } from "./app.ts";

/** Options of {@link TaskActions}. */
export interface TaskActionsOptions {
  settings: Settings;
  /** Told when a run started here ends, with a line saying how. */
  onNotice?: (text: string, ok: boolean) => void;
  /** Send `agent_delta` to a running server. Default true. */
  liveChannel?: boolean;
}

/**
 * The actions of the task keys.
 *
 * @example
 * ```ts
 * const actions = new TaskActions(state, { settings });
 * try { await runTui(model, term, { actions }); } finally { await actions.close(); }
 * ```
 */
export class TaskActions implements TuiActions {
  readonly state: StateDir;
  readonly #settings: Settings;
  readonly #host: RunHost;
  #live: LiveSink | null = null;
  onNotice: (text: string, ok: boolean) => void;

  constructor(state: StateDir, options: TaskActionsOptions) {
    this.state = state;
    this.#settings = options.settings;
    this.onNotice = options.onNotice ?? (() => {});
    if (options.liveChannel !== false) this.#live = liveChannelSink(state);
    const live = this.#live;
    this.#host = new RunHost(state, {
      // Read at each start, as each `taskline run` reads them.
      settings: async () => (await loadSettings(state)).settings,
      closeMessage: "cancelled: the terminal UI that ran it quit",
      ...(live ? { sink: live.sink } : {}),
      onEnd: (task, outcome) => this.onNotice(endText(task, outcome), !(outcome instanceof Error)),
    });
  }

  async #task(number: number): Promise<Task> {
    return resolveRef(`#${number}`, await listTasks(this.state));
  }

  async create(title: string): Promise<string> {
    const task = await newTask(this.state, { title });
    return `Created task #${task.number} ${task.record.title}`;
  }

  async run(number: number, resume: boolean): Promise<string> {
    const task = await this.#task(number);
    const started = await this.#host.start(task, checkRunRequest({ resume }, CLI_RUN_NAMES));
    return `${resume ? "Resumed" : "Started"} run ${started.run.slice(0, 8)} of #${number}`;
  }

  async cancel(number: number): Promise<string> {
    const task = await this.#task(number);
    await requestCancel(this.state, task);
    return `Asked the run of #${number} to stop`;
  }

  async approve(number: number, comment: string | null): Promise<string> {
    const task = await this.#task(number);
    const r = await approveTask(this.state, task, comment, { settings: this.#settings });
    return `Approved the ${r.gate} gate of #${number}; ${
      r.recorded
        ? `its engine resumes it (taskline record ${number} --resume)`
        : "R resumes its run"
    }`;
  }

  async reject(number: number, reason: string): Promise<string> {
    const task = await this.#task(number);
    const r = await rejectTask(this.state, task, reason, { settings: this.#settings });
    return `Rejected the ${r.gate} gate of #${number}; ${
      r.recorded
        ? `its engine resumes it (taskline record ${number} --resume)`
        : "R plays the work again"
    }`;
  }

  running(): number {
    return this.#host.active;
  }

  /** Stops the runs started here (resumable) and waits for their end. */
  async close(): Promise<void> {
    await this.#host.close();
    this.#live?.close();
  }
}

function endText(task: Task, outcome: RunSummary | Error): string {
  const n = task.number;
  if (outcome instanceof Error) return `The run of #${n} failed: ${outcome.message}`;
  switch (outcome.run_status) {
    case "done":
      return `The run of #${n} is done`;
    case "awaiting_approval":
      return `#${n} waits for approval of the ${outcome.pending_approval} gate: a approves, x rejects`;
    case "budget_exhausted":
      return `#${n} paused: ${outcome.last_error}`;
    case "cancelled":
      return `The run of #${n} stopped: ${outcome.last_error}; R resumes it`;
    case "failed":
      return `The run of #${n} failed: ${outcome.last_error}`;
  }
}
