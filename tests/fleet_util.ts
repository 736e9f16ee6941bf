/**
 * Helpers of the fleet tests: a real `nats-server` with JetStream on a free
 * loopback port and a temporary store, a writer that appends to source logs
 * as a run does (now and then a line in two writes, tool outputs before
 * their `tool_returned`), and a byte-for-byte comparison of sources and a
 * mirror.
 *
 * @module
 */
import { connect } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { writeTraceOutput } from "../src/store/trace_store.ts";
import { decodeOutputs, evExtent, mirrorDir, parsePart } from "../src/fleet/wire.ts";
import { type CliProcess, spawnCli } from "./helpers.ts";
import { until } from "./record_util.ts";

/** Where nats-server is (Debian puts it in /usr/sbin). */
export function natsServerPath(): string {
  for (const p of ["/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"]) {
    try {
      Deno.statSync(p);
      return p;
    } catch { /* next */ }
  }
  return "nats-server";
}

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** A running nats-server that can be killed and started again on the same port and store. */
export class NatsServer implements AsyncDisposable {
  readonly port = freePort();
  readonly store = Deno.makeTempDirSync({ prefix: "taskline-nats-" });
  child: Deno.ChildProcess | null = null;
  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = new Deno.Command(natsServerPath(), {
      args: ["-js", "-sd", this.store, "-a", "127.0.0.1", "-p", String(this.port)],
      stdout: "null",
      stderr: "null",
    }).spawn();
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        const c = await Deno.connect({ hostname: "127.0.0.1", port: this.port });
        c.close();
        return;
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await sleep(30);
      }
    }
  }

  async kill(signal: Deno.Signal = "SIGKILL"): Promise<void> {
    if (!this.child) return;
    try {
      this.child.kill(signal);
    } catch { /* gone */ }
    await this.child.status;
    this.child = null;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.kill();
    await Deno.remove(this.store, { recursive: true }).catch(() => {});
  }
}

/** Starts a nats-server for a test. */
export async function startNats(): Promise<NatsServer> {
  const s = new NatsServer();
  await s.start();
  return s;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Messages of each subject of the stream (to count what was stored). */
export async function subjectCounts(
  url: string,
  stream = "TASKLINE",
): Promise<Map<string, number>> {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream, { subjects_filter: ">" });
    return new Map(Object.entries(info.state.subjects ?? {}));
  } finally {
    await nc.close();
  }
}

/** What the stream holds of the task logs (`ev` subjects). */
export interface StreamLines {
  /** Complete lines held, in all and by subject. */
  lines: number;
  bySubject: Map<string, number>;
  /** `ev` messages (fewer than lines when lines went in batches). */
  messages: number;
  /** Messages of more than one line. */
  batches: number;
  /** Lines held more than once: a message that starts before the end of what came before. */
  overlaps: string[];
  /** A message that starts past the end of what came before. */
  gaps: string[];
}

/**
 * Reads every `ev` message of the stream in order and checks that each task's
 * messages follow each other byte for byte: each line held once, none missing.
 */
export async function streamLines(url: string, stream = "TASKLINE"): Promise<StreamLines> {
  const nc = await connect({ servers: url.replace("nats://", "") });
  const out: StreamLines = {
    lines: 0,
    bySubject: new Map(),
    messages: 0,
    batches: 0,
    overlaps: [],
    gaps: [],
  };
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(stream, { subjects_filter: "taskline.*.*.ev" });
    let total = 0;
    for (const n of Object.values(info.state.subjects ?? {})) total += n;
    if (total === 0) return out;
    const consumer = await jetstream(nc).consumers.get(stream, {
      filter_subjects: "taskline.*.*.ev",
    });
    const ends = new Map<string, number>();
    let read = 0;
    const iter = await consumer.consume({ max_messages: 1000 });
    for await (const m of iter) {
      const subject = m.subject;
      const id = m.headers?.get("Nats-Msg-Id") ?? "";
      const x = evExtent(m.headers, m.data.length) ?? { start: -1, end: -1, part: null };
      const end = ends.get(subject) ?? 0;
      let lines = 0;
      // A part of a split line counts once, with its last part (which ends the line).
      if (x.part === null || x.end > x.start) {
        if (x.part !== null) lines = 1;
        else for (const b of m.data) if (b === 10) lines++;
        out.messages++;
        if (lines > 1) out.batches++;
        if (x.start < end) out.overlaps.push(`${subject} ${id} starts at ${x.start} < ${end}`);
        else if (x.start > end) out.gaps.push(`${subject} ${id} starts at ${x.start} > ${end}`);
        ends.set(subject, Math.max(end, x.end));
      }
      out.lines += lines;
      out.bySubject.set(subject, (out.bySubject.get(subject) ?? 0) + lines);
      if (++read >= total) break;
    }
    iter.stop();
  } finally {
    await nc.close();
  }
  return out;
}

