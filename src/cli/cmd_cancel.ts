/**
 * `taskline cancel <REF>`: stops the process that runs a task, from another
 * terminal, by writing the task's `cancel.request`.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { cancelJson, requestCancel, waitStopped } from "../engine/actions.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline cancel`, declared: its flags and help. */
export const CANCEL_SPEC: CommandSpec = {
  name: "cancel",
  usage: ["<TASK> [options]"],
  about: `Asks the process that runs the task to stop; it ends the run with
run_finished (status cancelled) and exits 130. Waits up to 10 s for it to
stop unless --no-wait. Fails when no process runs the task.`,
  flags: {
    "no-wait": { type: "boolean", description: "return once asked, without waiting for the stop" },
    json: { type: "boolean", description: "the result as JSON: {task, requested, stopped}" },
  },
};

/** How long cancel waits for the run to stop, in milliseconds. */
const WAIT_MS_MAX = 10_000;

export async function cancelCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(CANCEL_SPEC.name, args, CANCEL_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError(
      "usage",
      "taskline cancel: name one task, for example `taskline cancel 3`",
    );
  }
  const task = await ctx.task(positionals[0]);
  await requestCancel(ctx.state, task);
  const stopped = values["no-wait"]
    ? false
    : await waitStopped(ctx.state, task, { timeoutMs: WAIT_MS_MAX });
  const n = task.number;
  if (ctx.json) {
    await ctx.io.stdout.write(JSON.stringify(cancelJson(task, stopped)) + "\n");
  } else if (stopped) {
    await ctx.io.stdout.write(`Cancelled the run of task #${n}.\n`);
  } else {
    await ctx.io.stdout.write(
      `Asked task #${n} to stop${values["no-wait"] ? "" : "; it has not stopped yet"}.\n`,
    );
  }
  return 0;
}
