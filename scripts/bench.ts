/**
 * `deno task bench`: measures taskline, run as it ships (the bundle that
 * `deno task install` builds and installs, built from the sources at the
 * start of the run, by `deno run` under its permission flags, from the
 * project root), beside the reference tools a user
 * would otherwise use, on generated projects (scripts/gen_project.ts), and
 * writes the results to docs/benchmarks.md.
 *
 * ```sh
 * deno task bench            # full sizes (see docs/benchmarks.md for its duration)
 * deno task bench --quick    # small sizes, under 2 minutes
 * deno run -A scripts/bench.ts --tiny --out /tmp/b.md   # what the tests run
 * ```
 *
 * Options: `--quick`, `--tiny`, `--out PATH` (default docs/benchmarks.md),
 * `--work DIR` (generated projects, kept between runs and reused when their
 * parameters match; default /tmp/taskline-bench), `--only a,b` (benchmark
 * ids), `--no-install` (do not apt-get missing reference tools), `--note TEXT`
 * (a line for the report), `--json` (also print the rows as JSON).
 *
 * A benchmark whose command or route is missing, or fails, becomes a row
 * "skipped: <why>"; nothing is left out silently.
 *
 * @module
 */
import { generateProject, type GenSummary } from "./gen_project.ts";
import {
  buildShipped,
  MAIN,
  median,
  quantile,
  row,
  RssPoller,
  runTimed,
  taskline,
  type Timed,
  Watched,
  which,
} from "./bench_proc.ts";
import type { ClientsReport } from "./bench_sse_clients.ts";
import { BUCKET_US } from "./bench_sse_clients.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { RunRecorder } from "../src/store/recorder.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { readTask } from "../src/store/tasks.ts";

const MiB = 1024 * 1024;
/** What a full run took when last measured (docs/benchmarks.md of a full run), minutes. */
const FULL_MODE_MINUTES = 4;
/** Longest wait for one HTTP answer (headers and body). */
const REQUEST_TIMEOUT_MS = 60_000;
/** Longest wait for the first request to a server (it may index every log). */
const FIRST_REQUEST_TIMEOUT_MS = 180_000;

/** Sizes and repetitions of a mode. */
interface Sizes {
  /** Log of the filtered replay (issue 3: 200 MB). */
  filterBytes: number;
  /** Log of the seek and memory benchmarks (issue 3: 1 GB). */
  bigBytes: number;
  /** Appends timed in the follow latency benchmark. */
  followAppends: number;
  /** Tasks and events per task of the history, merge and /api/events project (issue 4: 2,000 x 500). */
  histTasks: number;
  histEvents: number;
  /** Server fan-out (issue 5: 1,000 clients, 1,000 events/s, 30 s). */
  fanClients: number;
  /** A second, smaller fan-out for scale (no goal). Default none. */
  fanClientsScale?: number;
  fanRate: number;
  fanSeconds: number;
  /** Tasks of the many-task fan-out, and how many of them the writer appends to (issue 15: 2,000, 100). */
  manyTasks: number;
  manyWritten: number;
  /** Seconds of the low-load latency benchmark (20 events/s). */
  lowSeconds: number;
  /** Runs of each measurement (the median is reported), and of those on the big log. */
  runs: number;
  bigRuns: number;
  /** Timed requests of /api/events. */
  eventsRequests: number;
}

const MODES: Record<"full" | "quick" | "tiny", Sizes> = {
  full: {
    filterBytes: 200 * MiB,
    bigBytes: 1024 * MiB,
    followAppends: 500,
    histTasks: 2000,
    histEvents: 500,
    fanClients: 1000,
    fanClientsScale: 100,
    fanRate: 1000,
    fanSeconds: 30,
    manyTasks: 2000,
    manyWritten: 100,
    lowSeconds: 15,
    runs: 5,
    bigRuns: 3,
    eventsRequests: 50,
  },
  quick: {
    filterBytes: 20 * MiB,
    bigBytes: 100 * MiB,
    followAppends: 100,
    histTasks: 200,
    histEvents: 200,
    fanClients: 100,
    fanRate: 1000,
    fanSeconds: 5,
    manyTasks: 200,
    manyWritten: 20,
    lowSeconds: 5,
    runs: 3,
    bigRuns: 2,
    eventsRequests: 20,
  },
  tiny: {
    filterBytes: 1 * MiB,
    bigBytes: 2 * MiB,
    followAppends: 10,
    histTasks: 10,
    histEvents: 60,
    fanClients: 4,
    fanRate: 100,
    fanSeconds: 1,
    manyTasks: 20,
    manyWritten: 4,
    lowSeconds: 1,
    runs: 1,
    bigRuns: 1,
    eventsRequests: 3,
  },
};

/** One line of the report's table. */
export interface Row {
  id: string;
  benchmark: string;
  taskline: string;
  reference: string;
  ratio: string;
  goal: string;
  /** `yes`, `no`, `-` (no goal), or `skipped: <why>`. */
  met: string;
  /** Peak resident memory of the taskline process. */
  rss: string;
  notes: string[];
}

// ---------------------------------------------------------------- options

interface Options {
  mode: "full" | "quick" | "tiny";
  out: string;
  work: string;
  only: Set<string> | null;
  install: boolean;
  note: string | null;
  json: boolean;
}

function parseOptions(args: string[]): Options {
  const o: Options = {
    mode: "full",
    out: new URL("../docs/benchmarks.md", import.meta.url).pathname,
    work: "/tmp/taskline-bench",
    only: null,
    install: true,
    note: null,
    json: false,
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const val = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`bench: ${a} needs a value`);
      return v;
    };
    if (a === "--quick") o.mode = "quick";
    else if (a === "--tiny") o.mode = "tiny";
    else if (a === "--full") o.mode = "full";
    else if (a === "--out") o.out = val();
    else if (a === "--work") o.work = val();
    else if (a === "--only") o.only = new Set(val().split(","));
    else if (a === "--no-install") o.install = false;
    else if (a === "--note") o.note = val();
    else if (a === "--json") o.json = true;
    else throw new Error(`bench: unknown option ${a}`);
  }
  if (Deno.env.get("TASKLINE_BENCH_TINY") === "1") o.mode = "tiny";
  // A server swapped or given flags is not the program as it ships: its figures stay out of the docs.
  const swapped = ["TASKLINE_BENCH_SERVE_MAIN", "TASKLINE_BENCH_SERVE_FLAGS"]
    .filter((n) => (Deno.env.get(n) ?? "") !== "");
  if (swapped.length > 0 && o.out === new URL("../docs/benchmarks.md", import.meta.url).pathname) {
    throw new Error(
      `bench: ${swapped.join(" and ")} set: not the program as it ships; write elsewhere (--out)`,
    );
  }
  return o;
}

// ---------------------------------------------------------------- formatting

function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return "-";
  if (ms < 10) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms.toFixed(0)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}
function fmtKb(kb: number | null): string {
  return kb === null ? "-" : `${(kb / 1024).toFixed(0)} MB`;
}
function fmtBytes(b: number): string {
  if (b >= 1024 * MiB) return `${(b / 1024 / MiB).toFixed(1)} GiB`;
  return b >= MiB ? `${(b / MiB).toFixed(0)} MiB` : `${(b / 1024).toFixed(0)} KiB`;
}
/** "3.2x faster" or "1.5x slower": the reference's time over taskline's. */
function fmtSpeedup(refMs: number, tlMs: number): string {
  const x = refMs / tlMs;
  if (!Number.isFinite(x) || x <= 0) return "-";
  return x >= 1 ? `${x.toFixed(1)}x faster` : `${(1 / x).toFixed(1)}x slower`;
}
function fmtRatio(x: number, digits = 1): string {
  return Number.isFinite(x) ? `${x.toFixed(digits)}x` : "-";
}
function pct(x: number): string {
  return Number.isFinite(x) ? `${(x * 100).toFixed(2)} %` : "-";
}
function firstLine(s: string): string {
  const lines = s.trim().split("\n").filter((l) => l.trim() !== "");
  return (lines.find((l) => /error|unknown|usage|cannot/i.test(l)) ?? lines[0] ?? "").slice(
    0,
    160,
  );
}

function skipped(id: string, benchmark: string, why: string, goal = "-"): Row {
  return row(id, benchmark, { met: `skipped: ${why.replaceAll("|", "/")}`, goal });
}

// ---------------------------------------------------------------- setup

/** Reference tools, and the Debian package of each. */
const TOOLS: Record<string, string> = {
  jq: "jq",
  grep: "grep",
  cat: "coreutils",
  tail: "coreutils",
  wc: "coreutils",
  "/usr/bin/time": "time",
};

