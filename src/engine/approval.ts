/**
 * Answering a pending approval: `taskline approve` and `taskline reject`
 * record `approval_resolved` in the paused run (continuing its seq, under
 * the task's lock) and move the run's position: an approval continues after
 * the gate, a rejection sends the work back to the phase before it.
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import type { Gate } from "../contract/events.ts";
import { TasklineError } from "../errors.ts";
import { RunRecorder } from "../store/recorder.ts";
import type { Settings } from "../store/settings.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { Task } from "../store/tasks.ts";
import type { EnginePosition } from "./engine.ts";

/** The decision. */
export interface Decision {
  approved: boolean;
  /** The comment of an approval or the reason of a rejection. */
  comment: string | null;
}

/** What was answered. */
export interface Resolved {
  gate: Gate;
  run: string;
  envelope: Envelope;
  /**
   * The run was not started by the scripted engine (`taskline record`: an
   * engine of the user's own): it goes on with `record --resume`, not `run --resume`.
   */
  recorded: boolean;
}

/**
 * Records a decision on the task's pending approval.
 *
 * @throws TasklineError `task-running` when a process runs the task,
 * `nothing-pending` when no approval waits.
 *
 * @example
 * ```ts
 * await resolveApproval(state, task, { approved: true, comment: null });
 * ```
 */
export async function resolveApproval(
  state: StateDir,
  task: Task,
  decision: Decision,
  options: { settings?: Settings } = {},
): Promise<Resolved> {
  const verb = decision.approved ? "approve" : "reject";
  let rec: RunRecorder;
  try {
    rec = await RunRecorder.open(state, task, { mode: "append", settings: options.settings });
  } catch (e) {
    if (e instanceof TasklineError && e.code === "not-found") {
      throw new TasklineError(
        "nothing-pending",
        `Cannot ${verb} task #${task.number}: it has no run, so nothing waits for approval`,
      );
    }
    if (e instanceof TasklineError && e.code === "task-running") {
      throw new TasklineError(
        "task-running",
        `Cannot ${verb} task #${task.number}: a process is running it, so nothing waits for approval`,
      );
    }
    throw e;
  }
  try {
    const rs = rec.runState;
    const gate = rs.pending_approval;
    if (!gate || rs.run !== rec.run) {
      throw new TasklineError(
        "nothing-pending",
        `Cannot ${verb} task #${task.number}: nothing is pending (its run ${
          rec.run.slice(0, 8)
        } does not wait for an approval)`,
      );
    }
    const envelope = rec.emit({
      type: "approval_resolved",
      gate,
      approved: decision.approved,
      comment: decision.comment,
    });
    rs.pending_approval = null;
    rs.approvals = [...rs.approvals, {
      gate,
      approved: decision.approved,
      comment: decision.comment,
      at: envelope.at,
    }];
    const pos = rs.engine as EnginePosition | undefined;
    const recorded = !pos || typeof pos !== "object";
    if (pos && typeof pos === "object" && typeof pos.gate_phase === "number") {
      if (decision.approved) {
        pos.next_phase = pos.gate_phase + 1;
        pos.rework = null;
      } else {
        pos.next_phase = pos.gate_phase;
        pos.rework = { gate, comment: decision.comment };
      }
      pos.gate_phase = null;
    }
    await rec.saveState();
    return { gate, run: rec.run, envelope, recorded };
  } finally {
    await rec.close();
  }
}
