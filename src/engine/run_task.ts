/**
 * One invocation of `taskline run`: opens the run through the recorder,
 * plays the scenario with the engine, and ends the run the way the contract
 * says (paused, cancelled, failed or done, always with `run_finished`).
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import type { Gate } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { appendLesson } from "../store/memory.ts";
import { type RecorderSink, RunRecorder } from "../store/recorder.ts";
import type { Settings } from "../store/settings.ts";
import type { StateDir } from "../store/state_dir.ts";
import { saveTask, type Task } from "../store/tasks.ts";
import { BUILTIN_SCENARIO } from "../../scenarios/builtin.ts";
import { clearCancelRequest, watchCancel } from "./cancel_watch.ts";
import {
  Engine,
  type EngineOutcome,
  type EnginePosition,
  startPosition,
  StopRun,
  tokensOf,
} from "./engine.ts";
import type { Scenario } from "./scenario.ts";

/**
 * What a run invocation ended with, as `--json` prints it last.
 * `run_status` tells scripts why the process exited: `done`, `failed`,
 * `cancelled`, `awaiting_approval` or `budget_exhausted`.
 */
export interface RunSummary {
  run_status: "done" | "failed" | "cancelled" | "awaiting_approval" | "budget_exhausted";
  /** Why the run did not finish: the error, the budget reached, or the cancellation; else null. */
  last_error: string | null;
  run: string;
  task: { id: string; number: number; dir: string; status: string };
  /** The gate waiting for a human, or null. */
  pending_approval: Gate | null;
  /** Totals of the whole run, resumes included. */
  tokens: number;
  token_limit: number | null;
  active_ms: number;
  duration_limit_ms: number | null;
  /** The seq of the run's last event. */
  seq: number;
  /** The exit code of `taskline run`. */
  exit_code: number;
}

/** Options of {@link runTask}. */
export interface RunTaskOptions {
  /** The scenario of a new run. Default: the built-in scenario. */
  scenario?: Scenario;
  /** Continue the task's current run. Default false. */
  resume?: boolean;
  /** Start a new run even when the current one is paused. Default false. */
  restart?: boolean;
  /** Timings are divided by this. Default 1. */
  speed?: number;
  /** Token budget for this invocation; default `pipeline.max_tokens`. */
  maxTokens?: number | null;
  /** Active-time budget in seconds for this invocation; default `pipeline.max_duration_secs`. */
  maxDurationSecs?: number | null;
  /** Project settings. */
  settings: Settings;
  /** Aborted on Ctrl-C: the run ends as cancelled. */
  signal?: AbortSignal;
  /** Called with every envelope as it is published, `agent_delta` included. */
  onEnvelope?: (env: Envelope) => void;
  /** Told about a repaired log tail. */
  onRepair?: (message: string) => void;
  /** Given every envelope with its task (the live channel to a server). Default none. */
  sink?: RecorderSink;
  /**
   * Called once the run holds the task and has published `run_started`;
   * every refusal (task running, wrong state) has been thrown before it.
   */
  onStart?: (started: { run: string; seq: number }) => void;
  /** Why an abort of `signal` stopped the run. Default "interrupted (Ctrl-C)". */
  interruptMessage?: string;
}

/** The task statuses a run leaves. */
export const TASK_STATUS = {
  running: "running",
  done: "done",
  failed: "failed",
  paused: "paused",
  cancelled: "cancelled",
} as const;

function positionOf(value: unknown): EnginePosition | null {
  if (!value || typeof value !== "object") return null;
  const p = value as EnginePosition;
  if (!p.scenario || !Array.isArray(p.scenario.phases) || typeof p.next_phase !== "number") {
    return null;
  }
  return {
    scenario: p.scenario,
    next_phase: p.next_phase,
    gate_phase: typeof p.gate_phase === "number" ? p.gate_phase : null,
    rework: p.rework ?? null,
    subtask_ids: p.subtask_ids && typeof p.subtask_ids === "object" ? p.subtask_ids : {},
    paused_by: p.paused_by ?? null,
  };
}

