/**
 * The `taskline record` benchmarks of `deno task bench` (issue 18):
 *
 * - throughput: realistic bare events (the generator's runs, envelopes and
 *   run ids taken off) piped into `taskline record`, beside `cat` piping the
 *   same bytes into a file, in the same run; events a second with and
 *   without the program's start-up;
 * - latency: one event at a time written to `record`'s standard input, until
 *   `taskline events -f` prints it, beside `tail -F` on the same log.
 *
 * @module
 */
import { generateProject } from "./gen_project.ts";
import {
  buildShipped,
  median,
  quantile,
  row,
  runTimed,
  shq,
  taskline,
  Watched,
} from "./bench_proc.ts";
import type { Row } from "./bench.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask } from "../src/store/tasks.ts";

/** What the record benchmarks need of the bench's context. */
export interface RecordBench {
  opts: { mode: "full" | "quick" | "tiny"; work: string };
  tools: Record<string, string | null>;
  log: (m: string) => void;
  rows: Row[];
  timeBin: string | null;
}

/** Events piped, latency samples and repetitions, per mode. */
const SIZES = {
  full: { events: 1_000_000, appends: 500, runs: 3 },
  quick: { events: 200_000, appends: 100, runs: 2 },
  tiny: { events: 5_000, appends: 10, runs: 1 },
} as const;

const GOAL_EVENTS_PER_S = 200_000;

function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "-";
  return ms < 10
    ? `${ms.toFixed(2)} ms`
    : ms < 1000
    ? `${ms.toFixed(0)} ms`
    : `${(ms / 1000).toFixed(2)} s`;
}
const fmtRate = (n: number) => `${Math.round(n).toLocaleString("en-US")} events/s`;

/**
 * Bare events as a producer writes them, from a generated project's log:
 * no envelope, no `run`, the run's own `run_started`/`run_finished` taken
 * off and one `run_finished` at the end. Returns the file and its count.
 */
async function bareInput(dir: string, events: number): Promise<{ path: string; count: number }> {
  const path = `${dir}/record-input-${events}.jsonl`;
  const meta = `${path}.count`;
  try {
    return { path, count: Number(await Deno.readTextFile(meta)) };
  } catch { /* make it */ }
  const gen = `${dir}/record-gen-${events}`;
  await Deno.remove(gen, { recursive: true }).catch(() => {});
  const s = generateProject({ dir: gen, tasks: 1, eventsPerTask: events, runs: 1, seed: 18 });
  const file = await Deno.open(path, { write: true, create: true, truncate: true });
  const enc = new TextEncoder();
  let count = 0;
  try {
    const text = await Deno.readTextFile(`${gen}/.taskline/tasks/${s.tasks[0].dir}/events.jsonl`);
    let out: string[] = [];
    for (const line of text.split("\n")) {
      if (line === "") continue;
      const { run: _run, ...ev } = JSON.parse(line).event;
      if (ev.type === "run_started" || ev.type === "run_finished") continue;
      out.push(JSON.stringify(ev));
      count++;
      if (out.length >= 10_000) {
        await file.write(enc.encode(out.join("\n") + "\n"));
        out = [];
      }
    }
    out.push(JSON.stringify({ type: "run_finished", success: true, status: "done" }));
    count++;
    await file.write(enc.encode(out.join("\n") + "\n"));
  } finally {
    file.close();
  }
  await Deno.remove(gen, { recursive: true }).catch(() => {});
  await Deno.writeTextFile(meta, String(count));
  return { path, count };
}

