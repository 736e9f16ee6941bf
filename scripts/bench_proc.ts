/**
 * Process helpers of the benchmarks: run a command to its end with its wall
 * time, output line count and peak resident memory; watch a long-running
 * process's output lines as they arrive; read a process's peak memory from
 * /proc while it runs.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import type { Row } from "./bench.ts";
import { buildProgram, PROGRAM_BUNDLE } from "./build_program.ts";

/**
 * Absolute path of the program as it is installed: the bundle that
 * `deno task install` builds (build/taskline.js), which the installed
 * command runs. {@link buildShipped} makes it from the sources now.
 */
export const MAIN = new URL(`../${PROGRAM_BUNDLE}`, import.meta.url).pathname;

let built: Promise<string> | undefined;

/**
 * Builds {@link MAIN} from the sources now, once a process (what
 * `deno task install` does first): the benchmarks measure what is installed.
 */
export function buildShipped(): Promise<string> {
  built ??= buildProgram();
  return built;
}

/** Options of {@link taskline}. */
export interface TasklineArgvOptions {
  /**
   * With taskline's V8 flags, as `deno task install` runs it (default); false: the four
   * permission flags and nothing else, as a harness that runs `deno run` with exactly them.
   */
  v8Flags?: boolean;
}

/**
 * The argv of `taskline <args>` as it is installed: what the installed
 * command runs, `deno run` with its permission flags of the bundle (after
 * {@link buildShipped}).
 *
 * To compare a change of the server against the program before it, the
 * environment may name another `main.ts` for `serve` (`TASKLINE_BENCH_SERVE_MAIN`,
 * for example that of a `git worktree` of the commit before) and flags to add
 * to it (`TASKLINE_BENCH_SERVE_FLAGS`, for example `--cpu-prof`).
 */
export function taskline(args: string[], options: TasklineArgvOptions = {}): string[] {
  const flags = options.v8Flags === false
    ? PERMISSION_FLAGS.filter((f) => !f.startsWith("--v8-flags"))
    : PERMISSION_FLAGS;
  const serve = args[0] === "serve";
  const extra = serve
    ? (Deno.env.get("TASKLINE_BENCH_SERVE_FLAGS") ?? "").split(" ").filter((f) => f !== "")
    : [];
  const main = (serve ? Deno.env.get("TASKLINE_BENCH_SERVE_MAIN") : undefined) ?? MAIN;
  return [Deno.execPath(), "run", "--quiet", ...flags, ...extra, main, ...args];
}

