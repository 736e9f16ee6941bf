/**
 * Helpers of the `taskline record` tests: a task's log as parsed lines, and
 * bare events to feed a producer's way.
 *
 * @module
 */
import { assert } from "./assert.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import type { Task } from "../src/store/tasks.ts";

/** One parsed log line. */
export interface Line {
  schema: number;
  seq?: number;
  at: string;
  event: Record<string, unknown> & { type: string };
}

/** The task's log, parsed line by line (every line must be whole JSON). */
export async function logLines(state: StateDir, task: Task): Promise<Line[]> {
  let text: string;
  try {
    text = await Deno.readTextFile(state.logPath(task.dir));
  } catch {
    return [];
  }
  assert(text === "" || text.endsWith("\n"), "the log ends with a complete line");
  return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
}

/** The types of log lines. */
export const typesOf = (ls: Line[]): string[] => ls.map((l) => l.event.type);

/** Asserts seq 1..n without a gap, and one run id throughout. */
export function assertGapless(ls: Line[]): void {
  ls.forEach((l, i) => assert(l.seq === i + 1, `line ${i + 1} has seq ${l.seq}`));
  const runs = new Set(ls.map((l) => l.event.run));
  assert(runs.size === 1, `one run, got ${[...runs].join(", ")}`);
}

/** Bare events as a producer writes them, one JSON object a line. */
export function bare(...events: Array<Record<string, unknown>>): string {
  return events.map((e) => JSON.stringify(e) + "\n").join("");
}

/** Polls until `test` holds, at most `timeoutMs`; false on timeout. */
export async function until(test: () => Promise<boolean>, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return await test();
}

/** A phase with an agent and one tool call, as bare events. */
export function somePhase(call = "0a1b2c3d4e5f"): Array<Record<string, unknown>> {
  return [
    { type: "phase_started", phase: "build" },
    { type: "agent_started", role: "coder", subtask: null, model: "m-1" },
    {
      type: "tool_called",
      role: "coder",
      tool: "bash",
      input: { command: "make" },
      call,
      subtask: null,
    },
    {
      type: "tool_returned",
      role: "coder",
      tool: "bash",
      is_error: false,
      duration_ms: 12,
      call,
      subtask: null,
      exit_code: 0,
      timed_out: false,
      output: "built\n",
    },
    {
      type: "agent_finished",
      role: "coder",
      steps: 1,
      usage: { input_tokens: 100, output_tokens: 20, cache_read_tokens: 0, cache_write_tokens: 0 },
      stop: '{"reason":"completed"}',
    },
    { type: "phase_finished", phase: "build", success: true, summary: "built" },
  ];
}