async function ensureTools(install: boolean, log: (m: string) => void) {
  const found: Record<string, string | null> = {};
  const missing: string[] = [];
  for (const t of Object.keys(TOOLS)) {
    found[t] = await which(t);
    if (!found[t]) missing.push(t);
  }
  if (missing.length > 0 && install && (await which("apt-get"))) {
    const pkgs = [...new Set(missing.map((t) => TOOLS[t]))];
    log(`installing ${pkgs.join(", ")} with apt-get`);
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    await new Deno.Command("apt-get", {
      args: ["update", "-qq"],
      env,
      stdout: "null",
      stderr: "null",
    })
      .output().catch(() => {});
    await new Deno.Command("apt-get", {
      args: ["install", "-y", "-qq", ...pkgs],
      env,
      stdout: "null",
      stderr: "null",
    }).output().catch(() => {});
    for (const t of missing) found[t] = await which(t);
  }
  return found;
}

/** Files and directories under a project's `.taskline/`, outside the trace store. */
async function listState(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, rel: string, depth: number) => {
    for await (const e of Deno.readDir(dir)) {
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      if (r === "tool-output") continue;
      out.push(r);
      if (e.isDirectory && depth < 3) await walk(`${dir}/${e.name}`, r, depth + 1);
    }
  };
  await walk(`${root}/.taskline`, "", 0);
  return out.sort();
}

/** Removes what taskline added to `.taskline/` since generation (caches, tokens, locks). */
async function resetState(root: string, generated: string[]): Promise<string[]> {
  const keep = new Set(generated);
  const now = await listState(root);
  const removed: string[] = [];
  for (const p of now) {
    if (keep.has(p)) continue;
    if (removed.some((r) => p.startsWith(r + "/"))) continue;
    await Deno.remove(`${root}/.taskline/${p}`, { recursive: true }).catch(() => {});
    removed.push(p);
  }
  return removed;
}

interface Project {
  root: string;
  summary: GenSummary;
  /** What generation left in `.taskline/`. */
  files: string[];
  reused: boolean;
}

/**
 * A generated project, reused when one with the same parameters is in the
 * work directory.
 */
async function project(
  work: string,
  name: string,
  params: Parameters<typeof generateProject>[0],
  fresh = false,
): Promise<Project> {
  const root = `${work}/${name}`;
  const meta = `${root}/bench-project.json`;
  const key = JSON.stringify({ ...params, dir: undefined, gen: 2 });
  if (!fresh) {
    try {
      const m = JSON.parse(await Deno.readTextFile(meta));
      if (m.key === key) {
        await resetState(root, m.files);
        return { root, summary: m.summary, files: m.files, reused: true };
      }
    } catch { /* generate */ }
  }
  await Deno.remove(root, { recursive: true }).catch(() => {});
  const summary = generateProject({ ...params, dir: root });
  const files = await listState(root);
  await Deno.writeTextFile(meta, JSON.stringify({ key, summary, files }));
  return { root, summary, files, reused: false };
}

// ---------------------------------------------------------------- context

interface Bench {
  opts: Options;
  sizes: Sizes;
  tools: Record<string, string | null>;
  log: (m: string) => void;
  rows: Row[];
  timeBin: string | null;
}

/** Runs a command `n` times; the first failure stops and is returned. */
async function repeat(
  b: Bench,
  argv: string[],
  cwd: string,
  n: number,
  before?: () => Promise<unknown>,
): Promise<{ runs: Timed[]; failed: Timed | null }> {
  const runs: Timed[] = [];
  for (let i = 0; i < n; i++) {
    if (before) await before();
    const t = await runTimed(argv, { cwd, timeBin: b.timeBin });
    if (t.code !== 0) return { runs, failed: t };
    runs.push(t);
  }
  return { runs, failed: null };
}

function med(runs: Timed[]): number {
  return median(runs.map((r) => r.ms));
}
/** The median CPU time of runs, ms (NaN without /usr/bin/time). */
function medCpu(runs: Timed[]): number {
  const xs = runs.map((r) => r.cpuMs).filter((x): x is number => x !== null);
  return xs.length ? median(xs) : NaN;
}

function peak(runs: Timed[]): number | null {
  const xs = runs.map((r) => r.rssKb).filter((x): x is number => x !== null);
  return xs.length ? Math.max(...xs) : null;
}

function failure(what: string, t: Timed): string {
  return `${what} exited ${t.code}: ${firstLine(t.stderr) || "no message"}`;
}

// ---------------------------------------------------------------- benchmarks

/** Start-up of the program alone: what every other time and memory figure includes. */
async function benchStartup(b: Bench) {
  const cwd = b.opts.work;
  await Deno.mkdir(`${cwd}/.taskline`, { recursive: true });
  await runTimed(taskline(["--version"]), { cwd });
  const r = await repeat(b, taskline(["--version"]), cwd, Math.max(3, b.sizes.runs));
  if (r.failed) {
    b.rows.push(skipped("startup", "start-up: taskline --version", failure("taskline", r.failed)));
    return;
  }
  b.rows.push(row("startup", "start-up: taskline --version (included in every figure below)", {
    taskline: fmtMs(med(r.runs)),
    rss: fmtKb(peak(r.runs)),
  }));
}

/** The text of the generated logs: like real agents' (the default), ASCII only, or another serialiser's. */
type Variant = "real" | "ascii" | "foreign";

/** Generator options of a variant. */
function variantParams(v: Variant): { nonAscii?: number; style?: "foreign" } {
  return v === "ascii" ? { nonAscii: 0 } : v === "foreign" ? { style: "foreign" } : {};
}

/** How a variant's log is described in a row: its share of non-ASCII lines. */
function variantLabel(v: Variant, s: GenSummary): string {
  const share = `${
    (100 * s.nonAsciiLines / Math.max(1, s.events)).toFixed(1)
  }% of the lines non-ASCII`;
  return v === "ascii"
    ? "ASCII-only log"
    : v === "foreign"
    ? `log written by another serialiser (sorted keys, spaces, non-ASCII as \\uXXXX; ${share})`
    : `realistic log (${share})`;
}

/**
 * Filtered replay beside jq, grep -F and cat (issues 3 and 14), and the full
 * replay of the same log, on a log of the given variant.
 */