/** Quotes one word for sh. */
export function shq(word: string): string {
  return /^[A-Za-z0-9_\/.,=:+@%-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Whether an executable is on PATH (or is an existing absolute path). */
export async function which(name: string): Promise<string | null> {
  if (name.startsWith("/")) {
    try {
      await Deno.stat(name);
      return name;
    } catch {
      return null;
    }
  }
  const out = await new Deno.Command("sh", {
    args: ["-c", `command -v ${shq(name)}`],
    stdout: "piped",
    stderr: "null",
  }).output();
  const p = new TextDecoder().decode(out.stdout).trim();
  return out.code === 0 && p !== "" ? p : null;
}

/** One run of a command to its end. */
export interface Timed {
  /** Wall time, milliseconds. */
  ms: number;
  /** Exit code of the command (not of the pipe). */
  code: number;
  /** Lines it printed on stdout. */
  lines: number;
  /** Peak resident memory, KiB; null without /usr/bin/time. */
  rssKb: number | null;
  /**
   * CPU time (user and system) of the command, milliseconds; null without
   * /usr/bin/time. Unlike wall time, it hardly grows when other work shares the cores.
   */
  cpuMs: number | null;
  /** The end of its stderr. */
  stderr: string;
}

/** Options of {@link runTimed}. */
export interface RunTimedOptions {
  cwd: string;
  /** Killed after this long. Default 600000 (10 min). */
  timeoutMs?: number;
  /** Extra environment. Default none. */
  env?: Record<string, string>;
  /** `/usr/bin/time` (GNU time) to measure peak memory; null to skip. Default null. */
  timeBin?: string | null;
}

let tmpCounter = 0;

/**
 * Runs `argv` with stdout counted by `wc -l` (so that nothing detects a
 * /dev/null and takes a shortcut, and the bench process reads no output),
 * measuring wall time around the whole and peak memory with GNU time.
 */
export async function runTimed(argv: string[], options: RunTimedOptions): Promise<Timed> {
  const tmp = `${Deno.env.get("TMPDIR") ?? "/tmp"}/taskline-bench-${Deno.pid}-${++tmpCounter}`;
  const rssFile = `${tmp}.rss`, errFile = `${tmp}.err`, codeFile = `${tmp}.code`;
  const cmd = argv.map(shq).join(" ");
  const timed = options.timeBin
    ? `${shq(options.timeBin)} -f '%M %U %S' -o ${shq(rssFile)} ${cmd}`
    : cmd;
  const script = `{ ${timed} 2>${shq(errFile)}; echo $? > ${shq(codeFile)}; } | wc -l`;
  const t0 = performance.now();
  const child = new Deno.Command("bash", {
    args: ["-c", script],
    cwd: options.cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0", ...options.env },
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const timer = setTimeout(() => {
    try {
      child.kill("SIGKILL");
    } catch { /* gone */ }
  }, options.timeoutMs ?? 600_000);
  const out = await child.output();
  const ms = performance.now() - t0;
  clearTimeout(timer);
  const read = async (p: string) => {
    try {
      return await Deno.readTextFile(p);
    } catch {
      return "";
    }
  };
  const codeText = (await read(codeFile)).trim();
  const rssText = (await read(rssFile)).trim().split("\n").pop() ?? "";
  const stderr = (await read(errFile)).slice(-2000);
  for (const p of [rssFile, errFile, codeFile]) await Deno.remove(p).catch(() => {});
  const [rssField, user, sys] = rssText.split(" ");
  const rss = Number(rssField);
  const cpu = (Number(user) + Number(sys)) * 1000;
  return {
    ms,
    code: codeText === "" ? (out.code === 0 ? 137 : out.code) : Number(codeText),
    lines: Number(new TextDecoder().decode(out.stdout).trim()) || 0,
    rssKb: options.timeBin && rssText !== "" && Number.isFinite(rss) ? rss : null,
    cpuMs: options.timeBin && Number.isFinite(cpu) ? cpu : null,
    stderr,
  };
}

/** Peak resident memory so far of a running process, KiB (VmHWM), or null when gone. */
export function peakRssKb(pid: number): number | null {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    const m = /VmHWM:\s+(\d+) kB/.exec(s);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Polls a process's VmHWM until stopped; `peakKb` is the highest seen. */
export class RssPoller {
  peakKb: number | null = null;
  #timer: ReturnType<typeof setInterval>;
  constructor(pid: number, intervalMs = 20) {
    const poll = () => {
      const v = peakRssKb(pid);
      if (v !== null && (this.peakKb === null || v > this.peakKb)) this.peakKb = v;
    };
    poll();
    this.#timer = setInterval(poll, intervalMs);
  }
  stop(): number | null {
    clearInterval(this.#timer);
    return this.peakKb;
  }
}

/**
 * A long-running process whose stdout lines are handed to `onLine` with the
 * time they arrived (performance.now()), or only counted.
 */
export class Watched implements AsyncDisposable {
  readonly child: Deno.ChildProcess;
  readonly pid: number;
  lines = 0;
  stderr = "";
  exitCode: number | null = null;
  readonly done: Promise<number>;
  #onLine: ((line: string, t: number) => void) | null;
  #waiters: Array<() => void> = [];

  constructor(
    argv: string[],
    options: {
      cwd: string;
      onLine?: (line: string, t: number) => void;
      env?: Record<string, string>;
    },
  ) {
    this.#onLine = options.onLine ?? null;
    this.child = new Deno.Command(argv[0], {
      args: argv.slice(1),
      cwd: options.cwd,
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0", ...options.env },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.pid = this.child.pid;
    const readOut = async () => {
      const dec = new TextDecoder();
      let pending = "";
      for await (const chunk of this.child.stdout) {
        const t = performance.now();
        if (this.#onLine) {
          pending += dec.decode(chunk, { stream: true });
          let nl = pending.indexOf("\n");
          let start = 0;
          while (nl >= 0) {
            this.lines++;
            this.#onLine(pending.slice(start, nl), t);
            start = nl + 1;
            nl = pending.indexOf("\n", start);
          }
          pending = pending.slice(start);
        } else {
          let i = chunk.indexOf(10);
          while (i >= 0) {
            this.lines++;
            i = chunk.indexOf(10, i + 1);
          }
        }
        for (const w of this.#waiters.splice(0)) w();
      }
    };
    const readErr = async () => {
      for await (const c of this.child.stderr.pipeThrough(new TextDecoderStream())) {
        this.stderr = (this.stderr + c).slice(-4000);
      }
    };
    this.done = Promise.all([readOut(), readErr()]).then(async () => {
      const st = await this.child.status;
      this.exitCode = st.code;
      for (const w of this.#waiters.splice(0)) w();
      return st.code;
    });
  }

  /** Waits until `test()` holds or the process ends; false on timeout or end. */
  async waitFor(test: () => boolean, timeoutMs: number): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (!test()) {
      if (this.exitCode !== null) return test();
      const left = deadline - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 100));
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return true;
  }

  /** Waits for the process to end, at most `timeoutMs`; null on timeout. */
  async exited(timeoutMs: number): Promise<number | null> {
    let t: ReturnType<typeof setTimeout> | undefined;
    const r = await Promise.race([
      this.done,
      new Promise<null>((resolve) => t = setTimeout(() => resolve(null), timeoutMs)),
    ]);
    clearTimeout(t);
    return r;
  }

  kill(signal: Deno.Signal = "SIGTERM") {
    try {
      this.child.kill(signal);
    } catch { /* gone */ }
  }

  async [Symbol.asyncDispose]() {
    if (this.exitCode === null) this.kill("SIGKILL");
    await this.child.stdin.close().catch(() => {});
    await this.done.catch(() => {});
  }
}

/** The median of numbers (NaN for none). */
export function median(xs: number[]): number {
  return quantile(xs, 0.5);
}

/** The q-quantile (nearest rank) of numbers (NaN for none). */
export function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
}

/** A row of the report, "-" in every column not given. */
export function row(id: string, benchmark: string, fields: Partial<Row> = {}): Row {
  return {
    id,
    benchmark,
    taskline: "-",
    reference: "-",
    ratio: "-",
    goal: "-",
    met: "-",
    rss: "-",
    notes: [],
    ...fields,
  };
}