/** What the stream holds of the kept tool outputs (`out` and `outs` subjects). */
export interface StreamOutputs {
  /** Outputs held (`<task subject>/<run>/<call>`), each with how many times it is held. */
  held: Map<string, number>;
  /** Messages of one output (a part of a split output counts with its last part). */
  single: number;
  /** Messages of several outputs, and the outputs in them. */
  multi: number;
  inMulti: number;
  /** `outs` messages that do not read as outputs. */
  unreadable: number;
}

/** Reads every output message of the stream: which outputs it holds, and how many times. */
export async function streamOutputs(url: string, stream = "TASKLINE"): Promise<StreamOutputs> {
  const nc = await connect({ servers: url.replace("nats://", "") });
  const out: StreamOutputs = { held: new Map(), single: 0, multi: 0, inMulti: 0, unreadable: 0 };
  try {
    const jsm = await jetstreamManager(nc);
    const add = (key: string) => out.held.set(key, (out.held.get(key) ?? 0) + 1);
    // One consumer a filter: several filters on one need nats-server 2.10.
    for (const filter of ["taskline.*.*.out.>", "taskline.*.*.outs"]) {
      const info = await jsm.streams.info(stream, { subjects_filter: filter });
      let total = 0;
      for (const n of Object.values(info.state.subjects ?? {})) total += n;
      if (total === 0) continue;
      const consumer = await jetstream(nc).consumers.get(stream, { filter_subjects: filter });
      let read = 0;
      const iter = await consumer.consume({ max_messages: 1000 });
      for await (const m of iter) {
        const t = m.subject.split(".");
        const task = t.slice(0, 3).join(".");
        if (t[3] === "outs") {
          const outs = decodeOutputs(m.data);
          if (outs === null) out.unreadable++;
          else {
            out.multi++;
            out.inMulti += outs.length;
            for (const o of outs) add(`${task}/${o.run}/${o.call}`);
          }
        } else {
          const part = parsePart(m.headers?.get("Taskline-Part")) ?? { i: 0, n: 1 };
          if (part.i === part.n - 1) {
            out.single++;
            add(`${task}/${t[4]}/${t[5]}`);
          }
        }
        // The last message of the filter (nothing more pending), or as many as it held.
        if (++read >= total || m.info.pending === 0) break;
      }
      iter.stop();
    }
  } finally {
    await nc.close();
  }
  return out;
}

/** Messages in the stream (0 while there is none). */
export async function streamMessages(url: string, stream = "TASKLINE"): Promise<number> {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    return (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
  } catch {
    return 0;
  } finally {
    await nc.close();
  }
}

/** Deletes the stream. */
export async function deleteStream(url: string, stream = "TASKLINE"): Promise<void> {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    await (await jetstreamManager(nc)).streams.delete(stream);
  } finally {
    await nc.close();
  }
}

const RUN = "5d2a4f0e-8b1c-4c3d-9e7f-0a1b2c3d4e5f";

/** Appends runs to the logs of a project, as an engine would. */
export class SourceWriter {
  readonly state: StateDir;
  readonly tasks: Task[] = [];
  readonly #seq = new Map<string, number>();
  #n = 0;