async function benchFilter(b: Bench, variant: Variant = "real") {
  const s = b.sizes;
  const p = await project(
    b.opts.work,
    `filter-${s.filterBytes}${variant === "real" ? "" : `-${variant}`}`,
    {
      dir: "",
      tasks: 1,
      logBytes: s.filterBytes,
      runs: 1,
      seed: 11,
      ...variantParams(variant),
    },
  );
  const t = p.summary.tasks[0];
  const log = `.taskline/tasks/${t.dir}/events.jsonl`;
  const size = fmtBytes(t.bytes);
  const what = variantLabel(variant, p.summary);
  const sfx = variant === "real" ? "" : `-${variant}`;
  b.log(`filter: ${size} ${what}, ${t.events} events`);
  // Warm the page cache and Deno's module cache.
  await runTimed(["cat", log], { cwd: p.root });
  await runTimed(taskline(["--version"]), { cwd: p.root });

  const goalX = variant === "foreign" ? 3 : 10;
  const jqGoal = `>= ${goalX}x jq`;
  const name = `events --type tool_called --json, ${size} ${what}`;
  const tl = await repeat(
    b,
    taskline(["events", "1", "--type", "tool_called", "--json"]),
    p.root,
    s.runs,
  );
  if (tl.failed) {
    b.rows.push(
      skipped(`filter${sfx}`, name, failure("taskline events --type", tl.failed), jqGoal),
    );
  }
  const tlMs = tl.failed ? NaN : med(tl.runs);
  const tlLines = tl.runs[0]?.lines;
  const refs: [string, string, string[], string][] = [
    ["jq", `jq -c 'select(.event.type=="tool_called")'`, [
      "jq",
      "-c",
      'select(.event.type=="tool_called")',
      log,
    ], jqGoal],
  ];
  if (variant === "real") {
    refs.push(
      ["grep", 'grep -F \'"type":"tool_called"\' (ceiling)', [
        "grep",
        "-F",
        '"type":"tool_called"',
        log,
      ], "-"],
      ["cat", "cat (ceiling)", ["cat", log], "-"],
    );
  }
  for (const [tool, label, argv, goal] of refs) {
    const id = `filter-${tool}${sfx}`;
    const bench = `filtered replay vs ${label}, ${size} ${what}`;
    if (!b.tools[tool]) {
      b.rows.push(skipped(id, bench, `${tool} is not installed`, goal));
      continue;
    }
    const ref = await repeat(b, argv, p.root, s.runs);
    if (ref.failed) {
      b.rows.push(skipped(id, bench, failure(tool, ref.failed), goal));
      continue;
    }
    const refMs = med(ref.runs);
    if (tl.failed) {
      b.rows.push(row(id, bench, {
        reference: fmtMs(refMs),
        goal,
        met: "skipped: taskline events --type failed (see above)",
      }));
      continue;
    }
    const speedup = refMs / tlMs;
    const r = row(id, bench, {
      taskline: fmtMs(tlMs),
      reference: fmtMs(refMs),
      ratio: fmtSpeedup(refMs, tlMs),
      goal,
      met: goal === "-" ? "-" : speedup >= goalX ? "yes" : "no",
      rss: fmtKb(peak(tl.runs)),
    });
    const tlCpu = medCpu(tl.runs), refCpu = medCpu(ref.runs);
    if (Number.isFinite(tlCpu) && Number.isFinite(refCpu)) {
      r.notes.push(
        `CPU time: taskline ${fmtMs(tlCpu)}, ${tool} ${fmtMs(refCpu)}: ${
          fmtSpeedup(refCpu, tlCpu)
        }`,
      );
    }
    if (tool !== "cat" && ref.runs[0].lines !== tlLines) {
      r.notes.push(`line counts differ: taskline ${tlLines}, ${tool} ${ref.runs[0].lines}`);
    }
    b.rows.push(r);
  }
  // The unfiltered replay, for scale.
  const full = await repeat(b, taskline(["events", "1", "--json"]), p.root, s.runs);
  const bench = `events --json (full replay), ${size} ${what}`;
  if (full.failed) {
    b.rows.push(skipped(`replay${sfx}`, bench, failure("taskline events", full.failed)));
  } else {
    const catRuns = b.tools.cat ? await repeat(b, ["cat", log], p.root, s.runs) : null;
    const catMs = catRuns && !catRuns.failed ? med(catRuns.runs) : NaN;
    b.rows.push(row(`replay${sfx}`, bench, {
      taskline: fmtMs(med(full.runs)),
      reference: Number.isFinite(catMs) ? `${fmtMs(catMs)} (cat)` : "-",
      ratio: Number.isFinite(catMs) ? `${fmtRatio(med(full.runs) / catMs)} cat's time` : "-",
      rss: fmtKb(peak(full.runs)),
      notes: [
        `${(t.bytes / 1e6 / (med(full.runs) / 1000)).toFixed(0)} MB/s; on CPU time ${
          (t.bytes / 1e6 / (medCpu(full.runs) / 1000)).toFixed(0)
        } MB/s`,
      ],
    }));
  }
}

/**
 * Start-up on the shortest path: `events <ref> --json` on a log of 10
 * events, beside an empty `deno eval` (issue 14: within 10 ms of it).
 */
async function benchStartupEvents(b: Bench) {
  const p = await project(b.opts.work, "startup-10", {
    dir: "",
    tasks: 1,
    eventsPerTask: 10,
    runs: 1,
    seed: 17,
  });
  const goal = "within 10 ms of deno eval";
  const name = `start-up: events <ref> --json on a log of ${p.summary.tasks[0].events} events`;
  await runTimed(taskline(["events", "1", "--json"]), { cwd: p.root });
  const n = Math.max(5, b.sizes.runs * 3);
  const evalArgv = [Deno.execPath(), "eval", ""];
  const tlArgv = taskline(["events", "1", "--json"]);
  // Interleaved, so that a change of the machine's load touches both alike.
  const tl: Timed[] = [], ev: Timed[] = [];
  for (let i = 0; i < n; i++) {
    const a = await runTimed(tlArgv, { cwd: p.root, timeBin: b.timeBin });
    if (a.code !== 0) {
      b.rows.push(skipped("startup-events", name, failure("taskline events", a), goal));
      return;
    }
    tl.push(a);
    ev.push(await runTimed(evalArgv, { cwd: p.root, timeBin: b.timeBin }));
  }
  const d = med(tl) - med(ev);
  b.rows.push(row("startup-events", name, {
    taskline: fmtMs(med(tl)),
    reference: `${fmtMs(med(ev))} (deno eval '')`,
    ratio: `${d >= 0 ? "+" : ""}${fmtMs(d)}`,
    goal,
    met: d <= 10 ? "yes" : "no",
    rss: fmtKb(peak(tl)),
    notes: [
      `median of ${n} runs each, interleaved; CPU time: taskline ${fmtMs(medCpu(tl))}, deno eval ${
        fmtMs(medCpu(ev))
      }`,
    ],
  }));
}

/** Seek near the end of the big log vs a full replay, and the replay's memory (issue 3). */
async function benchSeek(b: Bench, big: Project) {
  const s = b.sizes;
  const t = big.summary.tasks[0];
  const size = fmtBytes(t.bytes);
  await runTimed(["cat", `.taskline/tasks/${t.dir}/events.jsonl`], { cwd: big.root });
  const after = Math.max(0, t.lastSeq - 100);
  const seekName = `events --after <last-100> vs full replay, ${size} log`;
  const memName = `memory: events --json (full replay) of a ${size} log`;
  const full = await repeat(b, taskline(["events", "1", "--json"]), big.root, s.bigRuns);
  if (full.failed) {
    b.rows.push(skipped("seek", seekName, failure("taskline events", full.failed), "< 5 %"));
    b.rows.push(skipped("mem-replay", memName, "full replay failed", "< 100 MB"));
    return;
  }
  const fullMs = med(full.runs);
  b.rows.push(replayRow("replay-big", t.bytes, big.summary, "real", full.runs));
  const seek = await repeat(
    b,
    taskline(["events", "1", "--after", String(after), "--json"]),
    big.root,
    Math.max(s.runs, 3),
  );
  if (seek.failed) {
    b.rows.push(
      skipped("seek", seekName, failure("taskline events --after", seek.failed), "< 5 %"),
    );
  } else {
    const seekMs = med(seek.runs);
    const r = seekMs / fullMs;
    const x = row("seek", seekName, {
      taskline: fmtMs(seekMs),
      reference: `${fmtMs(fullMs)} (full replay)`,
      ratio: pct(r),
      goal: "< 5 %",
      met: r < 0.05 ? "yes" : "no",
      rss: fmtKb(peak(seek.runs)),
    });
    if (seek.runs[0].lines !== t.lastSeq - after) {
      x.notes.push(`printed ${seek.runs[0].lines} lines, expected ${t.lastSeq - after}`);
    }
    b.rows.push(x);
  }
  const rss = peak(full.runs);
  b.rows.push(row("mem-replay", memName, {
    taskline: fmtKb(rss),
    goal: "< 100 MB",
    met: rss === null ? "skipped: no /usr/bin/time" : rss < 100 * 1024 ? "yes" : "no",
    rss: fmtKb(rss),
    notes: [`${fmtMs(fullMs)}, ${full.runs[0].lines} lines`],
  }));
}

/** The row of a full replay of a big log: its rate against issue 14's goal. */
function replayRow(id: string, bytes: number, summary: GenSummary, v: Variant, runs: Timed[]): Row {
  const ms = med(runs);
  const rate = bytes / 1e6 / (ms / 1000);
  return row(id, `full replay events 1 --json, ${fmtBytes(bytes)} ${variantLabel(v, summary)}`, {
    taskline: `${rate.toFixed(0)} MB/s`,
    reference: fmtMs(ms),
    goal: ">= 300 MB/s",
    met: rate >= 300 ? "yes" : "no",
    rss: fmtKb(peak(runs)),
    notes: [
      `${runs[0].lines} lines; on CPU time ${
        (bytes / 1e6 / (medCpu(runs) / 1000)).toFixed(0)
      } MB/s`,
    ],
  });
}

/** A full replay of a big ASCII-only log, beside the realistic one of the seek benchmark. */
async function benchBigAscii(b: Bench) {
  const s = b.sizes;
  const big = await project(b.opts.work, `big-${s.bigBytes}-ascii`, {
    dir: "",
    tasks: 1,
    logBytes: s.bigBytes,
    runs: 1,
    open: true,
    seed: 12,
    nonAscii: 0,
  });
  const t = big.summary.tasks[0];
  await runTimed(["cat", `.taskline/tasks/${t.dir}/events.jsonl`], { cwd: big.root });
  const full = await repeat(b, taskline(["events", "1", "--json"]), big.root, s.bigRuns);
  if (full.failed) {
    b.rows.push(
      skipped("replay-big-ascii", "full replay (ASCII)", failure("taskline events", full.failed)),
    );
    return;
  }
  b.rows.push(replayRow("replay-big-ascii", t.bytes, big.summary, "ascii", full.runs));
}

