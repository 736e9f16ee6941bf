/**
 * `taskline tui`: the terminal UI.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { DenoTerminal, runTui, type ScreenId, TaskActions, TuiData } from "../tui/mod.ts";
import { type CommandSpec, parseArgs } from "../cli/args.ts";
import type { Context } from "../cli/context.ts";

/** `taskline tui`, declared: its flags and help. */
export const TUI_SPEC: CommandSpec = {
  name: "tui",
  usage: ["[<TASK>] [options]"],
  about: `The terminal UI: the task board, the live activity of every task, the
history of finished work, and the trace of a task's run. It follows the logs
as they are written. With a TASK it opens that task's Trace tab.

Keys (also shown on screen, ? for all of them):
  Tab / 1-4   Tasks, Activity, History, Trace      ↑ ↓  select, scroll
  Enter       a task's detail                      t    the task's trace
  /           filter                               q    quit
  n           new task (asks its title)            r R  run, resume the selected task
  c           cancel its run (asks to confirm)     a x  approve, reject (asks why)
A run started in the UI runs in its process and stops, resumably, when it quits.`,
  flags: {
    screen: {
      type: "string",
      value: "NAME",
      description: "the first screen: tasks, activity or history",
    },
  },
  notes: `It needs a terminal: when standard input or output is not one it exits with
2 and says so (scripts read \`taskline events --follow\` or \`--json\` instead).`,
};

const SCREENS: readonly ScreenId[] = ["tasks", "activity", "history"];

export async function tuiCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(TUI_SPEC.name, args, TUI_SPEC.flags);
  if (positionals.length > 1) {
    throw new TasklineError("usage", "taskline tui: name at most one task");
  }
  const screen = values.screen as string | undefined;
  if (screen !== undefined && !SCREENS.includes(screen as ScreenId)) {
    throw new TasklineError(
      "usage",
      `taskline tui: --screen takes ${SCREENS.join(", ")}, not "${screen.slice(0, 40)}"`,
    );
  }
  if (!ctx.io.stdout.isTerminal || !Deno.stdin.isTerminal()) {
    const which = !ctx.io.stdout.isTerminal ? "standard output" : "standard input";
    throw new TasklineError(
      "usage",
      `taskline tui: ${which} is not a terminal; the terminal UI needs one ` +
        "(for scripts use `taskline events --follow` or `--json`)",
    );
  }
  // Fail before taking over the screen: no project, an unknown task.
  await ctx.tasks();
  const task = positionals[0] !== undefined ? await ctx.task(positionals[0]) : undefined;
  const settings = await ctx.settings();
  await ctx.io.stdout.flush();
  const model = new TuiData(ctx.state, { settings });
  const actions = new TaskActions(ctx.state, { settings });
  try {
    return await runTui(model, new DenoTerminal(), {
      signal: ctx.io.signal,
      colour: ctx.io.env("NO_COLOR") === undefined || ctx.io.env("NO_COLOR") === "",
      screen: screen as ScreenId | undefined,
      task: task?.number,
      actions,
    });
  } finally {
    // Runs started in the UI end with it: cancelled, resumable.
    await actions.close();
  }
}
