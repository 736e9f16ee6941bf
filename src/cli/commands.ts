/**
 * The command table: one line a command. Each command is a file of its own.
 *
 * @module
 */
import type { Context } from "./context.ts";
import { EVENTS_HELP, eventsCommand } from "./cmd_events.ts";
import { SCHEMA_HELP, schemaCommand } from "./cmd_schema.ts";

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
};
