/**
 * The terminal UI of `taskline tui`: three screens (Tasks, Activity,
 * History) and a Trace tab, on the library's views, live through the
 * project follower.
 *
 * - {@link runTui}: the loop (keys, resizes and model changes in, frames out).
 * - {@link TuiData}: the model, from the history and trace views and the feed.
 * - {@link DenoTerminal}: the process's terminal (raw mode, alternate screen).
 * - {@link TuiApp}: state and layout, without I/O (unit tests drive it).
 * - {@link TaskActions}: the task keys (new, run, resume, cancel, approve,
 *   reject), with the library's actions.
 *
 * @example
 * ```ts
 * const code = await runTui(new TuiData(new StateDir()), new DenoTerminal(), { signal });
 * ```
 *
 * @module
 */
export { type TuiActions, TuiApp, type TuiAppOptions } from "./app.ts";
export type { ScreenId } from "./view.ts";
export { TaskActions, type TaskActionsOptions } from "./actions.ts";
export { TuiData, type TuiDataOptions } from "./data.ts";
export { type LiveModel, runTui, type RunTuiOptions } from "./run.ts";
export { DenoTerminal, type TerminalPort } from "./terminal.ts";
export type * from "./model.ts";
