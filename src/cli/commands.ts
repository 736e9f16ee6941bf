/**
 * The command table: one line a command. Each command is a file of its own.
 *
 * @module
 */
import type { Context } from "./context.ts";
import { EVENTS_HELP, eventsCommand } from "./cmd_events.ts";
import { SCHEMA_HELP, schemaCommand } from "./cmd_schema.ts";
import { TUI_HELP, tuiCommand } from "./cmd_tui.ts";
import { RUN_HELP, runCommand } from "./cmd_run.ts";
import { APPROVE_HELP, approveCommand, REJECT_HELP, rejectCommand } from "./cmd_approve.ts";
import { CANCEL_HELP, cancelCommand } from "./cmd_cancel.ts";
import { INIT_HELP, initCommand } from "./cmd_init.ts";
import { TASK_HELP, taskCommand } from "./cmd_task.ts";
import { MEMORY_HELP, memoryCommand } from "./cmd_memory.ts";
import { DOCTOR_HELP, doctorCommand } from "./cmd_doctor.ts";
import { SERVE_HELP, serveCommand } from "./cmd_serve.ts";
import { HISTORY_HELP, historyCommand } from "./cmd_history.ts";
import { TRACE_HELP, traceCommand } from "./cmd_trace.ts";

/** A command: what it does in one line, its help, and its body. */
export interface Command {
  summary: string;
  help: string;
  run(ctx: Context, args: string[]): Promise<number>;
}

/** Every command, by name. */
export const COMMANDS: Record<string, Command> = {
  events: { summary: "replay and follow events", help: EVENTS_HELP, run: eventsCommand },
  schema: {
    summary: "print the JSON Schema of an event line",
    help: SCHEMA_HELP,
    run: schemaCommand,
  },
  run: { summary: "run a task (scripted engine) or resume it", help: RUN_HELP, run: runCommand },
  approve: { summary: "approve a pending gate", help: APPROVE_HELP, run: approveCommand },
  reject: { summary: "reject a pending gate", help: REJECT_HELP, run: rejectCommand },
  cancel: { summary: "stop a running task", help: CANCEL_HELP, run: cancelCommand },
  init: { summary: "set up .taskline/ in this project", help: INIT_HELP, run: initCommand },
  task: { summary: "new, list, show, import, discard tasks", help: TASK_HELP, run: taskCommand },
  memory: { summary: "list or clear the project memory", help: MEMORY_HELP, run: memoryCommand },
  doctor: { summary: "check the state directory", help: DOCTOR_HELP, run: doctorCommand },
  serve: { summary: "the local server: web UI and API", help: SERVE_HELP, run: serveCommand },
  tui: {
    summary: "the terminal UI: tasks, activity, history, trace",
    help: TUI_HELP,
    run: tuiCommand,
  },
  history: {
    summary: "what each task delivered and cost",
    help: HISTORY_HELP,
    run: historyCommand,
  },
  trace: { summary: "the tool calls of a run, with results", help: TRACE_HELP, run: traceCommand },
};