  constructor(root: string) {
    this.state = new StateDir(`${root}/.taskline`);
  }

  /** Creates `count` tasks. */
  async addTasks(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      this.tasks.push(await createTask(this.state, `Task ${this.tasks.length + 1} of the fleet`));
    }
  }

  /**
   * The next line of `task`: `run_started` first, then a tool call with its
   * kept output (of `outputLines` lines) every `toolEvery`th event, else
   * agent text of `seq % textMod` characters.
   */
  async #nextLine(
    task: Task,
    o: { toolEvery: number; outputLines: (seq: number) => number; textMod: number },
  ): Promise<string> {
    const seq = (this.#seq.get(task.dir) ?? 0) + 1;
    this.#seq.set(task.dir, seq);
    const at = new Date(Date.UTC(2026, 10, 25, 12, 0, 0, seq)).toISOString();
    let event: Record<string, unknown>;
    if (seq === 1) event = { type: "run_started", run: RUN, task: task.id };
    else if (seq % o.toolEvery === 0) {
      const call = (seq * 7919).toString(16).padStart(12, "0").slice(-12);
      const output = `output of call ${call}\n${"é line ✓\n".repeat(o.outputLines(seq))}`;
      const file = await writeTraceOutput(this.state, { dir: task.dir, run: RUN, call }, output);
      event = {
        type: "tool_returned",
        run: RUN,
        role: "coder",
        tool: "bash",
        is_error: false,
        duration_ms: 12,
        preview: output.slice(0, 200),
        call,
        subtask: null,
        exit_code: 0,
        timed_out: false,
        output_chars: output.length,
        output_file: file,
      };
    } else {
      event = {
        type: "agent_text",
        run: RUN,
        role: "coder",
        text: `step ${seq} ✓ ${"x".repeat(seq % o.textMod)}`,
      };
    }
    return encodeEnvelope({ schema: 2, seq, at, event: event as never }) + "\n";
  }

  /**
   * Appends `count` events to a task (round robin): a tool call with its kept
   * output every fifth event; one line in ten written in two parts with a
   * pause between.
   */
  async append(count: number, options: { splitPauseMs?: number } = {}): Promise<void> {
    for (let i = 0; i < count; i++) {
      const task = this.tasks[this.#n++ % this.tasks.length];
      const line = new TextEncoder().encode(
        await this.#nextLine(task, {
          toolEvery: 5,
          outputLines: (seq) => seq % 3 === 0 ? 30_000 : 20,
          textMod: 50,
        }),
      );
      const seq = this.#seq.get(task.dir)!;
      const f = await Deno.open(this.state.logPath(task.dir), { append: true, create: true });
      try {
        if (seq % 10 === 3) {
          const cut = Math.floor(line.length / 2);
          await f.write(line.subarray(0, cut));
          await sleep(options.splitPauseMs ?? 5);
          await f.write(line.subarray(cut));
        } else await f.write(line);
      } finally {
        f.close();
      }
    }
  }

  /**
   * Appends `count` lines to each task, each task's in one write (a log to
   * catch up on): text lines, and a tool call with a small kept output every
   * 50th (`toolEvery`), of `seq % 7` lines (`outputLines`, a line 12 bytes).
   * `tasks`: only these (default all).
   */
  async appendBulk(
    count: number,
    tasks: Task[] = this.tasks,
    options: { toolEvery?: number; outputLines?: (seq: number) => number } = {},
  ): Promise<void> {
    for (const task of tasks) {
      const bytes = await this.bulkLines(task, count, options);
      const f = await Deno.open(this.state.logPath(task.dir), { append: true, create: true });
      try {
        await f.write(bytes);
      } finally {
        f.close();
      }
    }
  }

  /**
   * The next `count` lines of `task` as {@link appendBulk} writes them, not
   * written to its log (their kept outputs are written).
   */
  async bulkLines(
    task: Task,
    count: number,
    options: { toolEvery?: number; outputLines?: (seq: number) => number } = {},
  ): Promise<Uint8Array> {
    const lines: string[] = [];
    for (let i = 0; i < count; i++) {
      lines.push(
        await this.#nextLine(task, {
          toolEvery: options.toolEvery ?? 50,
          outputLines: options.outputLines ?? ((seq) => seq % 7),
          textMod: 90,
        }),
      );
    }
    return new TextEncoder().encode(lines.join(""));
  }

  /** Lines written in all. */
  get lines(): number {
    let n = 0;
    for (const s of this.#seq.values()) n += s;
    return n;
  }
}

