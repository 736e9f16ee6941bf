/**
 * `taskline approve <REF>` and `taskline reject <REF> --reason`: answer a
 * pending approval of a paused run.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { approveTask, decisionJson, rejectTask } from "../engine/actions.ts";
import { type CommandSpec, flagsOf, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline approve`, declared: its flags and help. */
export const APPROVE_SPEC: CommandSpec = {
  name: "approve",
  usage: ["<TASK> [options]"],
  about: `Approves the gate a paused run waits for (approval_resolved is recorded in
that run). Continue the run with \`taskline run <TASK> --resume\` (a run of
your own engine with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`,
  flags: {
    comment: {
      type: "string",
      value: "TEXT",
      description: "a comment, recorded with the approval",
    },
    json: {
      type: "boolean",
      description: "the decision as JSON: {task, run, gate, approved, comment, seq}",
    },
  },
};

/** `taskline reject`, declared: its flags and help. */
export const REJECT_SPEC: CommandSpec = {
  name: "reject",
  usage: ["<TASK> --reason <TEXT> [options]"],
  about: `Rejects the gate a paused run waits for: the work goes back to the phase
before the gate, which is played again on \`taskline run <TASK> --resume\` (a run
of your own engine goes on with \`taskline record <TASK> --resume\`).
Fails when nothing is pending or a process runs the task.`,
  flags: {
    reason: {
      type: "string",
      value: "TEXT",
      description: "why the gate is rejected (required), recorded with the rejection",
    },
    json: {
      type: "boolean",
      description: "the decision as JSON: {task, run, gate, approved, comment, seq}",
    },
  },
};

/**
 * What approve and reject parse: the flags of both, so that the other's flag
 * is answered by name (\`use --comment\`) rather than as an unknown option.
 */
const DECIDE_FLAGS = flagsOf([APPROVE_SPEC, REJECT_SPEC]);

async function decide(ctx: Context, args: string[], approved: boolean): Promise<number> {
  const name = approved ? "approve" : "reject";
  const { values, positionals } = parseArgs(name, args, DECIDE_FLAGS);
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError(
      "usage",
      `taskline ${name}: name one task, for example \`taskline ${name} 3\``,
    );
  }
  if (approved && values.reason !== undefined) {
    throw new TasklineError("usage", "taskline approve: use --comment (--reason is for reject)");
  }
  if (!approved && values.comment !== undefined) {
    throw new TasklineError("usage", "taskline reject: use --reason (--comment is for approve)");
  }
  const text = approved ? values.comment : values.reason;
  if (!approved && (typeof text !== "string" || text.trim() === "")) {
    throw new TasklineError("usage", "taskline reject: say why with --reason TEXT");
  }
  const task = await ctx.task(positionals[0]);
  const settings = await ctx.settings();
  const r = approved
    ? await approveTask(ctx.state, task, typeof text === "string" ? text : null, { settings })
    : await rejectTask(ctx.state, task, String(text), { settings });
  const n = task.number;
  if (ctx.json) {
    await ctx.io.stdout.write(JSON.stringify(decisionJson(task, r)) + "\n");
  } else {
    await ctx.io.stdout.write(
      `${approved ? "Approved" : "Rejected"} the ${r.gate} gate of task #${n} (run ${
        r.run.slice(0, 8)
      }). Continue with \`${
        r.recorded ? `<your engine> | taskline record ${n} --resume` : `taskline run ${n} --resume`
      }\`.\n`,
    );
  }
  return 0;
}

export function approveCommand(ctx: Context, args: string[]): Promise<number> {
  return decide(ctx, args, true);
}

export function rejectCommand(ctx: Context, args: string[]): Promise<number> {
  return decide(ctx, args, false);
}