/** A project with one task and nothing else, made afresh. */
async function freshProject(root: string): Promise<StateDir> {
  await Deno.remove(root, { recursive: true }).catch(() => {});
  const state = new StateDir(`${root}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  await createTask(state, "Recorded elsewhere");
  return state;
}

async function benchThroughput(b: RecordBench) {
  const size = SIZES[b.opts.mode];
  const dir = `${b.opts.work}/record`;
  await Deno.mkdir(dir, { recursive: true });
  const input = await bareInput(dir, size.events);
  const bytes = (await Deno.stat(input.path)).size;
  const root = `${dir}/project`;
  const name = `record throughput: ${input.count.toLocaleString("en-US")} events (${
    (bytes / input.count).toFixed(0)
  } B each) piped into record`;
  const goal = `>= ${GOAL_EVENTS_PER_S.toLocaleString("en-US")} events/s`;
  const cmd = (args: string[]) => taskline(args).map(shq).join(" ");
  // Start-up and the empty run: the fixed cost, measured the same way.
  const empty = `${dir}/empty.jsonl`;
  await Deno.writeTextFile(empty, '{"type":"run_finished","success":true,"status":"done"}\n');
  const tl: number[] = [], fixed: number[] = [], ref: number[] = [];
  let rss: number | null = null;
  for (let i = 0; i < size.runs; i++) {
    await freshProject(root);
    const f = await runTimed(["sh", "-c", `cat ${shq(empty)} | ${cmd(["record", "1"])}`], {
      cwd: root,
    });
    if (f.code !== 0) throw new Error(`record of an empty run exited ${f.code}: ${f.stderr}`);
    fixed.push(f.ms);
    await freshProject(root);
    // The input read once first, for taskline as for the reference after it:
    // what is measured is the program, not the disk (the page cache is small).
    await runTimed(["cat", input.path], { cwd: dir });
    const t = await runTimed(
      ["sh", "-c", `cat ${shq(input.path)} | ${cmd(["record", "1"])}`],
      { cwd: root, timeBin: b.timeBin },
    );
    if (t.code !== 0) throw new Error(`record exited ${t.code}: ${t.stderr.slice(-300)}`);
    tl.push(t.ms);
    if (t.rssKb !== null) rss = Math.max(rss ?? 0, t.rssKb);
    const out = `${dir}/cat.out`;
    await runTimed(["cat", input.path], { cwd: dir });
    const r = await runTimed(["sh", "-c", `cat ${shq(input.path)} | cat > ${shq(out)}`], {
      cwd: dir,
    });
    ref.push(r.ms);
    await Deno.remove(out).catch(() => {});
  }
  // The log holds every event: the run is whole.
  const log = await Deno.readTextFile(
    `${root}/.taskline/tasks/001-recorded-elsewhere/events.jsonl`,
  );
  let lines = 0;
  for (let i = log.indexOf("\n"); i >= 0; i = log.indexOf("\n", i + 1)) lines++;
  const ms = median(tl), fixedMs = median(fixed), refMs = median(ref);
  const gross = input.count / (ms / 1000);
  const net = input.count / (Math.max(1, ms - fixedMs) / 1000);
  const r = row("record", name, {
    taskline: `${fmtRate(gross)} (${fmtMs(ms)}); ${fmtRate(net)} after start-up (${
      fmtMs(fixedMs)
    })`,
    reference: `${fmtMs(refMs)} (cat | cat > file, ${fmtRate(input.count / (refMs / 1000))})`,
    ratio: `${(ms / refMs).toFixed(1)}x cat's time`,
    goal,
    met: b.opts.mode === "tiny" ? "-" : gross >= GOAL_EVENTS_PER_S ? "yes" : "no",
    rss: rss === null ? "-" : `${(rss / 1024).toFixed(0)} MB`,
  });
  if (lines !== input.count + 1) {
    r.notes.push(`the log has ${lines} lines, expected ${input.count + 1}`);
    r.met = "no";
  }
  if (b.opts.mode === "tiny") r.notes.push("tiny mode: too small to judge the goal");
  b.rows.push(r);
}

/**
 * The same bare events, the first fifth of them, with every `tool_returned`
 * carrying its complete `output` (its preview eight times, about 1.6 KB) as
 * an engine that keeps outputs sends it: record writes each to the trace
 * store before the event. Returns the file, its events and its outputs.
 */
async function outputsInput(
  from: { path: string; count: number },
): Promise<{ path: string; count: number; outputs: number }> {
  const path = from.path.replace(/\.jsonl$/, "-outputs.jsonl");
  const meta = `${path}.count`;
  try {
    const [count, outputs] = (await Deno.readTextFile(meta)).split(" ").map(Number);
    return { path, count, outputs };
  } catch { /* make it */ }
  const lines = (await Deno.readTextFile(from.path)).split("\n").filter((l) => l !== "");
  const keep = lines.slice(0, Math.max(2, Math.floor(lines.length / 5)));
  let outputs = 0;
  const out = keep.map((line, i) => {
    const ev = JSON.parse(line);
    if (i === keep.length - 1) {
      return JSON.stringify({ type: "run_finished", success: true, status: "done" });
    }
    if (ev.type !== "tool_returned") return line;
    const { preview, output_chars: _c, output_file: _f, ...rest } = ev;
    outputs++;
    return JSON.stringify({ ...rest, output: `${preview ?? ""}\n`.repeat(8) });
  });
  await Deno.writeTextFile(path, out.join("\n") + "\n");
  await Deno.writeTextFile(meta, `${out.length} ${outputs}`);
  return { path, count: out.length, outputs };
}

