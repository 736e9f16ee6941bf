/**
 * Test helpers: temporary projects and the real program as a process, run
 * under exactly the permissions it ships with.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";

/** Absolute path of the repository's main.ts. */
export const MAIN = new URL("../main.ts", import.meta.url).pathname;
/** Absolute path of the repository root. */
export const REPO = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/**
 * Waits until `ok()` holds (looked at every 10 ms), at most `timeoutMs`;
 * then throws naming `what`. For tests that wait for what they then
 * assert, not for a time that a loaded machine may need more of.
 */
export async function waitUntil(
  ok: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A temporary project directory with an empty `.taskline/`. */
export interface TempProject extends AsyncDisposable {
  /** The project root (the program's working directory). */
  dir: string;
  /** The state directory, as an absolute path (for the test's own reads and writes). */
  state: StateDir;
  cleanup(): Promise<void>;
}

/** Makes a temporary project. Use with `await using`. */
export async function tempProject(options: { init?: boolean } = {}): Promise<TempProject> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-test-" });
  const state = new StateDir(`${dir}/.taskline`);
  if (options.init !== false) await Deno.mkdir(state.tasksDir, { recursive: true });
  const cleanup = () => Deno.remove(dir, { recursive: true }).catch(() => {});
  return { dir, state, cleanup, [Symbol.asyncDispose]: cleanup };
}

/** Copies a directory tree (fixtures into a temporary project). */
export async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  for await (const e of Deno.readDir(from)) {
    const src = `${from}/${e.name}`, dst = `${to}/${e.name}`;
    if (e.isDirectory) await copyTree(src, dst);
    else if (e.isFile) await Deno.copyFile(src, dst);
  }
}

/** Creates a task and writes its log. */
export async function taskWithLog(
  state: StateDir,
  title: string,
  envelopes: Envelope[],
  options: { number?: number; id?: string; status?: string } = {},
): Promise<Task> {
  const task = await createTask(state, title, options);
  await Deno.writeTextFile(
    state.logPath(task.dir),
    envelopes.map((e) => encodeEnvelope(e) + "\n").join(""),
  );
  return task;
}

/** The result of running the program. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link runCli} and {@link spawnCli}. */
export interface CliOptions {
  /** The project root. */
  cwd: string;
  /** Text to write to stdin (then closed). Default: stdin closed. */
  stdin?: string;
  env?: Record<string, string>;
  /** The module to run. Default: main.ts (the sources); the installed bundle in its tests. */
  program?: string;
}

function command(args: string[], options: CliOptions, piped: boolean): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSION_FLAGS, options.program ?? MAIN, ...args],
    cwd: options.cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0", ...options.env },
    stdin: piped ? "piped" : "null",
    stdout: "piped",
    stderr: "piped",
  });
}

/** Runs `taskline <args>` to its end. */
export async function runCli(args: string[], options: CliOptions): Promise<CliResult> {
  const child = command(args, options, options.stdin !== undefined).spawn();
  if (options.stdin !== undefined) {
    const w = child.stdin.getWriter();
    await w.write(new TextEncoder().encode(options.stdin));
    await w.close();
  }
  const out = await child.output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** A running `taskline` process whose output lines can be awaited. */
export class CliProcess implements AsyncDisposable {
  readonly child: Deno.ChildProcess;
  readonly lines: string[] = [];
  stderr = "";
  #waiters: Array<() => void> = [];
  readonly done: Promise<Deno.CommandStatus>;

  constructor(args: string[], options: CliOptions) {
    this.child = command(args, options, true).spawn();
    const readLines = async () => {
      const reader = this.child.stdout.pipeThrough(new TextDecoderStream()).getReader();
      let pending = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        const parts = pending.split("\n");
        pending = parts.pop()!;
        this.lines.push(...parts);
        for (const w of this.#waiters.splice(0)) w();
      }
    };
    const readErr = async () => {
      for await (const chunk of this.child.stderr.pipeThrough(new TextDecoderStream())) {
        this.stderr += chunk;
      }
    };
    const reading = Promise.all([readLines(), readErr()]);
    this.done = reading.then(() => this.child.status);
    this.done.then(() => {
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  /** Waits until at least `n` lines were printed (or the process ended), at most `timeoutMs`. */
  async waitLines(n: number, timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    this.done.then(() => exited = true);
    while (this.lines.length < n && !exited) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `timed out waiting for ${n} lines; got ${this.lines.length}:\n${
            this.lines.join("\n")
          }\nstderr: ${this.stderr}`,
        );
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    return this.lines.slice(0, n);
  }

  /** Closes stdin (for commands that watch it). */
  async closeStdin(): Promise<void> {
    await this.child.stdin.close().catch(() => {});
  }

  kill(signal: Deno.Signal = "SIGTERM"): void {
    try {
      this.child.kill(signal);
    } catch { /* already gone */ }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    this.kill("SIGKILL");
    await this.closeStdin();
    await this.done.catch(() => {});
  }
}

/** Starts `taskline <args>` in the background. */
export function spawnCli(args: string[], options: CliOptions): CliProcess {
  return new CliProcess(args, options);
}

/** A schema-2 envelope for tests. */
export function env(seq: number | undefined, at: string, event: Record<string, unknown>): Envelope {
  const e: Envelope = { schema: 2, at, event: event as Envelope["event"] };
  if (seq !== undefined) e.seq = seq;
  return e;
}

/**
 * Counts what every open file of this process reads while `fn` runs (bytes
 * and reads), with `read` and `readSync` both (small reads are synchronous:
 * see readAt in src/store/log_file.ts).
 */
export async function countReads<T>(
  fn: () => Promise<T>,
): Promise<{ value: T; bytes: number; reads: number }> {
  const proto = Deno.FsFile.prototype;
  const original = proto.read;
  const originalSync = proto.readSync;
  let bytes = 0, reads = 0;
  const count = (n: number | null) => {
    reads++;
    bytes += n ?? 0;
    return n;
  };
  proto.read = async function (this: Deno.FsFile, p: Uint8Array) {
    return count(await original.call(this, p));
  };
  proto.readSync = function (this: Deno.FsFile, p: Uint8Array) {
    return count(originalSync.call(this, p));
  };
  try {
    return { value: await fn(), bytes, reads };
  } finally {
    proto.read = original;
    proto.readSync = originalSync;
  }
}
