/**
 * The program's whole command table: the command line's commands, and those
 * that start another surface (`serve`: the server and the web UI; `tui`: the
 * terminal UI). This is the one place above the surfaces, where they are
 * put together; no surface imports another.
 *
 * @module
 */
import { type Command, COMMANDS } from "../cli/commands.ts";
import { EVERYTHING } from "../sandbox.ts";

/** Every command, by name. */
export const ALL_COMMANDS: Record<string, Command> = {
  ...COMMANDS,
  serve: {
    summary: "the local server: web UI and API",
    keeps: () => EVERYTHING,
    load: () => import("./cmd_serve.ts").then((m) => ({ spec: m.SERVE_SPEC, run: m.serveCommand })),
  },
  tui: {
    summary: "the terminal UI: tasks, activity, history, trace",
    keeps: () => EVERYTHING,
    load: () => import("./cmd_tui.ts").then((m) => ({ spec: m.TUI_SPEC, run: m.tuiCommand })),
  },
};
