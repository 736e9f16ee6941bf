/**
 * `taskline mirror <NATS-URL>`: a replica `.taskline/` built from JetStream.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { checkProject, mirror, natsCredentials, parseNatsUrl } from "../fleet/mod.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline mirror`, declared: its flags and help. */
export const MIRROR_SPEC: CommandSpec = {
  name: "mirror",
  usage: ["<NATS-URL> [options]"],
  about: `Builds .taskline/ of this directory from a stream that \`taskline ship\` writes,
and keeps it up to date until Ctrl-C. Each task of each project lands in
.taskline/tasks/<project>--<task dir>/ with its task.json, its events.jsonl
byte for byte as on its machine, and its tool outputs. \`events\`, \`history\`,
\`trace\`, \`serve\` and \`tui\` work on the replica as on any project (refer to
a task by its directory name, or its id: numbers of several projects collide).
After a crash it resumes from what it has written (a torn last line is cut).

Credentials as for \`taskline ship\` (TASKLINE_NATS_TOKEN, TASKLINE_NATS_NKEY, or
.taskline/nats.token, nats.nkey, nats.creds).`,
  flags: {
    stream: {
      type: "string",
      value: "NAME",
      description: "the stream",
      default: "fleet.stream of config.jsonc, else TASKLINE",
    },
    project: {
      type: "string",
      value: "NAME",
      description: "only this project",
      default: "every project of the stream",
    },
    live: {
      type: "boolean",
      description: "also the ephemeral events (agent_delta) that `ship --live` publishes: " +
        "handed to a `taskline serve` running on this replica, which streams them; never written",
    },
  },
};

export async function mirrorCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(MIRROR_SPEC.name, args, MIRROR_SPEC.flags);
  if (positionals.length !== 1) {
    throw new TasklineError("usage", "taskline mirror takes one argument: the NATS URL");
  }
  const addr = parseNatsUrl(positionals[0]);
  const project = values.project === undefined ? undefined : checkProject(values.project as string);
  const settings = await ctx.settings();
  const stream = (values.stream as string | undefined) ?? settings.fleet.stream;
  const auth = await natsCredentials(ctx.state, ctx.io.env);
  const stats = await mirror(ctx.state, addr, {
    stream,
    project,
    live: values.live === true,
    nats: { auth: auth.options },
    signal: ctx.io.signal,
    onReport: (m) => void ctx.warn(m),
    onReady: async (i) => {
      await ctx.io.stderr.write(
        `taskline mirror: stream ${i.stream} on ${i.server} from message ${i.from} into ${ctx.state.root}/\n`,
      );
      await ctx.io.stderr.flush();
    },
  });
  await ctx.io.stderr.write(
    `taskline mirror: ${stats.lines} lines, ${stats.outputs} outputs, ${stats.taskFiles} task files written${
      stats.unusable > 0 ? `, ${stats.unusable} unusable messages skipped` : ""
    }\n`,
  );
  return 0;
}
