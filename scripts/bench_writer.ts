/**
 * The writer of the server benchmarks, in two modes:
 *
 * - `--task DIR`: appends events to a task's current run through the run
 *   recorder (the real producing side) at a fixed rate for a fixed time,
 *   then prints `{"count","firstSeq","lastSeq","ms"}`.
 * - `--tasks DIR,DIR,...` (or `--tasks-file F`, one directory a line):
 *   appends to many tasks at once, round-robin, as another engine process
 *   would: each log opened once with `O_APPEND`, each line one `write`,
 *   continuing each task's run and seq (a task without a run gets a
 *   `run_started`). `--line-bytes N` pads the events to about N bytes
 *   (default 300); `--count N` stops after N events. Prints
 *   `{"count","tasks","ms"}`.
 *
 * Run it from the project root, under the shipped permissions:
 *
 * ```sh
 * deno run --allow-read=.taskline --allow-write=.taskline scripts/bench_writer.ts --task 001-x --rate 1000 --seconds 30
 * deno run --allow-read=.taskline --allow-write=.taskline scripts/bench_writer.ts --tasks-file .taskline/bench-tasks --rate 1000 --seconds 30
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

function has(name: string): boolean {
  return Deno.args.includes(`--${name}`);
}

function arg(name: string, fallback?: string): string {
  const i = Deno.args.indexOf(`--${name}`);
  const v = i >= 0 ? Deno.args[i + 1] : fallback;
  if (v === undefined) throw new Error(`bench_writer: --${name} is required`);
  return v;
}

/** One task written by the many-task writer. */
interface Target {
  file: Deno.FsFile;
  run: string;
  seq: number;
}

/** Opens a task's log for appending, continuing its last run (or starting one). */
async function target(state: StateDir, dir: string): Promise<Target> {
  const path = state.logPath(dir);
  let run = "";
  let seq = 0;
  const text = await Deno.readTextFile(path).catch(() => "");
  const lines = text.trimEnd().split("\n");
  for (let i = lines.length - 1; i >= 0 && run === ""; i--) {
    try {
      const l = JSON.parse(lines[i]);
      if (typeof l.seq === "number" && typeof l.event?.run === "string") {
        run = l.event.run;
        seq = l.seq;
      }
    } catch { /* not an event */ }
  }
  const file = await Deno.open(path, { append: true, create: true });
  const t: Target = { file, run: run || crypto.randomUUID(), seq };
  if (run === "") {
    const task = await readTask(state, dir);
    writeLine(t, { type: "run_started", run: t.run, task: task.id });
  }
  return t;
}

const encoder = new TextEncoder();

/**
 * Non-ASCII text as real agents write it (quotes, dashes, arrows, accents,
 * CJK, emoji), in one event of 20 (about the share of lines with such text
 * in real logs), whatever its type; the others as given.
 */
const NON_ASCII = [
  "“Done” — the café’s naïve résumé → fixed",
  "読み込み中… ✅ 🚀",
  "Größe ≤ 10 ⇒ ok · “quoted” — émigré",
];
function noteOf(k: number, text: string): string {
  return k % 20 === 7 ? `${NON_ASCII[k % NON_ASCII.length]} ${text}` : text;
}

/** Now, in RFC 3339 with microseconds (the latency is measured from it). */
function nowStamp(): string {
  const us = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  const s = new Date(Math.floor(us / 1000)).toISOString().slice(0, 19);
  return `${s}.${String(us % 1_000_000).padStart(6, "0")}Z`;
}

function writeLine(t: Target, event: Record<string, unknown>): void {
  t.seq++;
  const line = JSON.stringify({ schema: 2, seq: t.seq, at: nowStamp(), event }) +
    "\n";
  const bytes = encoder.encode(line);
  // One write a line, as an engine appending with O_APPEND does.
  const n = t.file.writeSync(bytes);
  if (n !== bytes.length) throw new Error(`short write: ${n} of ${bytes.length} bytes`);
}

async function manyTasks(): Promise<void> {
  const dirs = has("tasks-file")
    ? (await Deno.readTextFile(arg("tasks-file"))).split("\n").filter((l) => l.trim() !== "")
    : arg("tasks").split(",");
  const rate = Math.min(RATE_MAX, Number(arg("rate", "1000")));
  const seconds = Math.min(SECONDS_MAX, Number(arg("seconds", "30")));
  const total = Math.min(
    Number(arg("count", String(Math.round(rate * seconds)))),
    rate * SECONDS_MAX,
  );
  const pad = "x".repeat(Math.max(0, Number(arg("line-bytes", "300")) - 260));
  const state = new StateDir(".taskline");
  const targets: Target[] = [];
  for (const d of dirs) targets.push(await target(state, d));
  const t0 = performance.now();
  let sent = 0;
  try {
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
      while (sent < due) {
        const k = sent++;
        const t = targets[k % targets.length];
        writeLine(t, {
          type: "tool_called",
          run: t.run,
          role: "coder",
          tool: "read_file",
          input: { path: `src/module_${k % 97}.ts`, note: noteOf(k, pad) },
          call: (0x100000000000 + k).toString(16).slice(-12),
          subtask: null,
        });
      }
      await new Promise((r) => setTimeout(r, 1));
    }
  } finally {
    for (const t of targets) t.file.close();
  }
  console.log(JSON.stringify({
    count: sent,
    tasks: targets.length,
    ms: Math.round(performance.now() - t0),
  }));
}

if (import.meta.main && (has("tasks") || has("tasks-file"))) {
  await manyTasks();
} else if (import.meta.main) {
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
            rec.emit({
              type: "agent_text",
              role: "coder",
              text: noteOf(k, `Step ${k}: reading the module.`),
            });
            break;
          case 1:
            rec.emit({
              type: "tool_called",
              role: "coder",
              tool: "read_file",
              input: k % 20 === 7
                ? { path: "src/auth/login.ts", note: noteOf(k, "") }
                : { path: "src/auth/login.ts" },
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
              preview: noteOf(k, "export async function login(input: string) {"),
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