/** Follow of the whole big log from its start: peak memory (issue 3). */
async function benchFollowMemory(b: Bench, big: Project) {
  const t = big.summary.tasks[0];
  const size = fmtBytes(t.bytes);
  const name = `memory: events -f --json from the start of a ${size} log`;
  const logPath = `${big.root}/.taskline/tasks/${t.dir}/events.jsonl`;
  const origSize = (await Deno.stat(logPath)).size;
  const follower = new Watched(taskline(["events", "1", "-f", "--json"]), { cwd: big.root });
  const rss = new RssPoller(follower.pid);
  try {
    const caughtUp = await follower.waitFor(() => follower.lines >= t.lastSeq, 600_000);
    if (!caughtUp) {
      b.rows.push(skipped(
        "mem-follow",
        name,
        follower.exitCode !== null
          ? `taskline events -f exited ${follower.exitCode}: ${firstLine(follower.stderr)}`
          : `replay did not finish (${follower.lines} of ${t.lastSeq} lines)`,
        "< 100 MB",
      ));
      return;
    }
    const rec = await RunRecorder.open(
      new StateDir(`${big.root}/.taskline`),
      await readTask(new StateDir(`${big.root}/.taskline`), t.dir),
      { mode: "append" },
    );
    try {
      for (let i = 0; i < 10; i++) {
        rec.emit({ type: "agent_text", role: "coder", text: `appended ${i}` });
        await new Promise((r) => setTimeout(r, 10));
      }
      rec.emit({
        type: "run_finished",
        success: true,
        status: "done",
        usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
        active_ms: 0,
        started_at: "2026-09-01T08:00:00Z",
      });
    } finally {
      await rec.close();
    }
    const code = await follower.exited(15_000);
    const peakKb = rss.stop();
    const r = row("mem-follow", name, {
      taskline: fmtKb(peakKb),
      goal: "< 100 MB",
      met: peakKb === null ? "skipped: /proc not readable" : peakKb < 100 * 1024 ? "yes" : "no",
      rss: fmtKb(peakKb),
    });
    if (code === null) r.notes.push("did not exit at the run's end within 15 s");
    else if (follower.lines !== t.lastSeq + 11) {
      r.notes.push(`printed ${follower.lines} lines, expected ${t.lastSeq + 11}`);
    }
    b.rows.push(r);
  } finally {
    rss.stop();
    await follower[Symbol.asyncDispose]();
    // Leave the log as generated, for the next run of the bench.
    await Deno.truncate(logPath, origSize);
    await resetState(big.root, big.files);
  }
}

/** Latency from an append to the printed line, taskline events -f beside tail -F (issue 3). */
async function benchFollowLatency(b: Bench) {
  const s = b.sizes;
  const p = await project(b.opts.work, "follow", {
    dir: "",
    tasks: 1,
    eventsPerTask: 2000,
    runs: 1,
    open: true,
    seed: 21,
  }, true);
  const t = p.summary.tasks[0];
  const goal = "median < 5 ms, p99 < 25 ms";
  const name = `follow latency, append -> printed line (${s.followAppends} appends)`;
  const logRel = `.taskline/tasks/${t.dir}/events.jsonl`;
  const seen = { tl: new Map<number, number>(), tail: new Map<number, number>() };
  const seqOf = (line: string) => {
    const m = /"seq":(\d+)/.exec(line);
    return m ? Number(m[1]) : -1;
  };
  const tl = new Watched(taskline(["events", "1", "-f", "--after", String(t.lastSeq), "--json"]), {
    cwd: p.root,
    onLine: (l, at) => seen.tl.set(seqOf(l), at),
  });
  const tail = b.tools.tail
    ? new Watched(["tail", "-n", "0", "-F", logRel], {
      cwd: p.root,
      onLine: (l, at) => seen.tail.set(seqOf(l), at),
    })
    : null;
  const state = new StateDir(`${p.root}/.taskline`);
  const rec = await RunRecorder.open(state, await readTask(state, t.dir), { mode: "append" });
  const lat = { tl: [] as number[], tail: [] as number[] };
  try {
    // Warm up: both print an append before the timed ones.
    let ready = false;
    for (let i = 0; i < 40 && !ready; i++) {
      const e = rec.emit({ type: "agent_text", role: "coder", text: "warm-up" });
      ready = await tl.waitFor(() => seen.tl.has(e.seq!), 500) &&
        (!tail || await tail.waitFor(() => seen.tail.has(e.seq!), 500));
      if (tl.exitCode !== null) break;
    }
    if (!ready) {
      b.rows.push(skipped(
        "follow",
        name,
        tl.exitCode !== null
          ? `taskline events -f exited ${tl.exitCode}: ${firstLine(tl.stderr)}`
          : "taskline events -f printed no appended line within 20 s",
        goal,
      ));
      return;
    }
    for (let i = 0; i < s.followAppends; i++) {
      await new Promise((r) => setTimeout(r, 5 + (i % 7) * 3));
      const t0 = performance.now();
      const e = rec.emit({ type: "agent_text", role: "coder", text: `append ${i}` });
      const seq = e.seq!;
      await tl.waitFor(() => seen.tl.has(seq), 2000);
      if (tail) await tail.waitFor(() => seen.tail.has(seq), 2000);
      lat.tl.push((seen.tl.get(seq) ?? Infinity) - t0);
      if (tail) lat.tail.push((seen.tail.get(seq) ?? Infinity) - t0);
    }
    const rss = peakOf(tl.pid);
    rec.emit({
      type: "run_finished",
      success: true,
      status: "done",
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
      active_ms: 0,
      started_at: "2026-09-01T08:00:00Z",
    });
    const code = await tl.exited(10_000);
    const p50 = median(lat.tl), p99 = quantile(lat.tl, 0.99);
    const tp50 = median(lat.tail), tp99 = quantile(lat.tail, 0.99);
    const lost = lat.tl.filter((x) => !Number.isFinite(x)).length;
    const r = row("follow", name, {
      taskline: `p50 ${fmtMs(p50)}, p99 ${fmtMs(p99)}`,
      reference: tail ? `p50 ${fmtMs(tp50)}, p99 ${fmtMs(tp99)} (tail -F)` : "skipped: no tail",
      ratio: tail ? `p50 ${fmtRatio(p50 / tp50)} tail's` : "-",
      goal,
      met: lost === 0 && p50 < 5 && p99 < 25 ? "yes" : "no",
      rss: fmtKb(rss),
    });
    if (lost > 0) r.notes.push(`${lost} appends not printed within 2 s`);
    if (code === null) r.notes.push("did not exit at the run's end within 10 s");
    b.rows.push(r);
  } finally {
    await rec.close();
    await tl[Symbol.asyncDispose]();
    if (tail) await tail[Symbol.asyncDispose]();
  }
}

