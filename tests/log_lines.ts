/**
 * Small helpers of the unit tests of following (src/follow/): a log line of
 * a given seq, a temporary directory removed after the test, a temporary
 * project and an event appended to a task's log.
 *
 * @module
 */
import { encodeEnvelope } from "../src/codec/encode.ts";
import { StateDir } from "../src/store/state_dir.ts";
import type { Task } from "../src/store/tasks.ts";

/** A complete log line (with its newline) of schema 2: a `log` event of seq `seq`. */
export function logLine(seq: number): string {
  return JSON.stringify({
    schema: 2,
    seq,
    at: "2026-01-01T00:00:00Z",
    event: { type: "log", run: "r", level: "info", message: `m${seq}` },
  }) + "\n";
}

/** Runs `fn` with a new temporary directory, removed afterwards. */
export async function withTempDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** A temporary project: its state directory (with `tasks/`) and its root, to remove. */
export async function tempState(): Promise<{ state: StateDir; dir: string }> {
  const dir = await Deno.makeTempDir();
  const state = new StateDir(`${dir}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  return { state, dir };
}

/** Appends a `log` event of seq `seq` at `at` to the log of `task`. */
export function appendEvent(state: StateDir, task: Task, seq: number, at: string): Promise<void> {
  const line = encodeEnvelope({
    schema: 2,
    seq,
    at,
    event: { type: "log", run: "r", level: "info", message: `${task.number}/${seq}` },
  });
  return Deno.writeTextFile(state.logPath(task.dir), line + "\n", { append: true });
}
