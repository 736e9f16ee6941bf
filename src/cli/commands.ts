/**
 * The command table: one line a command. Each command is a file of its own,
 * loaded only when it runs, so that `taskline events` does not pay for the
 * server, the terminal UI or the engine at start-up.
 *
 * @module
 */
import type { Context } from "./context.ts";
import { hasOption } from "./args.ts";
import { EVERYTHING, type Keeps, NOTHING, READS, WRITES } from "../sandbox.ts";

/** What a command module gives: its help and its body. */
export interface CommandModule {
  help: string;
  run(ctx: Context, args: string[]): Promise<number>;
}

/** A command: what it does in one line, what it keeps of the permissions, and how to load it. */
export interface Command {
  summary: string;
  /**
   * What the command keeps of the program's permissions, given its
   * arguments; the rest is given up before it runs (docs/permissions.md).
   */
  keeps(args: readonly string[]): Keeps;
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
    keeps: (args) =>
      // A follow that shows agent_delta (human lines, with -v or --type naming it) listens on
      // the live channel and announces it in .taskline/.
      hasOption(args, "follow", "f") && !hasOption(args, "json") &&
        (hasOption(args, "verbose", "v") || args.some((a) => a.includes("agent_delta")))
        ? EVERYTHING
        : READS,
    load: () =>
      import("./cmd_events.ts").then((m) => ({ help: m.EVENTS_HELP, run: m.eventsCommand })),
  },
  schema: {
    summary: "print the JSON Schema of an event line",
    keeps: () => NOTHING,
    load: () =>
      import("./cmd_schema.ts").then((m) => ({ help: m.SCHEMA_HELP, run: m.schemaCommand })),
  },
  run: {
    summary: "run a task (scripted engine) or resume it",
    keeps: () => EVERYTHING,
    load: () => import("./cmd_run.ts").then((m) => ({ help: m.RUN_HELP, run: m.runCommand })),
  },
  record: {
    summary: "record a run from an engine of your own (events on stdin)",
    keeps: () => EVERYTHING,
    load: () =>
      import("./cmd_record.ts").then((m) => ({ help: m.RECORD_HELP, run: m.recordCommand })),
  },
  approve: {
    summary: "approve a pending gate",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_approve.ts").then((m) => ({ help: m.APPROVE_HELP, run: m.approveCommand })),
  },
  reject: {
    summary: "reject a pending gate",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_approve.ts").then((m) => ({ help: m.REJECT_HELP, run: m.rejectCommand })),
  },
  cancel: {
    summary: "stop a running task",
    keeps: () => WRITES,
    load: () =>
      import("./cmd_cancel.ts").then((m) => ({ help: m.CANCEL_HELP, run: m.cancelCommand })),
  },
  init: {
    summary: "set up .taskline/ in this project",
    keeps: () => WRITES,
    load: () => import("./cmd_init.ts").then((m) => ({ help: m.INIT_HELP, run: m.initCommand })),
  },
  task: {
    summary: "new, list, show, import, discard tasks",
    keeps: writesIf("new", "discard", "import"),
    load: () => import("./cmd_task.ts").then((m) => ({ help: m.TASK_HELP, run: m.taskCommand })),
  },
  memory: {
    summary: "list or clear the project memory",
    keeps: writesIf("clear"),
    load: () =>
      import("./cmd_memory.ts").then((m) => ({ help: m.MEMORY_HELP, run: m.memoryCommand })),
  },
  doctor: {
    summary: "check the state directory",
    keeps: () => READS,
    load: () =>
      import("./cmd_doctor.ts").then((m) => ({ help: m.DOCTOR_HELP, run: m.doctorCommand })),
  },
  history: {
    summary: "what each task delivered and cost",
    // Its cache of log summaries is in .taskline/cache/history/.
    keeps: () => WRITES,
    load: () =>
      import("./cmd_history.ts").then((m) => ({ help: m.HISTORY_HELP, run: m.historyCommand })),
  },
  ship: {
    summary: "publish this project's tasks to NATS JetStream",
    keeps: (args) =>
      // --live listens on the live channel and announces it in .taskline/.
      hasOption(args, "live") ? EVERYTHING : { read: true, write: false, net: true },
    load: () => import("./cmd_ship.ts").then((m) => ({ help: m.SHIP_HELP, run: m.shipCommand })),
  },
  mirror: {
    summary: "a replica .taskline/ of the projects shipped to NATS",
    keeps: () => EVERYTHING,
    load: () =>
      import("./cmd_mirror.ts").then((m) => ({ help: m.MIRROR_HELP, run: m.mirrorCommand })),
  },
  pr: {
    summary: "the text of a pull request for a task's branch",
    keeps: () => READS,
    load: () => import("./cmd_pr.ts").then((m) => ({ help: m.PR_HELP, run: m.prCommand })),
  },
  trace: {
    summary: "the tool calls of a run, with results",
    keeps: () => READS,
    load: () => import("./cmd_trace.ts").then((m) => ({ help: m.TRACE_HELP, run: m.traceCommand })),
  },
};