/** What differs between the source projects and the mirror (empty: equal). */
export async function mirrorDiff(
  sources: Array<{ project: string; root: string }>,
  mirrorRoot: string,
  options: { outputs?: boolean } = {},
): Promise<string[]> {
  const diffs: string[] = [];
  for (const s of sources) {
    const src = new StateDir(`${s.root}/.taskline`);
    const dst = new StateDir(`${mirrorRoot}/.taskline`);
    for await (const e of Deno.readDir(src.tasksDir)) {
      if (!e.isDirectory) continue;
      const m = mirrorDir(s.project, e.name);
      for (const f of ["events.jsonl", "task.json"]) {
        const a = await read(`${src.taskDir(e.name)}/${f}`);
        const b = await read(`${dst.taskDir(m)}/${f}`);
        if (a === null && b === null) continue;
        if (a === null || b === null || !equal(a, b)) {
          diffs.push(
            `${m}/${f}: source ${a?.length ?? "missing"} bytes, mirror ${
              b?.length ?? "missing"
            } bytes`,
          );
        }
      }
      if (options.outputs !== false) {
        for (const path of await filesUnder(`${src.toolOutputDir}/${e.name}`)) {
          const a = await read(`${src.toolOutputDir}/${e.name}/${path}`);
          const b = await read(`${dst.toolOutputDir}/${m}/${path}`);
          if (a === null || b === null || !equal(a, b)) {
            diffs.push(`tool-output/${m}/${path} differs`);
          }
        }
      }
    }
  }
  return diffs;
}

/** Waits until the mirror equals the sources; the differences left on timeout. */
export async function untilMirrored(
  sources: Array<{ project: string; root: string }>,
  mirrorRoot: string,
  timeoutMs = 60_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const d = await mirrorDiff(sources, mirrorRoot);
    if (d.length === 0 || Date.now() > deadline) return d;
    await sleep(100);
  }
}

async function filesUnder(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  try {
    for await (const e of Deno.readDir(dir)) {
      if (e.isDirectory) out.push(...await filesUnder(`${dir}/${e.name}`, `${prefix}${e.name}/`));
      else if (e.isFile && !e.name.endsWith(".tmp")) out.push(`${prefix}${e.name}`);
    }
  } catch { /* none */ }
  return out;
}

