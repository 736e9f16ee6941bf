/**
 * The command table: one line a command. Each command is a file of its own,
 * loaded only when it runs, so that `taskline events` does not pay for the
 * server, the terminal UI or the engine at start-up.
 *
 * @module
 */
import type { Context } from "./context.ts";
import { type CommandSpec, type Flags, flagValues, listOption } from "./args.ts";
import { EVERYTHING, type Keeps, NOTHING, READS, WRITES } from "../sandbox.ts";

/** What a command module gives: its declaration (flags and help, src/cli/help.ts) and its body. */
export interface CommandModule {
  spec: CommandSpec;
  run(ctx: Context, args: string[]): Promise<number>;
}

/** A command: what it does in one line, what it keeps of the permissions, and how to load it. */
export interface Command {
  summary: string;
  /**
   * What the command keeps of the program's permissions, given its
   * arguments (not parsed yet) and its declared flags; the rest is given up
   * before it runs (docs/permissions.md).
   */
  keeps(args: readonly string[], flags: Flags): Keeps;
  load(): Promise<CommandModule>;
}

/** `task` and `memory`: their subcommands that change something write; the others only read. */
function writesIf(...subcommands: string[]): (args: readonly string[]) => Keeps {
  return (args) => subcommands.includes(args[0] ?? "") ? WRITES : READS;
}

/**
 * Every command of the command line, by name. The commands of the other
 * surfaces (`serve`, `tui`) are added above the surfaces, in src/app/.
 */
export const COMMANDS: Record<string, Command> = {
  events: {
    summary: "replay and follow events",
    keeps: (args, flags) => {
      // A follow that shows agent_delta (human lines, with -v or --type naming it) listens on
      // the live channel and announces it in .taskline/.
      const v = flagValues("events", args, flags);
      return v.follow === true && v.json !== true &&
          (v.verbose === true || listOption(v.type).includes("agent_delta"))
        ? EVERYTHING
        : READS;
    },
    load: () =>
      import("./cmd_events.ts").then((m) => ({ spec: m.EVENTS_SPEC, run: m.eventsCommand })),
  },
  schema: {
    summary: "print the JSON Schema of an event line",
    keeps: () => NOTHING,
    load: () =>
      import("./cmd_schema.ts").then((m) => ({ spec: m.SCHEMA_SPEC, run: m.schemaCommand })),
  },
  run: {
    summary: "run a task (scripted engine) or resume it",
    keeps: () => EVERYTHING,
    load: () => import("./cmd_run.ts").then((m) => ({ spec: m.RUN_SPEC, run: m.runCommand })),
  },
  record: {
    summary: "record a run from an engine of your own (events on stdin)",
    keeps: () => EVERYTHING,
    load: () =>
      import("./cmd_record.ts").then((m) => ({ spec: m.RECORD_SPEC, run: m.recordCommand })),
  },
  approve: {
    summary: "approve a pending gate",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_approve.ts").then((m) => ({ spec: m.APPROVE_SPEC, run: m.approveCommand })),
  },
  reject: {
    summary: "reject a pending gate",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_approve.ts").then((m) => ({ spec: m.REJECT_SPEC, run: m.rejectCommand })),
  },
  cancel: {
    summary: "stop a running task",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_cancel.ts").then((m) => ({ spec: m.CANCEL_SPEC, run: m.cancelCommand })),
  },
  init: {
    summary: "set up .taskline/ in this project",
    keeps: () => WRITES,
    load: () => import("./cmd_init.ts").then((m) => ({ spec: m.INIT_SPEC, run: m.initCommand })),
  },
  task: {
    summary: "new, list, show, import, discard tasks",
    keeps: writesIf("new", "discard", "import"),
    load: () => import("./cmd_task.ts").then((m) => ({ spec: m.TASK_SPEC, run: m.taskCommand })),
  },
  memory: {
    summary: "list or clear the project memory",
    keeps: writesIf("clear"),
    load: () =>
      import("./cmd_memory.ts").then((m) => ({ spec: m.MEMORY_SPEC, run: m.memoryCommand })),
  },
  doctor: {
    summary: "check the state directory",
    keeps: () => READS,
    load: () =>
      import("./cmd_doctor.ts").then((m) => ({ spec: m.DOCTOR_SPEC, run: m.doctorCommand })),
  },
  history: {
    summary: "what each task delivered and cost",
    // Its cache of log summaries is in .taskline/cache/history/.
    keeps: () => WRITES,
    load: () =>
      import("./cmd_history.ts").then((m) => ({ spec: m.HISTORY_SPEC, run: m.historyCommand })),
  },
  ship: {
    summary: "publish this project's tasks to NATS JetStream",
    keeps: (args, flags) =>
      // --live listens on the live channel and announces it in .taskline/.
      flagValues("ship", args, flags).live === true
        ? EVERYTHING
        : { read: true, write: false, net: true },
    load: () => import("./cmd_ship.ts").then((m) => ({ spec: m.SHIP_SPEC, run: m.shipCommand })),
  },
  mirror: {
    summary: "a replica .taskline/ of the projects shipped to NATS",
    keeps: () => EVERYTHING,
    load: () =>
      import("./cmd_mirror.ts").then((m) => ({ spec: m.MIRROR_SPEC, run: m.mirrorCommand })),
  },
  pr: {
    summary: "the text of a pull request for a task's branch",
    // Like history, whose summaries it reads: it keeps their cache.
    keeps: () => WRITES,
    load: () => import("./cmd_pr.ts").then((m) => ({ spec: m.PR_SPEC, run: m.prCommand })),
  },
  trace: {
    summary: "the tool calls of a run, with results",
    keeps: () => READS,
    load: () => import("./cmd_trace.ts").then((m) => ({ spec: m.TRACE_SPEC, run: m.traceCommand })),
  },
};