/** Record's throughput when the events carry complete tool outputs (no goal: how much they cost). */
async function benchOutputs(b: RecordBench) {
  const size = SIZES[b.opts.mode];
  const dir = `${b.opts.work}/record`;
  const input = await outputsInput(await bareInput(dir, size.events));
  const root = `${dir}/outputs`;
  const cmd = taskline(["record", "1"]).map(shq).join(" ");
  const tl: number[] = [];
  let rss: number | null = null;
  let files = 0;
  for (let i = 0; i < size.runs; i++) {
    await freshProject(root);
    await runTimed(["cat", input.path], { cwd: dir });
    const t = await runTimed(["sh", "-c", `cat ${shq(input.path)} | ${cmd}`], {
      cwd: root,
      timeBin: b.timeBin,
    });
    if (t.code !== 0) throw new Error(`record exited ${t.code}: ${t.stderr.slice(-300)}`);
    tl.push(t.ms);
    if (t.rssKb !== null) rss = Math.max(rss ?? 0, t.rssKb);
    files = 0;
    for (const run of Deno.readDirSync(`${root}/.taskline/tool-output/001-recorded-elsewhere`)) {
      for (
        const _ of Deno.readDirSync(
          `${root}/.taskline/tool-output/001-recorded-elsewhere/${run.name}`,
        )
      ) files++;
    }
  }
  const ms = median(tl);
  const r = row(
    "record-outputs",
    `record throughput with tool outputs: ${input.count.toLocaleString("en-US")} events, ${
      input.outputs.toLocaleString("en-US")
    } of them with their output (about 1.6 KB) for the trace store`,
    {
      taskline: `${fmtRate(input.count / (ms / 1000))} (${fmtMs(ms)}; ${
        Math.round(input.outputs / (ms / 1000)).toLocaleString("en-US")
      } outputs/s)`,
      rss: rss === null ? "-" : `${(rss / 1024).toFixed(0)} MB`,
    },
  );
  if (files !== input.outputs) {
    r.notes.push(`the trace store has ${files} files, expected ${input.outputs}`);
  }
  b.rows.push(r);
}

