/**
 * The writer of the server fan-out benchmark: appends events to a task's
 * current run through the run recorder (the real producing side) at a fixed
 * rate for a fixed time, then prints `{"count","firstSeq","lastSeq","ms"}`.
 *
 * Run it from the project root, under the shipped permissions:
 *
 * ```sh
 * deno run --allow-read=.taskline --allow-write=.taskline scripts/bench_writer.ts --task 001-x --rate 1000 --seconds 30
 * ```
 *
 * @module
 */
import { RunRecorder } from "../src/store/recorder.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { readTask } from "../src/store/tasks.ts";

/** Longest the writer runs, whatever it is asked: a bound on the load it makes. */
const SECONDS_MAX = 120;
/** Highest rate it accepts, events per second. */
const RATE_MAX = 20_000;

function arg(name: string, fallback?: string): string {
  const i = Deno.args.indexOf(`--${name}`);
  const v = i >= 0 ? Deno.args[i + 1] : fallback;
  if (v === undefined) throw new Error(`bench_writer: --${name} is required`);
  return v;
}

if (import.meta.main) {
  const dir = arg("task");
  const rate = Math.min(RATE_MAX, Number(arg("rate", "1000")));
  const seconds = Math.min(SECONDS_MAX, Number(arg("seconds", "30")));
  const total = Math.round(rate * seconds);
  const state = new StateDir(".taskline");
  const task = await readTask(state, dir);
  const rec = await RunRecorder.open(state, task, { mode: "append" });
  const firstSeq = rec.seq + 1;
  const t0 = performance.now();
  let sent = 0;
  try {
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
      while (sent < due) {
        const k = sent++;
        const call = (0x100000000000 + k).toString(16).slice(-12);
        switch (k % 3) {
          case 0:
            rec.emit({ type: "agent_text", role: "coder", text: `Step ${k}: reading the module.` });
            break;
          case 1:
            rec.emit({
              type: "tool_called",
              role: "coder",
              tool: "read_file",
              input: { path: "src/auth/login.ts" },
              call,
              subtask: null,
            });
            break;
          default:
            rec.emit({
              type: "tool_returned",
              role: "coder",
              tool: "read_file",
              is_error: false,
              duration_ms: 3,
              preview: "export async function login(input: string) {",
              call,
              subtask: null,
              exit_code: null,
              timed_out: false,
              output_chars: 1200,
              output_file: null,
            });
        }
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  } finally {
    await rec.close();
  }
  console.log(JSON.stringify({
    count: sent,
    firstSeq,
    lastSeq: firstSeq + sent - 1,
    ms: Math.round(performance.now() - t0),
  }));
}
