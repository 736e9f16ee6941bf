/**
 * `taskline events <task>`: replays a task's current run.
 *
 * @module
 */
import { encodeEnvelope } from "../codec/encode.ts";
import { TasklineError } from "../errors.ts";
import { openReplay } from "../follow/replay.ts";
import { intOption, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

export const EVENTS_HELP = `Usage: taskline events <TASK> [options]

Replays the events of a task's current run in seq order.

Options:
  --after <SEQ>     only events after that seq
  --run <PREFIX>    another run of the task
  --all             every run of the task (not with --after)
  --json            one envelope a line (the read form)`;

export async function eventsCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs("events", args, {
    after: { type: "string" },
    run: { type: "string" },
    all: { type: "boolean" },
    json: { type: "boolean" },
  });
  ctx.json = values.json === true;
  if (positionals.length !== 1) {
    throw new TasklineError(
      "usage",
      "taskline events: name one task, for example `taskline events 3`",
    );
  }
  const after = intOption("after", values.after);
  if (values.all && (after !== undefined || values.run !== undefined)) {
    throw new TasklineError("usage", "taskline events: --all does not go with --after or --run");
  }
  const task = await ctx.task(positionals[0]);
  const replay = await openReplay(ctx.state, task, {
    after,
    run: values.run as string | undefined,
    all: values.all === true,
    onProblem: ctx.problem,
    signal: ctx.io.signal,
  });
  const out = ctx.io.stdout;
  for await (const batch of replay.batches) {
    for (const r of batch.records) {
      await out.write(encodeEnvelope(r.env) + "\n");
    }
  }
  return 0;
}