/** CPU time a running process used so far (user + system), milliseconds. */
function cpuMsOf(pid: number): number | null {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

function peakOf(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(Deno.readTextFileSync(`/proc/${pid}/status`));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Project-wide merge of every task's log (issues 3 and 14), beside cat of every log. */
async function benchMerge(b: Bench, hist: Project, variant: Variant = "real") {
  const s = b.sizes;
  const sfx = variant === "real" ? "" : `-${variant}`;
  const name = `events --json (every task merged), ${s.histTasks} tasks x ${s.histEvents} events, ${
    variantLabel(variant, hist.summary)
  }`;
  const goal = ">= 300k events/s, < 200 MB";
  const total = hist.summary.events;
  await runTimed(["sh", "-c", "cat .taskline/tasks/*/events.jsonl"], { cwd: hist.root });
  const tl = await repeat(b, taskline(["events", "--json"]), hist.root, s.bigRuns);
  if (tl.failed) {
    b.rows.push(
      skipped(`merge${sfx}`, name, failure("taskline events (every task)", tl.failed), goal),
    );
    return;
  }
  const cat = await repeat(
    b,
    ["sh", "-c", "cat .taskline/tasks/*/events.jsonl"],
    hist.root,
    s.runs,
  );
  const tlMs = med(tl.runs);
  const catMs = cat.failed ? NaN : med(cat.runs);
  const rate = total / (tlMs / 1000);
  const rss = peak(tl.runs);
  const r = row(`merge${sfx}`, name, {
    taskline: `${fmtMs(tlMs)} (${(rate / 1000).toFixed(0)}k events/s)`,
    reference: Number.isFinite(catMs) ? `${fmtMs(catMs)} (cat of every log)` : "-",
    ratio: Number.isFinite(catMs) ? `${fmtRatio(tlMs / catMs)} cat's time` : "-",
    goal,
    met: rss === null
      ? "skipped: no /usr/bin/time"
      : rate >= 300_000 && rss < 200 * 1024
      ? "yes"
      : "no",
    rss: fmtKb(rss),
    notes: [
      `${fmtBytes(hist.summary.bytes)}, ${total} events; on CPU time ${
        (total / (medCpu(tl.runs) / 1000) / 1000).toFixed(0)
      }k events/s`,
    ],
  });
  if (tl.runs[0].lines !== total) {
    r.notes.push(`printed ${tl.runs[0].lines} lines, expected ${total}`);
  }
  b.rows.push(r);
}

/** history --all --json, first and repeated call (issue 4). */
async function benchHistory(b: Bench, hist: Project) {
  const s = b.sizes;
  const label = `history --all --json, ${s.histTasks} tasks x ${s.histEvents} events`;
  const argv = taskline(["history", "--all", "--json"]);
  const reset = () => resetState(hist.root, hist.files);
  const first = await repeat(b, argv, hist.root, s.bigRuns, reset);
  if (first.failed) {
    b.rows.push(
      skipped("history-first", `${label}, first call`, failure("taskline history", first.failed)),
    );
    b.rows.push(skipped("history-repeat", `${label}, repeated call`, "first call failed"));
    return;
  }
  const firstMs = med(first.runs);
  b.rows.push(row("history-first", `${label}, first call (no cache)`, {
    taskline: fmtMs(firstMs),
    rss: fmtKb(peak(first.runs)),
    notes: ["the cache taskline keeps in .taskline/ is removed before each first call"],
  }));
  const again = await repeat(b, argv, hist.root, s.runs);
  if (again.failed) {
    b.rows.push(
      skipped(
        "history-repeat",
        `${label}, repeated call`,
        failure("taskline history", again.failed),
      ),
    );
    return;
  }
  const againMs = med(again.runs);
  const r = againMs / firstMs;
  b.rows.push(row("history-repeat", `${label}, repeated call`, {
    taskline: fmtMs(againMs),
    reference: `${fmtMs(firstMs)} (first call)`,
    ratio: pct(r),
    goal: "logs not re-read (< 50 % of the first call)",
    met: r < 0.5 ? "yes" : "no",
    rss: fmtKb(peak(again.runs)),
  }));
  await reset();
}

/** A running `taskline serve --port 0 --json`. */
interface Server {
  proc: Watched;
  url: string;
  token: string;
  first: string;
}

async function startServer(root: string, v8Flags = true): Promise<Server | string> {
  let first = "";
  const proc = new Watched(taskline(["serve", "--port", "0", "--json"], { v8Flags }), {
    cwd: root,
    onLine: (l) => {
      if (first === "") first = l;
    },
  });
  await proc.waitFor(() => first !== "", 30_000);
  if (first === "") {
    const why = proc.exitCode !== null
      ? `taskline serve exited ${proc.exitCode}: ${firstLine(proc.stderr)}`
      : "taskline serve printed nothing within 30 s";
    await proc[Symbol.asyncDispose]();
    return why;
  }
  try {
    const j = JSON.parse(first);
    if (typeof j.url !== "string" || typeof j.token !== "string") {
      throw new Error("no url or token");
    }
    return { proc, url: j.url.replace(/\/$/, ""), token: j.token, first };
  } catch (e) {
    await proc[Symbol.asyncDispose]();
    return `taskline serve --json printed ${first.slice(0, 80)} (${(e as Error).message})`;
  }
}

/** /api/events?limit=500 over the history project (issue 5). */
async function benchApiEvents(b: Bench, hist: Project) {
  const s = b.sizes;
  const name = `GET /api/events?limit=500, ${s.histTasks} tasks, warm server`;
  const goal = "p50 < 25 ms";
  const server = await startServer(hist.root);
  if (typeof server === "string") {
    b.rows.push(skipped("api-events", name, server, goal));
    return;
  }
  try {
    const get = async (timeoutMs = REQUEST_TIMEOUT_MS) => {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/events?limit=500`, {
        headers: { Authorization: `Bearer ${server.token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await res.text();
      return { ms: performance.now() - t0, status: res.status, body };
    };
    // The first request may build the server's index of every log: it gets longer.
    const warm = await get(FIRST_REQUEST_TIMEOUT_MS).catch((e: Error) => ({
      ms: NaN,
      status: 0,
      body: e.message,
    }));
    if (warm.status === 0) {
      b.rows.push(row("api-events", name, {
        taskline: `no answer within ${FIRST_REQUEST_TIMEOUT_MS / 1000} s`,
        goal,
        met: "no",
        rss: fmtKb(peakOf(server.proc.pid)),
        notes: [`first request: ${warm.body.slice(0, 80)}`],
      }));
      return;
    }
    if (warm.status !== 200) {
      b.rows.push(
        skipped("api-events", name, `HTTP ${warm.status}: ${warm.body.slice(0, 120)}`, goal),
      );
      return;
    }
    for (let i = 0; i < 2; i++) await get().catch(() => {});
    const times: number[] = [];
    let count = -1;
    let failed = 0;
    const until = performance.now() + 120_000;
    for (let i = 0; i < s.eventsRequests && performance.now() < until; i++) {
      const r = await get().catch((e: Error) => ({ ms: Infinity, status: 0, body: e.message }));
      times.push(r.ms);
      if (r.status !== 200) {
        failed++;
        continue;
      }
      if (i === 0) {
        try {
          const j = JSON.parse(r.body);
          count = Array.isArray(j) ? j.length : Array.isArray(j.events) ? j.events.length : -1;
        } catch { /* counted as -1 */ }
      }
    }
    const p50 = median(times);
    const x = row("api-events", name, {
      taskline: `p50 ${fmtMs(p50)}, p99 ${fmtMs(quantile(times, 0.99))}; first ${fmtMs(warm.ms)}`,
      goal,
      met: p50 < 25 ? "yes" : "no",
      rss: fmtKb(peakOf(server.proc.pid)),
    });
    if (count !== 500) x.notes.push(`answered ${count} events, expected 500`);
    if (failed) x.notes.push(`${failed} requests failed or timed out (counted as infinite)`);
    if (times.length < s.eventsRequests) {
      x.notes.push(`${times.length} requests in the 120 s allowed`);
    }
    b.rows.push(x);
  } finally {
    server.proc.kill("SIGINT");
    await server.proc.exited(5_000);
    await server.proc[Symbol.asyncDispose]();
    await resetState(hist.root, hist.files);
  }
}

/** What a fan-out benchmark runs. */
interface FanoutCase {
  id: string;
  name: string;
  goal: string;
  clients: number;
  /** `recorder`: one task through the run recorder; `many`: round-robin over many tasks, O_APPEND. */
  writer: "recorder" | "many";
  rate: number;
  seconds: number;
  /** Tasks of the project, and how many of them the `many` writer appends to. */
  tasks: number;
  written: number;
  /** Whether the goals hold: p50 and p99 in ms, server peak RSS in KiB. */
  met: ((p50: number, p99: number, peakKb: number) => boolean) | null;
  /** The server with the four permission flags and no V8 flags (default: as installed). */
  bare?: boolean;
}

/** Many /api/stream clients while a writer process appends (issues 5 and 15). */
function benchFanout(b: Bench, nClients: number, withGoal: boolean) {
  const s = b.sizes;
  return benchStream(b, {
    id: withGoal ? "fanout" : `fanout-${nClients}`,
    name:
      `server fan-out: ${nClients} /api/stream clients, writer ${s.fanRate} events/s for ${s.fanSeconds} s`,
    goal: withGoal ? "all received, p99 < 100 ms, server < 250 MB" : "-",
    clients: nClients,
    writer: "recorder",
    rate: s.fanRate,
    seconds: s.fanSeconds,
    tasks: 5,
    written: 1,
    met: withGoal ? (_p50, p99, kb) => p99 < 100 && kb < 250 * 1024 : null,
  });
}

/**
 * The issue 15 load: another process appends to many of many tasks at once.
 * `bare`: the server started with the four permission flags and nothing else
 * (no V8 flags), as a harness that runs `deno run` with exactly them would.
 */
function benchFanoutMany(b: Bench, bare = false) {
  const s = b.sizes;
  return benchStream(b, {
    id: bare ? "fanout-many-bare" : "fanout-many",
    name: `server fan-out${
      bare ? ", four permission flags and no V8 flags" : ""
    }: ${s.fanClients} /api/stream clients, another process appends to ${s.manyWritten} of ${s.manyTasks} tasks (round-robin, O_APPEND) ${s.fanRate} events/s for ${s.fanSeconds} s`,
    goal: "all received, p99 < 100 ms, server < 250 MB",
    clients: s.fanClients,
    writer: "many",
    rate: s.fanRate,
    seconds: s.fanSeconds,
    tasks: s.manyTasks,
    written: s.manyWritten,
    met: (_p50, p99, kb) => p99 < 100 && kb < 250 * 1024,
    bare,
  });
}

/** One client, one task written 20 times a second: the latency of an idle server. */
function benchStreamLowLoad(b: Bench) {
  const s = b.sizes;
  return benchStream(b, {
    id: "stream-latency",
    name: `one /api/stream client, one task written 20 times a second for ${s.lowSeconds} s`,
    goal: "median < 2 ms, p99 < 10 ms",
    clients: 1,
    writer: "many",
    rate: 20,
    seconds: s.lowSeconds,
    tasks: 5,
    written: 1,
    met: (p50, p99) => p50 < 2 && p99 < 10,
  });
}

async function benchStream(b: Bench, c: FanoutCase) {
  const { id, name, goal, clients: nClients } = c;
  const withGoal = c.met !== null;
  const p = await project(b.opts.work, `stream-${c.tasks}`, {
    dir: "",
    tasks: c.tasks,
    eventsPerTask: c.tasks > 100 ? 20 : 300,
    runs: 1,
    open: true,
    seed: 31,
  }, true);
  const t = p.summary.tasks[0];
  // The many-task writer takes every (tasks / written)th task.
  const step = Math.max(1, Math.floor(c.tasks / c.written));
  const targets = p.summary.tasks.filter((_, i) => i % step === 0).slice(0, c.written);
  const server = await startServer(p.root, !c.bare);
  if (typeof server === "string") {
    b.rows.push(skipped(id, name, server, goal));
    return;
  }
  const rss = new RssPoller(server.proc.pid, 50);
  const expect = Math.round(c.rate * c.seconds);
  const procs = Math.max(1, Math.min(4, Math.ceil(nClients / 250)));
  const clients: Watched[] = [];
  const outputs: string[][] = [];
  try {
    const probe = await fetch(`${server.url}/api/stream`, {
      headers: { Authorization: `Bearer ${server.token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (probe.status !== 200) {
      const body = await probe.text();
      b.rows.push(
        skipped(
          "fanout",
          name,
          `/api/stream answered HTTP ${probe.status}: ${body.slice(0, 100)}`,
          goal,
        ),
      );
      return;
    }
    await probe.body?.cancel();
    const port = new URL(server.url).port;
    for (let i = 0; i < procs; i++) {
      const n = Math.floor(nClients / procs) + (i < nClients % procs ? 1 : 0);
      const out: string[] = [];
      outputs.push(out);
      clients.push(
        new Watched([
          Deno.execPath(),
          "run",
          "--quiet",
          `--allow-net=127.0.0.1:${port},localhost:${port}`,
          new URL("./bench_sse_clients.ts", import.meta.url).pathname,
          "--url",
          server.url,
          "--token",
          server.token,
          "--clients",
          String(n),
          "--number",
          String(c.writer === "many" ? 0 : t.number),
          "--expect",
          String(expect),
          "--timeout-ms",
          String((c.seconds + 30) * 1000),
        ], { cwd: p.root, onLine: (l) => out.push(l) }),
      );
    }
    const allReady = await Promise.all(
      clients.map((c, i) => c.waitFor(() => outputs[i].includes("ready"), 60_000)),
    );
    if (allReady.includes(false)) {
      const bad = clients.find((_, i) => !allReady[i])!;
      b.rows.push(
        skipped(id, name, `clients did not connect: ${firstLine(bad.stderr)}`, goal),
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 500));
    b.log(`fanout: ${nClients} clients connected, writing ${expect} events`);
    const writer = new Watched([
      Deno.execPath(),
      "run",
      "--quiet",
      ...PERMISSION_FLAGS,
      new URL("./bench_writer.ts", import.meta.url).pathname,
      ...(c.writer === "many"
        ? ["--tasks", targets.map((x) => x.dir).join(",")]
        : ["--task", t.dir]),
      "--rate",
      String(c.rate),
      "--seconds",
      String(c.seconds),
    ], { cwd: p.root });
    const cpuStart = cpuMsOf(server.proc.pid);
    const wallStart = performance.now();
    const wcode = await writer.exited((c.seconds + 60) * 1000);
    if (wcode !== 0) {
      b.rows.push(
        skipped(id, name, `writer exited ${wcode}: ${firstLine(writer.stderr)}`, goal),
      );
      await writer[Symbol.asyncDispose]();
      return;
    }
    await Promise.all(clients.map((x) => x.exited((c.seconds + 40) * 1000)));
    const wallS = (performance.now() - wallStart) / 1000;
    const serverCpuS = ((cpuMsOf(server.proc.pid) ?? NaN) - (cpuStart ?? NaN)) / 1000;
    const reports: ClientsReport[] = [];
    for (const [i, out] of outputs.entries()) {
      const last = out.findLast((l) => l.startsWith("{"));
      if (!last) {
        b.rows.push(
          skipped(
            "fanout",
            name,
            `client process ${i} reported nothing: ${firstLine(clients[i].stderr)}`,
            goal,
          ),
        );
        return;
      }
      reports.push(JSON.parse(last));
    }
    const counts = reports.flatMap((r) => r.counts);
    const complete = counts.filter((n) => n === expect).length;
    const merged = (pick: (r: ClientsReport) => [number, number][] | undefined) => {
      const hist = new Map<number, number>();
      for (const r of reports) {
        for (const [k, v] of pick(r) ?? []) hist.set(k, (hist.get(k) ?? 0) + v);
      }
      return hist;
    };
    const quantile = (hist: Map<number, number>, f: number) => {
      const total = [...hist.values()].reduce((a, b) => a + b, 0);
      const keys = [...hist.keys()].sort((a, b) => a - b);
      let acc = 0;
      for (const k of keys) {
        acc += hist.get(k)!;
        if (acc >= f * total) return ((k + 1) * BUCKET_US) / 1000;
      }
      return NaN;
    };
    const hist = merged((r) => r.hist);
    const p50 = quantile(hist, 0.5), p99 = quantile(hist, 0.99);
    const warm = merged((r) => r.histWarm);
    const peakKb = rss.stop();
    const allGot = complete === counts.length && counts.length === nClients;
    const r = row(id, name, {
      taskline: `p50 ${fmtMs(p50)}, p99 ${
        fmtMs(p99)
      }; ${complete}/${nClients} clients got all ${expect} exactly once`,
      goal,
      met: !withGoal ? "-" : allGot && peakKb !== null && c.met!(p50, p99, peakKb) ? "yes" : "no",
      rss: `${fmtKb(peakKb)} (server)`,
    });
    const errors = reports.flatMap((x) => x.errors);
    if (errors.length) r.notes.push(`client errors: ${errors.slice(0, 2).join("; ")}`);
    if (!allGot) {
      r.notes.push(
        `events received by a client: fewest ${Math.min(...counts)}, most ${
          Math.max(...counts)
        } (of ${expect})`,
      );
    }
    if (warm.size > 0) {
      r.notes.push(
        `events written 5 s or more after the first: p50 ${fmtMs(quantile(warm, 0.5))}, p99 ${
          fmtMs(quantile(warm, 0.99))
        }`,
      );
    }
    const clientCpuS = reports.reduce((a, x) => a + (x.cpuMs ?? 0), 0) / 1000;
    r.notes.push(
      `CPU over the ${wallS.toFixed(0)} s: server ${serverCpuS.toFixed(0)} s, clients ${
        clientCpuS.toFixed(0)
      } s, of ${(wallS * navigator.hardwareConcurrency).toFixed(0)} s the cores had`,
    );
    const neg = reports.reduce((a, x) => a + x.negative, 0);
    if (neg) r.notes.push(`${neg} arrivals stamped before their at (clock skew), counted as 0 ms`);
    b.rows.push(r);
  } finally {
    rss.stop();
    for (const c of clients) await c[Symbol.asyncDispose]();
    server.proc.kill("SIGINT");
    await server.proc.exited(5_000);
    await server.proc[Symbol.asyncDispose]();
  }
}

// ---------------------------------------------------------------- report

async function machine(): Promise<Record<string, string>> {
  const read = async (p: string) => await Deno.readTextFile(p).catch(() => "");
  const cpu = /model name\s*:\s*(.+)/.exec(await read("/proc/cpuinfo"))?.[1] ?? "unknown";
  const mem = /MemTotal:\s+(\d+) kB/.exec(await read("/proc/meminfo"))?.[1];
  return {
    cores: String(navigator.hardwareConcurrency),
    cpu,
    memory: mem ? `${(Number(mem) / 1024 / 1024).toFixed(1)} GiB` : "unknown",
    os: `${Deno.build.os} ${Deno.osRelease()}`,
    deno: Deno.version.deno,
  };
}

/** Busy CPU ticks of the whole machine, and of this process and its reaped children. */
function cpuTicks(): { busy: number; own: number } | null {
  try {
    const all = Deno.readTextFileSync("/proc/stat").split("\n")[0].trim().split(/\s+/).slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const busy = all[0] + all[1] + all[2] + all[5] + all[6] + (all[7] ?? 0);
    const st = Deno.readTextFileSync("/proc/self/stat");
    const f = st.slice(st.lastIndexOf(")") + 2).split(" ").map(Number);
    // utime stime cutime cstime (fields 14 to 17): children count once reaped.
    return { busy, own: f[11] + f[12] + f[13] + f[14] };
  } catch {
    return null;
  }
}

function loadavg(): string {
  try {
    return Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

function renderReport(
  rows: Row[],
  info: {
    mode: string;
    started: Date;
    seconds: number;
    machine: Record<string, string>;
    loadStart: string;
    loadEnd: string;
    /** CPU-seconds other processes used while this ran, and what the cores had. */
    others: { cpuS: number; capacityS: number } | null;
    note: string | null;
    sizes: Sizes;
  },
): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const lines = [
    "| benchmark | taskline | reference | ratio | goal | met | taskline peak RSS |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((r) =>
      `| ${esc(r.benchmark)}${r.notes.length ? ` (${esc(r.notes.join("; "))})` : ""} | ${
        esc(r.taskline)
      } | ${esc(r.reference)} | ${esc(r.ratio)} | ${esc(r.goal)} | ${esc(r.met)} | ${esc(r.rss)} |`
    ),
  ];
  const m = info.machine;
  const o = info.others;
  const othersShare = o ? o.cpuS / o.capacityS : NaN;
  const loaded = o ? othersShare > 0.05 : Number(info.loadStart.split(" ")[0]) > 0.5;
  const s = info.sizes;
  const withGoal = rows.filter((r) => r.goal !== "-");
  const met = withGoal.filter((r) => r.met === "yes").length;
  const notMet = withGoal.filter((r) => r.met === "no").length;
  const skippedRows = rows.filter((r) => r.met.startsWith("skipped"));
  return `# Benchmarks

Measured by \`deno task bench${info.mode === "full" ? "" : ` --${info.mode}`}\` (scripts/bench.ts).
Regenerate with \`deno task bench\` (full sizes) or \`deno task bench --quick\` (small sizes,
under 2 minutes).

## The latest ${info.mode === "full" ? "full " : ""}run

- Date: ${info.started.toISOString().slice(0, 16).replace("T", " ")} UTC
- Mode: ${info.mode}; duration ${
    info.seconds.toFixed(0)
  } s; each time is the median of ${s.runs} runs
  (${s.bigRuns} on the largest logs)
- Machine: ${m.cores} cores (${m.cpu}), ${m.memory}, ${m.os}, Deno ${m.deno}
- Load average (1, 5, 15 min): ${info.loadStart} at the start, ${info.loadEnd} at the end${
    o
      ? `\n- Other processes (not the bench and its children) used ${
        o.cpuS.toFixed(0)
      } CPU-seconds of the ${o.capacityS.toFixed(0)} the cores had while this ran (${
        (othersShare * 100).toFixed(0)
      } %)`
      : ""
  }${
    loaded
      ? "\n- **The machine was loaded by other work while this ran** (other processes shared its cores); times are pessimistic."
      : "\n- The machine was otherwise idle while this ran."
  }${info.note ? `\n- Note: ${info.note}` : ""}
- Goals: ${met} met, ${notMet} not met, ${
    withGoal.length - met - notMet
  } skipped, of ${withGoal.length}${
    skippedRows.length ? `; ${skippedRows.length} rows skipped in all (reason in the row)` : ""
  }

${lines.join("\n")}

## What is measured

taskline runs as it ships: the bundle that \`deno task install\` builds and installs
(\`build/taskline.js\`, built from the sources at the start of the run), by \`deno run\` with
exactly its permission flags (\`${PERMISSION_FLAGS.join(" ")}\`), from the generated project's
root, so every time includes Deno's start-up (the module graph is cached by a warm-up call
first). Every command's standard output goes through a pipe to \`wc -l\`, for taskline and the
reference tools alike;
the line counts are compared and any difference is noted in the table. Peak resident memory
comes from GNU time (\`/usr/bin/time\`) for commands that end, and from \`VmHWM\` in
\`/proc/<pid>/status\` for the long-running ones (followers, the server). Logs are read from the
page cache (each benchmark reads its log once before timing). GNU time also gives each
command's CPU time (user and system): the read rows note it beside the wall time, because wall
times grow with whatever else shares the cores while CPU times hardly do.

Projects come from \`scripts/gen_project.ts\` (deterministic from a seed): realistic runs with
phases, agent text, tool calls with complete inputs (edits and writes of up to 8 KB),
previews, outputs of up to 60 KB in the trace store, budget pauses and approvals with their
resumes, commits and validations; about 530 bytes a line on average. Their text is like real
agents': about 5% of the lines carry non-ASCII characters (typographic quotes and dashes,
arrows, accented names, CJK, emoji; each row states the share of its log), and unknown fields
and event types appear now and then. Each read figure has a row on an ASCII-only log of the
same seed beside it (\`gen_project.ts --ascii\`), and the filtered replay a row on a log
written by another serialiser (\`--foreign\`: sorted keys, spaces after colons and commas,
non-ASCII escaped as \`\\uXXXX\`), which taskline reads the slower way (goal: at least 3 times
jq).

- **Start-up**: \`taskline events 1 --json\` on a log of about 10 events beside an empty
  \`deno eval ''\`, interleaved, median of each (goal: within 10 ms).

- **Filtered replay**: \`taskline events 1 --type tool_called --json\` on a ${
    fmtBytes(s.filterBytes)
  } log of
  one run, beside \`jq -c 'select(.event.type=="tool_called")'\` on the same file (goal: at
  least 10 times faster), and \`grep -F\` and \`cat\` as the physical ceilings of reading the file.
- **Full replay**: \`events 1 --json\` of the ${
    fmtBytes(s.bigBytes)
  } log, as MB/s (goal: at least 300).
- **Seek**: \`events 1 --after <last seq - 100> --json\` on a ${
    fmtBytes(s.bigBytes)
  } log of one run,
  as a fraction of a full replay (\`events 1 --json\`) of the same log (goal: under 5 %).
- **Memory**: peak RSS of the full replay of that log, and of \`events 1 -f --json\` following it
  from its start (the whole log, then 10 appended events and the run's end); goal under 100 MB.
- **Follow latency**: the bench appends ${s.followAppends} events one at a time through the run
  recorder (5 to 23 ms apart) while \`taskline events 1 -f --after <last> --json\` and
  \`tail -n 0 -F\` follow the same log; latency is from just before the append to the arrival
  of the printed line in the bench process (goal: median under 5 ms, p99 under 25 ms).
- **Project-wide merge**: \`taskline events --json\` over ${s.histTasks} tasks of about ${s.histEvents}
  events, beside \`cat\` of every log (goal: at least 300,000 events a second under 200 MB).
- **History**: \`taskline history --all --json\` over the same ${s.histTasks} tasks, first call
  (taskline's cache in \`.taskline/\` removed before each) and repeated call; the issue's goal is
  that a repeated call on unchanged logs does not re-read them, read here as "under half the
  time of the first call".
- **/api/events**: \`GET /api/events?limit=500\` on \`taskline serve\` over those tasks, after
  three warm-up requests, ${s.eventsRequests} sequential requests (goal: p50 under 25 ms).
- **Server fan-out**: ${s.fanClients} concurrent \`GET /api/stream\` clients (in ${
    Math.max(1, Math.min(4, Math.ceil(s.fanClients / 250)))
  } client
  processes; each client a TCP connection that sends its request and reads the HTTP/1.1
  response itself, as load generators do, and looks only at the \`id:\` lines) while a writer process (scripts/bench_writer.ts, the run recorder) appends
  ${s.fanRate} events a second for ${s.fanSeconds} s; every client must receive every event; latency
  is from the event's \`at\` (its cursor) to its arrival at the client; the server's peak RSS
  (goals: p99 under 100 ms, under 250 MB). Clients give up ${
    s.fanSeconds + 30
  } s after they connected.
  The row's note gives the CPU time the server and the clients used against what the cores
  had: when they add up to the cores' capacity, the machine, not only the server, is the limit.${
    s.fanClientsScale
      ? `
  A second run with ${s.fanClientsScale} clients, same writer, shows the scale (no goal).`
      : ""
  } Load goes to loopback only, bounded in count and time.
- **Server fan-out, many tasks** (issue 15): the same ${s.fanClients} clients (counting the
  events of every task) while another process (scripts/bench_writer.ts \`--tasks\`) appends to
  ${s.manyWritten} of ${s.manyTasks} tasks at once, round-robin, ${s.fanRate} events a second for
  ${s.fanSeconds} s, each log opened once with \`O_APPEND\` and each line one \`write\` (goals:
  every event to every client exactly once, p99 under 100 ms, server under 250 MB). A client
  reads on one second after its last expected event, so that an event sent twice is counted.
- **Stream latency at low load**: one \`/api/stream\` client, one task written 20 times a
  second for ${s.lowSeconds} s by the same writer (goals: median under 2 ms, p99 under 10 ms).

All processes share the machine's ${m.cores} cores: the load generators (clients, writer, the
bench itself) compete with the program measured, which makes the server and follow numbers
pessimistic on a small machine.

Full mode generates about ${
    fmtBytes(
      3 * MODES.full.filterBytes + 2 * MODES.full.bigBytes +
        2 * MODES.full.histTasks * MODES.full.histEvents * 530,
    )
  } of logs in \`/tmp/taskline-bench\` (kept and reused by later runs
with the same parameters; delete the directory to reclaim the space). A full run takes ${
    info.mode === "full"
      ? `${Math.ceil(info.seconds / 60)} minutes on this machine`
      : `about ${FULL_MODE_MINUTES} minutes on a 2-core machine`
  } (the first run also generates the projects: about 30 s).
`;
}

// ---------------------------------------------------------------- main

/** Runs the benchmarks; returns the rows. */
export async function runBench(args: string[]): Promise<Row[]> {
  const opts = parseOptions(args);
  const sizes = MODES[opts.mode];
  const started = new Date();
  const t0 = performance.now();
  const loadStart = loadavg();
  const ticksStart = cpuTicks();
  const log = (m: string) => console.error(`bench: ${m}`);
  await Deno.mkdir(opts.work, { recursive: true });
  const tools = await ensureTools(opts.install, log);
  const b: Bench = { opts, sizes, tools, log, rows: [], timeBin: tools["/usr/bin/time"] };
  const want = (id: string) => !opts.only || opts.only.has(id);
  const step = async (id: string, name: string, fn: () => Promise<void>) => {
    if (!want(id)) return;
    log(`${name}...`);
    const n = b.rows.length;
    try {
      await fn();
    } catch (e) {
      b.rows.push(skipped(id, name, `the benchmark failed: ${(e as Error).message}`));
    }
    for (const r of b.rows.slice(n)) {
      log(`  ${r.benchmark}: ${r.taskline} | ${r.reference} | ${r.met}`);
    }
  };
  // What is installed, built from the sources now, as `deno task install` does.
  await buildShipped();
  log(`mode ${opts.mode}, work directory ${opts.work}, taskline ${MAIN} (as installed)`);

  await step("startup", "start-up", () => benchStartup(b));
  await step("startup-events", "start-up of events <ref> --json", () => benchStartupEvents(b));
  await step("filter", "filtered replay", () => benchFilter(b));
  await step("filter-ascii", "filtered replay, ASCII-only log", () => benchFilter(b, "ascii"));
  await step(
    "filter-foreign",
    "filtered replay, another serialiser's log",
    () => benchFilter(b, "foreign"),
  );
  let big: Project | null = null;
  const needBig = want("seek") || want("mem-follow");
  if (needBig) {
    big = await project(opts.work, `big-${sizes.bigBytes}`, {
      dir: "",
      tasks: 1,
      logBytes: sizes.bigBytes,
      runs: 1,
      open: true,
      seed: 12,
    });
    log(
      `big log: ${fmtBytes(big.summary.tasks[0].bytes)}${
        big.reused ? " (reused)" : ` in ${big.summary.ms} ms`
      }`,
    );
  }
  if (big) await step("seek", "seek and replay memory", () => benchSeek(b, big!));
  if (big) await step("mem-follow", "follow memory", () => benchFollowMemory(b, big!));
  await step("replay-ascii", "full replay, ASCII-only big log", () => benchBigAscii(b));
  await step("follow", "follow latency", () => benchFollowLatency(b));
  await step("record", "record", async () => (await import("./bench_record.ts")).benchRecord(b));
  await step("fleet", "fleet", async () => (await import("./bench_fleet.ts")).benchFleet(b));
  let hist: Project | null = null;
  if (want("merge") || want("history") || want("api-events")) {
    hist = await project(opts.work, `hist-${sizes.histTasks}x${sizes.histEvents}`, {
      dir: "",
      tasks: sizes.histTasks,
      eventsPerTask: sizes.histEvents,
      traceFilesPerTask: 2,
      seed: 13,
    });
    log(`history project: ${sizes.histTasks} tasks, ${fmtBytes(hist.summary.bytes)}`);
  }
  if (hist) await step("merge", "project-wide merge", () => benchMerge(b, hist!));
  if (want("merge-ascii")) {
    const histAscii = await project(
      opts.work,
      `hist-${sizes.histTasks}x${sizes.histEvents}-ascii`,
      {
        dir: "",
        tasks: sizes.histTasks,
        eventsPerTask: sizes.histEvents,
        traceFilesPerTask: 2,
        seed: 13,
        nonAscii: 0,
      },
    );
    await step(
      "merge-ascii",
      "project-wide merge, ASCII-only logs",
      () => benchMerge(b, histAscii, "ascii"),
    );
  }
  if (hist) await step("history", "history", () => benchHistory(b, hist!));
  if (hist) await step("api-events", "/api/events", () => benchApiEvents(b, hist!));
  await step("stream-latency", "stream latency at low load", () => benchStreamLowLoad(b));
  await step("fanout-many", "server fan-out, many tasks", () => benchFanoutMany(b));
  await step(
    "fanout-many-bare",
    "server fan-out, many tasks, no V8 flags",
    () => benchFanoutMany(b, true),
  );
  await step("fanout", "server fan-out", () => benchFanout(b, sizes.fanClients, true));
  if (sizes.fanClientsScale) {
    const n = sizes.fanClientsScale;
    await step("fanout", `server fan-out, ${n} clients`, () => benchFanout(b, n, false));
  }

  const seconds = (performance.now() - t0) / 1000;
  const report = renderReport(b.rows, {
    mode: opts.mode,
    started,
    seconds,
    machine: await machine(),
    loadStart,
    loadEnd: loadavg(),
    others: (() => {
      const end = cpuTicks();
      if (!ticksStart || !end) return null;
      const cpuS = Math.max(0, (end.busy - ticksStart.busy) - (end.own - ticksStart.own)) / 100;
      return { cpuS, capacityS: seconds * navigator.hardwareConcurrency };
    })(),
    note: opts.note,
    sizes,
  });
  await Deno.writeTextFile(opts.out, await withHistory(opts.out, report));
  log(`wrote ${opts.out} (${seconds.toFixed(0)} s)`);
  if (opts.json) console.log(JSON.stringify(b.rows));
  return b.rows;
}

/**
 * The report with the history of the file it replaces kept: its section
 * "What changed the figures" (written by hand) goes before "What is
 * measured", so that a new run replaces the old run's table only.
 */
async function withHistory(path: string, report: string): Promise<string> {
  const old = await Deno.readTextFile(path).catch(() => "");
  const marker = "\n## What changed the figures";
  const measured = "\n## What is measured";
  const at = old.indexOf(marker);
  if (at < 0 || !report.includes(measured)) return report;
  const end = old.indexOf(measured, at);
  const history = old.slice(at, end < 0 ? undefined : end);
  const i = report.indexOf(measured);
  return report.slice(0, i).trimEnd() + "\n" + history.trimEnd() + "\n" + report.slice(i);
}

if (import.meta.main) {
  await runBench(Deno.args);
}