async function benchLatency(b: RecordBench) {
  const size = SIZES[b.opts.mode];
  const root = `${b.opts.work}/record/latency`;
  const state = await freshProject(root);
  const goal = "median < 5 ms";
  const name = `record -> events -f latency, one event at a time (${size.appends} events)`;
  const logRel = ".taskline/tasks/001-recorded-elsewhere/events.jsonl";
  const seen = { tl: new Map<number, number>(), tail: new Map<number, number>() };
  const seqOf = (line: string) => {
    const m = /"seq":(\d+)/.exec(line);
    return m ? Number(m[1]) : -1;
  };
  const rec = new Watched(taskline(["record", "1"]), { cwd: root });
  const w = rec.child.stdin.getWriter();
  const enc = new TextEncoder();
  let follower: Watched | null = null;
  let tail: Watched | null = null;
  try {
    // The run is there once record holds the lock and wrote run_started.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const has = await Deno.stat(state.logPath("001-recorded-elsewhere")).then(
        (s) => s.size > 0,
        () => false,
      );
      if (has) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    follower = new Watched(taskline(["events", "1", "-f", "--json"]), {
      cwd: root,
      onLine: (l, at) => seen.tl.set(seqOf(l), at),
    });
    tail = b.tools.tail
      ? new Watched(["tail", "-n", "0", "-F", logRel], {
        cwd: root,
        onLine: (l, at) => seen.tail.set(seqOf(l), at),
      })
      : null;
    let seq = 1;
    const send = async (text: string) => {
      seq++;
      const t0 = performance.now();
      await w.write(enc.encode(JSON.stringify({ type: "agent_text", role: "coder", text }) + "\n"));
      return { seq, t0 };
    };
    // Warm up: both print a line before the timed ones.
    let ready = false;
    for (let i = 0; i < 40 && !ready; i++) {
      const s = await send("warm-up");
      ready = await follower.waitFor(() => seen.tl.has(s.seq), 500) &&
        (!tail || await tail.waitFor(() => seen.tail.has(s.seq), 500));
      if (follower.exitCode !== null || rec.exitCode !== null) break;
    }
    if (!ready) throw new Error(`no line followed: ${follower.stderr || rec.stderr}`);
    const lat = { tl: [] as number[], tail: [] as number[] };
    for (let i = 0; i < size.appends; i++) {
      await new Promise((r) => setTimeout(r, 5 + (i % 7) * 3));
      const s = await send(`event ${i}`);
      await follower.waitFor(() => seen.tl.has(s.seq), 2000);
      if (tail) await tail.waitFor(() => seen.tail.has(s.seq), 2000);
      lat.tl.push((seen.tl.get(s.seq) ?? Infinity) - s.t0);
      if (tail) lat.tail.push((seen.tail.get(s.seq) ?? Infinity) - s.t0);
    }
    await w.write(enc.encode('{"type":"run_finished","success":true,"status":"done"}\n'));
    await w.close();
    const code = await rec.exited(10_000);
    const followerCode = await follower.exited(10_000);
    const p50 = median(lat.tl), p99 = quantile(lat.tl, 0.99);
    const tp50 = median(lat.tail), tp99 = quantile(lat.tail, 0.99);
    const lost = lat.tl.filter((x) => !Number.isFinite(x)).length;
    const r = row("record-latency", name, {
      taskline: `p50 ${fmtMs(p50)}, p99 ${fmtMs(p99)}`,
      reference: tail ? `p50 ${fmtMs(tp50)}, p99 ${fmtMs(tp99)} (tail -F)` : "skipped: no tail",
      ratio: tail ? `p50 ${(p50 / tp50).toFixed(1)}x tail's` : "-",
      goal,
      met: lost === 0 && p50 < 5 ? "yes" : "no",
    });
    if (lost > 0) r.notes.push(`${lost} events not printed within 2 s`);
    if (code !== 0) r.notes.push(`record exited ${code}`);
    if (followerCode === null) r.notes.push("events -f did not exit at the run's end within 10 s");
    b.rows.push(r);
  } finally {
    await rec[Symbol.asyncDispose]();
    if (follower) await follower[Symbol.asyncDispose]();
    if (tail) await tail[Symbol.asyncDispose]();
  }
}

/**
 * Adds the rows of the `taskline record` benchmarks to `b.rows`: throughput
 * through a pipe beside `cat`, and the latency from record's input to
 * `events -f` beside `tail -F`.
 *
 * @example
 * ```ts
 * await step("record", "taskline record", () => benchRecord(b));
 * ```
 */
export async function benchRecord(b: RecordBench): Promise<void> {
  await buildShipped();
  try {
    await benchThroughput(b);
  } catch (e) {
    b.rows.push(row("record", "record throughput", {
      met: `skipped: the benchmark failed: ${(e as Error).message.replaceAll("|", "/")}`,
      goal: `>= ${GOAL_EVENTS_PER_S.toLocaleString("en-US")} events/s`,
    }));
  }
  try {
    await benchOutputs(b);
  } catch (e) {
    b.rows.push(row("record-outputs", "record throughput with tool outputs", {
      met: `skipped: the benchmark failed: ${(e as Error).message.replaceAll("|", "/")}`,
    }));
  }
  try {
    await (await import("./bench_agents.ts")).benchAgents(b);
  } catch (e) {
    b.rows.push(row("record-agents", "record --from claude-code against taskline events", {
      met: `skipped: the benchmark failed: ${(e as Error).message.replaceAll("|", "/")}`,
      goal: ">= 0.5x",
    }));
  }
  try {
    await benchLatency(b);
  } catch (e) {
    b.rows.push(row("record-latency", "record -> events -f latency", {
      met: `skipped: the benchmark failed: ${(e as Error).message.replaceAll("|", "/")}`,
      goal: "median < 5 ms",
    }));
  }
}