/**
 * Runs a task (or resumes its run) to its end or a pause.
 *
 * @throws TasklineError `task-running` when another process runs the task,
 * `wrong-state` when the task cannot be run or resumed as asked (paused,
 * waiting for an approval, done); nothing is published then.
 *
 * @example
 * ```ts
 * const summary = await runTask(state, task, { settings, speed: 50 });
 * ```
 */
export async function runTask(
  state: StateDir,
  task: Task,
  options: RunTaskOptions,
): Promise<RunSummary> {
  const resume = options.resume === true;
  const rec = await RunRecorder.open(state, task, {
    mode: resume ? "resume" : "new",
    settings: options.settings,
    onRepair: options.onRepair,
    sink: options.sink,
  });
  let stopWatch = () => {};
  try {
    const previousStatus = task.record.status;
    let pos: EnginePosition;
    if (resume) {
      const p = positionOf(rec.runState.engine);
      if (!p || rec.runState.run !== rec.run) {
        throw new TasklineError(
          "wrong-state",
          `Cannot resume task #${task.number}: its run ${
            rec.run.slice(0, 8)
          } comes from \`taskline record\`; continue it with \`taskline record ${task.number} --resume\` or start over with \`taskline run ${task.number} --restart\``,
        );
      }
      if (rec.runState.pending_approval) {
        throw new TasklineError(
          "wrong-state",
          `Cannot resume task #${task.number}: it waits for approval of the ${rec.runState.pending_approval} gate; answer with \`taskline approve ${task.number}\` or \`taskline reject ${task.number} --reason TEXT\``,
        );
      }
      if (previousStatus === TASK_STATUS.done) {
        throw new TasklineError(
          "wrong-state",
          `Cannot resume task #${task.number}: its run is done; start a new run with \`taskline run ${task.number}\``,
        );
      }
      pos = p;
    } else {
      if (previousStatus === TASK_STATUS.paused && !options.restart) {
        throw new TasklineError(
          "wrong-state",
          `Cannot start a new run of task #${task.number}: its run is paused; continue it with \`taskline run ${task.number} --resume\` or start over with --restart`,
        );
      }
      pos = startPosition(options.scenario ?? BUILTIN_SCENARIO);
    }
    await clearCancelRequest(state, task.dir);
    if (options.onEnvelope) rec.subscribe(options.onEnvelope);

    const tokenLimit = options.maxTokens !== undefined
      ? options.maxTokens
      : options.settings.pipeline.max_tokens;
    const durationSecs = options.maxDurationSecs !== undefined
      ? options.maxDurationSecs
      : options.settings.pipeline.max_duration_secs;
    const durationLimitMs = durationSecs === null ? null : Math.round(durationSecs * 1000);

    const stop = new AbortController();
    const onInterrupt = () =>
      stop.abort(new StopRun("interrupt", options.interruptMessage ?? "interrupted (Ctrl-C)"));
    if (options.signal?.aborted) onInterrupt();
    options.signal?.addEventListener("abort", onInterrupt, { once: true });
    stopWatch = watchCancel(state, task.dir, () => {
      stop.abort(new StopRun("cancel", "cancelled by `taskline cancel`"));
    });

    const started = rec.start();
    options.onStart?.({ run: rec.run, seq: started.seq ?? rec.seq });
    const summary = (
      run_status: RunSummary["run_status"],
      last_error: string | null,
      exit_code: number,
    ): RunSummary => ({
      run_status,
      last_error,
      run: rec.run,
      task: { id: task.id, number: task.number, dir: task.dir, status: task.record.status },
      pending_approval: rec.runState.pending_approval,
      tokens: tokensOf(rec.runState.usage),
      token_limit: tokenLimit,
      active_ms: rec.runState.active_ms,
      duration_limit_ms: durationLimitMs,
      seq: rec.seq,
      exit_code,
    });

    if (pos.scenario.workspace_error) {
      // The workspace could not be opened: the task keeps its status.
      const message = `Cannot open the workspace of task #${task.number} (branch ${
        task.record.branch ?? `taskline/${task.dir}`
      }): the scenario simulates a workspace that cannot be opened`;
      rec.emit({ type: "log", level: "error", message });
      await rec.finish({ success: false, status: previousStatus });
      return summary("failed", message, 1);
    }

    rec.runState.engine = pos;
    pos.paused_by = null;
    await rec.saveState();
    task.record.status = TASK_STATUS.running;
    await saveTask(state, task);

    const engine = new Engine(rec, pos, {
      speed: options.speed,
      approvals: options.settings.pipeline.approvals,
      maxValidationFixAttempts: options.settings.pipeline.max_validation_fix_attempts,
      autoMerge: options.settings.pipeline.auto_merge,
      tokenLimit,
      durationLimitMs,
      signal: stop.signal,
    });
    let outcome: EngineOutcome;
    try {
      outcome = await engine.play();
    } catch (e) {
      outcome = { kind: "failed", message: `internal error: ${(e as Error).message}` };
    }
    options.signal?.removeEventListener("abort", onInterrupt);
    stopWatch();

    let result: RunSummary;
    switch (outcome.kind) {
      case "done": {
        await rec.finish({ success: true, status: TASK_STATUS.done });
        task.record.status = TASK_STATUS.done;
        result = summary("done", null, 0);
        break;
      }
      case "approval": {
        rec.runState.pending_approval = outcome.gate;
        pos.paused_by = "approval";
        rec.emit({ type: "paused", reason: `waiting for approval of the ${outcome.gate}` });
        await rec.finish({ success: false, status: TASK_STATUS.paused });
        task.record.status = TASK_STATUS.paused;
        result = summary("awaiting_approval", null, 2);
        break;
      }
      case "stopped": {
        if (outcome.stop === "budget") {
          pos.paused_by = "budget";
          rec.emit({ type: "paused", reason: outcome.message });
          await rec.finish({ success: false, status: TASK_STATUS.paused });
          task.record.status = TASK_STATUS.paused;
          result = summary("budget_exhausted", outcome.message, 2);
        } else {
          rec.emit({ type: "log", level: "warn", message: `run stopped: ${outcome.message}` });
          await rec.finish({ success: false, status: TASK_STATUS.cancelled });
          task.record.status = TASK_STATUS.cancelled;
          result = summary("cancelled", outcome.message, 130);
        }
        break;
      }
      case "failed": {
        rec.emit({ type: "log", level: "error", message: outcome.message });
        await rec.finish({ success: false, status: TASK_STATUS.failed });
        task.record.status = TASK_STATUS.failed;
        result = summary("failed", outcome.message, 1);
        break;
      }
    }
    await saveTask(state, task);
    result.task.status = task.record.status;
    if (outcome.kind === "done" && options.settings.pipeline.project_memory) {
      await appendLesson(state, {
        at: new Date().toISOString(),
        task: task.id,
        number: task.number,
        title: task.record.title,
        run: rec.run,
        lesson: pos.scenario.lesson ??
          `#${task.number} "${task.record.title}" was done in ${pos.scenario.phases.length} phase(s) with ${rec.runState.validation_fix_attempts} validation fix(es) and ${
            tokensOf(rec.runState.usage)
          } tokens.`,
      });
    }
    return result;
  } catch (e) {
    await rec.close({ message: `run failed: ${(e as Error).message}` }).catch(() => {});
    if (rec.finished && task.record.status === TASK_STATUS.running) {
      task.record.status = TASK_STATUS.failed;
      await saveTask(state, task).catch(() => {});
    }
    throw e;
  } finally {
    stopWatch();
    // Still under the lock: a request meant for this run must not stop the next one.
    await clearCancelRequest(state, task.dir);
    await rec.close();
  }
}
