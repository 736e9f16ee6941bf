/**
 * `taskline ship <NATS-URL>`: publishes this project's tasks to JetStream.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { natsCredentials, parseNatsUrl, projectName, ship } from "../fleet/mod.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline ship`, declared: its flags and help. */
export const SHIP_SPEC: CommandSpec = {
  name: "ship",
  usage: ["<NATS-URL> [options]"],
  about: `Publishes every task of this project to a NATS JetStream stream, and keeps
publishing what is appended, until Ctrl-C: each log line byte for byte, each
task.json, each kept tool output. It starts after what the stream already
holds for each task, so a restart neither loses nor repeats a line. The stream
(default TASKLINE, subjects taskline.>) is created when it is missing.
\`taskline mirror\` rebuilds the projects of a stream on another machine.

Credentials never go on the command line: TASKLINE_NATS_TOKEN or
TASKLINE_NATS_NKEY (a seed) in the environment, or .taskline/nats.token,
.taskline/nats.nkey or .taskline/nats.creds. The NATS host must be in the
program's permissions: see "Fleet" in the README.`,
  flags: {
    project: {
      type: "string",
      value: "NAME",
      description: "the project's name on the stream",
      default: "fleet.project of config.jsonc, else this directory's name",
    },
    stream: {
      type: "string",
      value: "NAME",
      description: "the stream",
      default: "fleet.stream of config.jsonc, else TASKLINE",
    },
    live: {
      type: "boolean",
      description: "also ephemeral events (agent_delta) of runs in other processes: received on " +
        "the live channel (as by `taskline serve`, which may run at the same time) and " +
        "published, not stored, on taskline_live.<project>.<task id>",
    },
  },
};

export async function shipCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(SHIP_SPEC.name, args, SHIP_SPEC.flags);
  if (positionals.length !== 1) {
    throw new TasklineError("usage", "taskline ship takes one argument: the NATS URL");
  }
  const addr = parseNatsUrl(positionals[0]);
  await ctx.state.requireExists();
  const settings = await ctx.settings();
  const project = await projectName(ctx.state, {
    given: values.project as string | undefined,
    configured: settings.fleet.project,
  });
  const stream = (values.stream as string | undefined) ?? settings.fleet.stream;
  const auth = await natsCredentials(ctx.state, ctx.io.env);
  const stats = await ship(ctx.state, addr, {
    project,
    stream,
    live: values.live === true,
    nats: { auth: auth.options },
    signal: ctx.io.signal,
    onReport: (m) => void ctx.warn(m),
    onReady: async (i) => {
      await ctx.io.stderr.write(
        `taskline ship: project ${project} to stream ${i.stream} on ${i.server} (credentials: ${auth.source})\n`,
      );
      await ctx.io.stderr.flush();
    },
  });
  await ctx.io.stderr.write(
    `taskline ship: ${stats.lines} lines, ${stats.outputs} outputs, ${stats.taskFiles} task files shipped${
      values.live
        ? `, ${stats.liveEvents} ephemeral events published (${stats.liveDropped} dropped while not connected)`
        : ""
    }\n`,
  );
  return 0;
}
