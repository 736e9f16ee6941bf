/**
 * Helpers of the `taskline events` process tests: a scripted writer process
 * (tests/events_writer.ts) driven line by line.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { REPO } from "./helpers.ts";
import { assertEquals } from "./assert.ts";
import type { Task } from "../src/store/tasks.ts";

/** A running writer process; each command resolves with the seq after it. */
export class Writer implements AsyncDisposable {
  readonly child: Deno.ChildProcess;
  #lines: string[] = [];
  #waiters: Array<() => void> = [];
  #stdin: WritableStreamDefaultWriter<Uint8Array>;
  #stderr = "";
  readonly done: Promise<Deno.CommandStatus>;

  constructor(cwd: string, dir: string) {
    this.child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", ...PERMISSION_FLAGS, `${REPO}/tests/events_writer.ts`, dir],
      cwd,
      env: { RUST_BACKTRACE: "0" },
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.#stdin = this.child.stdin.getWriter();
    const read = async () => {
      let pending = "";
      for await (const chunk of this.child.stdout.pipeThrough(new TextDecoderStream())) {
        pending += chunk;
        const parts = pending.split("\n");
        pending = parts.pop()!;
        this.#lines.push(...parts);
        for (const w of this.#waiters.splice(0)) w();
      }
    };
    const readErr = async () => {
      for await (const c of this.child.stderr.pipeThrough(new TextDecoderStream())) {
        this.#stderr += c;
      }
    };
    this.done = Promise.all([read(), readErr()]).then(() => this.child.status);
    this.done.then(() => {
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  /** Sends one command and waits for its answer; returns the seq after it. */
  async send(cmd: Record<string, unknown>, timeoutMs = 15_000): Promise<number> {
    const before = this.#lines.length;
    await this.#stdin.write(new TextEncoder().encode(JSON.stringify(cmd) + "\n"));
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    this.done.then(() => exited = true);
    while (this.#lines.length <= before) {
      if (exited || Date.now() > deadline) {
        throw new Error(`writer did not answer ${JSON.stringify(cmd)}; stderr: ${this.#stderr}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 100);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    const answer = this.#lines[before];
    if (!answer.startsWith("ok ")) throw new Error(`writer: ${answer}`);
    return Number(answer.slice(3));
  }

  /** Emits one event (the recorder fills `run`). */
  emit(event: Record<string, unknown>): Promise<number> {
    return this.send({ op: "emit", event });
  }

  async [Symbol.asyncDispose](): Promise<void> {
    try {
      this.child.kill("SIGKILL");
    } catch { /* gone */ }
    await this.#stdin.close().catch(() => {});
    await this.done.catch(() => {});
  }
}

/** Starts a writer for task directory `dir` of the project at `cwd`. */
export function startWriter(cwd: string, dir: string): Writer {
  return new Writer(cwd, dir);
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Whether a process is still running after `ms`. */
export async function stillRunning(done: Promise<unknown>, ms: number): Promise<boolean> {
  let ended = false;
  done.then(() => ended = true, () => ended = true);
  await sleep(ms);
  return !ended;
}

/** Lines of a log whose envelopes carry members named like the tagged form's task and number. */
export function spoofingLines(run: string): string {
  const ev = (m: string) => `{"type":"log","run":"${run}","level":"info","message":"${m}"}`;
  return [
    // In JSON.stringify's form, the unknown members after the event.
    `{"schema":2,"seq":1,"at":"2026-09-27T10:00:00Z","event":${
      ev("a")
    },"task":"spoof","number":99}`,
    // Another serialiser: spaces, the unknown members first.
    `{"task": "spoof", "number": 98, "schema": 2, "seq": 2, "at": "2026-09-27T10:00:01Z", "event": ${
      ev("b")
    }}`,
    // Only one of them, and another unknown member kept.
    `{"schema":2,"seq":3,"at":"2026-09-27T10:00:02Z","event":${ev("c")},"number":97,"extra":1}`,
  ].map((l) => l + "\n").join("");
}

/** Asserts a tagged line names its task once, with the task's own id and number. */
export function assertTaggedOnce(line: string, task: Task): void {
  const count = (key: string) => line.split(`"${key}":`).length - 1;
  assertEquals([count("task"), count("number")], [1, 1], line);
  const t = JSON.parse(line);
  assertEquals([t.task, t.number], [task.id, task.number], line);
}