async function read(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch {
    return null;
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A TCP proxy in front of nats-server that can hold what clients send: after
 * {@link hold}, the bytes that the connections open at that moment send are
 * kept (the server does not get them, so it does not answer them), also
 * after the client closes; {@link release} hands them to the server, late.
 * Connections opened after `hold` pass through.
 */
export class HoldingProxy implements AsyncDisposable {
  readonly port = freePort();
  readonly #listener: Deno.Listener;
  readonly #pipes = new Set<
    { up: Deno.Conn; held: Uint8Array[] | null; clientGone: boolean; release(): Promise<void> }
  >();

  constructor(targetPort: number) {
    this.#listener = Deno.listen({ hostname: "127.0.0.1", port: this.port });
    void this.#accept(targetPort);
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async #accept(targetPort: number) {
    for await (const client of this.#listener) {
      let up: Deno.Conn;
      try {
        up = await Deno.connect({ hostname: "127.0.0.1", port: targetPort });
      } catch {
        client.close();
        continue;
      }
      const pipe = {
        up,
        held: null as Uint8Array[] | null,
        clientGone: false,
        release: async () => {
          const held = pipe.held ?? [];
          pipe.held = null;
          for (const b of held) await writeAll(up, b).catch(() => {});
          if (pipe.clientGone) close(up);
        },
      };
      this.#pipes.add(pipe);
      void (async () => {
        // What the server sends is read to its end (dropped once the client is gone).
        const buf = new Uint8Array(64 * 1024);
        let toClient = true;
        try {
          for (;;) {
            const n = await up.read(buf);
            if (n === null) break;
            if (toClient) {
              toClient = await writeAll(client, buf.slice(0, n)).then(() => true, () => false);
            }
          }
        } catch { /* closed */ }
        close(client);
      })();
      void (async () => {
        const buf = new Uint8Array(64 * 1024);
        try {
          for (;;) {
            const n = await client.read(buf);
            if (n === null) break;
            if (pipe.held) pipe.held.push(buf.slice(0, n));
            else await writeAll(up, buf.slice(0, n));
          }
        } catch { /* closed */ }
        pipe.clientGone = true;
        if (!pipe.held) {
          close(up);
          this.#pipes.delete(pipe);
        }
      })();
    }
  }

  /** What the connections open now send is held from now on. */
  hold(): void {
    for (const p of this.#pipes) p.held ??= [];
  }

  /** Hands what was held to the server. */
  async release(): Promise<void> {
    for (const p of [...this.#pipes]) {
      if (p.held) await p.release();
      if (p.clientGone) this.#pipes.delete(p);
    }
  }

  [Symbol.asyncDispose](): Promise<void> {
    try {
      this.#listener.close();
    } catch { /* closed */ }
    for (const p of this.#pipes) close(p.up);
    return Promise.resolve();
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let done = 0;
  while (done < bytes.length) done += await conn.write(bytes.subarray(done));
}

function close(conn: Deno.Conn) {
  try {
    conn.close();
  } catch { /* closed */ }
}

/** Options of {@link killShipWhilePublishing}. */
export interface KillRounds {
  nats: NatsServer;
  /** The source project's directory and its project name for ship. */
  dir: string;
  project: string;
  rounds: number;
  /** Seed of the moments of the kills. */
  seed: number;
  /** Longest wait after the stream grew before the kill, in ms. */
  maxDelayMs: number;
  /** Run just before ship is killed (to kill nats-server too, say). */
  beforeKill?: (round: number) => Promise<void>;
  /** Run once the killed ship is gone (more lines to catch up on, say). */
  afterKill: (round: number) => Promise<void>;
}

/**
 * Starts `ship` and SIGKILLs it while it publishes, `rounds` times: each ship
 * is killed once the stream has grown, after a pseudo-random moment of up to
 * `maxDelayMs`. Returns what the killed ships wrote on stderr.
 */
export async function killShipWhilePublishing(o: KillRounds): Promise<string> {
  let seed = o.seed;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let stderr = "";
  for (let round = 0; round < o.rounds; round++) {
    const before = await streamMessages(o.nats.url);
    const ship: CliProcess = spawnCli(["ship", o.nats.url, "--project", o.project], {
      cwd: o.dir,
    });
    try {
      await until(async () => (await streamMessages(o.nats.url)) > before, 30_000);
      await sleep(Math.floor(rand() * o.maxDelayMs));
      await o.beforeKill?.(round);
      ship.kill("SIGKILL");
      await ship.done.catch(() => {});
      stderr += ship.stderr;
    } finally {
      await ship[Symbol.asyncDispose]();
    }
    await o.afterKill(round);
  }
  return stderr;
}

/** The kept output files of a project (paths under tool-output/; temporary files left out). */
export function outputFiles(state: StateDir): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const e of Deno.readDirSync(dir)) {
      if (e.isDirectory) walk(`${dir}/${e.name}`, `${prefix}${e.name}/`);
      else if (e.isFile && !e.name.endsWith(".tmp")) out.push(`${prefix}${e.name}`);
    }
  };
  walk(state.toolOutputDir, "");
  return out;
}
