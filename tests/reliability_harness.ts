/**
 * The fault trials of the reliability tests and of the soak mode
 * (`deno task soak`): each trial runs real processes under the shipped
 * permissions, injects a fault a given number of times, checks what a user
 * would notice after each one, and returns a {@link TrialResult} (counts and
 * every failure seen). The tests run them with small counts and assert no
 * failure; scripts/soak.ts runs them with large counts and writes the table
 * of docs/reliability.md.
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { decodeLine } from "../src/codec/decode.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { readAll } from "../src/store/log_reader.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { copyTree, REPO, runCli, spawnCli, tempProject } from "./helpers.ts";
import { SseReader, startServer } from "./serve_util.ts";

/** What one trial did and found. */
export interface TrialResult {
  /** Short name of the fault or input. */
  name: string;
  /** How many times the fault was injected (or inputs tried). */
  tries: number;
  /** Named counts (events checked, torn tails seen...). */
  counts: Record<string, number>;
  /** Every check that did not hold (empty when all is well). */
  failures: string[];
  /** Wall time of the trial, in ms. */
  ms: number;
}

const WRITER = `${REPO}/tests/recorder_writer.ts`;
const enc = new TextEncoder();
const dec = new TextDecoder();

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** A recorder writer process (tests/recorder_writer.ts) whose stdout lines can be awaited. */
export class Writer {
  readonly child: Deno.ChildProcess;
  readonly lines: string[] = [];
  stderr = "";
  readonly done: Promise<Deno.CommandStatus>;

  /** `env`: more environment (`WRITER_HOLD`, see tests/recorder_writer.ts). */
  constructor(cwd: string, args: string[], env: Record<string, string> = {}) {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", ...PERMISSION_FLAGS, WRITER, ...args],
      cwd,
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0", ...env },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    this.child = child;
    const out = (async () => {
      let pending = "";
      for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) {
        pending += chunk;
        const parts = pending.split("\n");
        pending = parts.pop()!;
        this.lines.push(...parts);
      }
    })();
    const err = (async () => {
      for await (const chunk of child.stderr.pipeThrough(new TextDecoderStream())) {
        this.stderr += chunk;
      }
    })();
    this.done = Promise.all([out, err]).then(() => child.status);
  }

  /** Waits until a line starting with `prefix` is printed (or the process ends: null). */
  async waitFor(prefix: string, timeoutMs = 30_000): Promise<string | null> {
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    this.done.then(() => ended = true);
    for (;;) {
      const hit = this.lines.find((l) => l.startsWith(prefix));
      if (hit) return hit;
      if (ended) return null;
      if (Date.now() > deadline) throw new Error(`no "${prefix}" line; stderr: ${this.stderr}`);
      await sleep(3);
    }
  }

  kill(signal: Deno.Signal = "SIGKILL"): void {
    try {
      this.child.kill(signal);
    } catch { /* already gone */ }
  }
}

async function readBytes(path: string): Promise<Uint8Array> {
  try {
    return await Deno.readFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return new Uint8Array(0);
    throw e;
  }
}

/** The complete lines of a log (up to its last newline) and the length of its torn tail. */
export function splitLog(bytes: Uint8Array): { lines: string[]; tornBytes: number } {
  const end = bytes.lastIndexOf(10) + 1;
  const text = dec.decode(bytes.subarray(0, end));
  return {
    lines: text === "" ? [] : text.slice(0, -1).split("\n"),
    tornBytes: bytes.length - end,
  };
}

/**
 * Checks the complete lines of a log written by resumes of ONE run: each
 * decodes, and seq is 1..N without a gap or a repeat. Returns the failures.
 */
export function checkGapless(
  lines: string[],
  where: string,
  from: { line: number; seq: number; run: string | null } = { line: 0, seq: 0, run: null },
): string[] {
  const failures: string[] = [];
  let seq = from.seq;
  let run: string | null = from.run;
  for (let i = from.line; i < lines.length; i++) {
    const d = decodeLine(lines[i]);
    if (!d.ok) {
      failures.push(`${where}: line ${i + 1} does not decode (${d.reason})`);
      continue;
    }
    const r = (d.env.event as { run?: string }).run ?? null;
    if (run === null) run = r;
    else if (r !== run) failures.push(`${where}: line ${i + 1} belongs to another run ${r}`);
    if (d.env.seq !== seq + 1) {
      failures.push(`${where}: line ${i + 1} has seq ${d.env.seq} after ${seq}`);
    }
    seq = d.env.seq ?? seq;
  }
  return failures;
}

/** The read form of each complete line, as `taskline events --json` prints it. */
function readForms(lines: string[]): string[] {
  return lines.map((l) => {
    const d = decodeLine(l);
    return d.ok ? encodeEnvelope(d.env) : `<broken: ${l.slice(0, 60)}>`;
  });
}

/** Runs at most `limit` async checks at once. */
class Pool {
  #running = new Set<Promise<void>>();
  constructor(readonly limit: number) {}
  async add(fn: () => Promise<void>): Promise<void> {
    while (this.#running.size >= this.limit) await Promise.race(this.#running);
    const p: Promise<void> = fn().finally(() => this.#running.delete(p));
    this.#running.add(p);
  }
  async drain(): Promise<void> {
    await Promise.all(this.#running);
  }
}

/** Options of {@link crashTrial}. */
export interface CrashTrialOptions {
  /** How many writers are killed. */
  kills: number;
  /** Also run `taskline serve` (with SSE clients) and `taskline events --follow` throughout. */
  followers?: boolean;
  /** Check with `taskline events --all --json` after every `cliEvery`-th kill. Default 1. */
  cliEvery?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

/**
 * Starts recorder writers (tests/recorder_writer.ts: a RunRecorder that
 * resumes the task's run and appends events of random sizes) and SIGKILLs
 * each at a random moment: before its run started (while it opens and
 * repairs the log) or while it writes. After each kill:
 *
 * - every complete line decodes, seq is gapless, nothing complete was lost;
 * - `taskline events --all --json` on a snapshot of the project prints
 *   exactly the complete lines (in their read form), whatever the torn tail;
 * - half of the time a torn tail is made (the last line cut short, as a
 *   kill inside a large write leaves it), so that the next resume must repair it.
 *
 * A last writer finishes the run. With `followers`, a `taskline events
 * --follow --json` process, the server's task stream and its project stream
 * ran during every kill and must have seen every event exactly once, in order.
 */
export async function crashTrial(options: CrashTrialOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const log = options.log ?? (() => {});
  const failures: string[] = [];
  const counts: Record<string, number> = {
    kills_before_start: 0,
    kills_while_writing: 0,
    torn_tails_natural: 0,
    torn_tails_made: 0,
    repairs_checked: 0,
    cli_checks: 0,
    events_written: 0,
  };
  await using p = await tempProject();
  const task = await createTask(p.state, "Survive crashes");
  const path = p.state.logPath(task.dir);
  const pool = new Pool(2);

  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let follower: ReturnType<typeof spawnCli> | null = null;
  let taskSse: SseReader | null = null;
  let projectSse: SseReader | null = null;
  if (options.followers) {
    server = await startServer(p.dir);
    follower = spawnCli(["events", task.dir, "--follow", "--json"], { cwd: p.dir });
    const ts = await server.get(`/api/tasks/${task.number}/stream?after=0`);
    taskSse = new SseReader(ts.body!);
    const ps = await server.get(`/api/stream?after=0-0-0`);
    projectSse = new SseReader(ps.body!);
  }

  try {
    let snapshots = 0;
    let checked = { line: 0, seq: 0, run: null as string | null };
    for (let i = 0; i <= options.kills; i++) {
      const last = i === options.kills;
      const before = await readBytes(path);
      const whole = splitLog(before);
      if (whole.tornBytes > 0) counts.repairs_checked++;
      // Large events sometimes, so that a kill may land inside a write.
      const big = Math.random() < 0.1;
      const args = last
        ? [task.dir, "auto", "3", "0", "50"]
        : [task.dir, "auto", "2000", big ? "3" : "1", big ? "300000" : "2000"];
      const w = new Writer(p.dir, args);
      let started = false;
      if (last) {
        started = (await w.waitFor("started ")) !== null;
      } else if (Math.random() < 0.2) {
        await sleep(Math.random() * 250);
        w.kill();
      } else {
        started = (await w.waitFor("started ")) !== null;
        await sleep(Math.random() * 80);
        w.kill();
      }
      const status = await w.done;
      if (last && status.code !== 0) failures.push(`last writer failed: ${w.stderr}`);
      if (!last && status.signal !== "SIGKILL" && status.code !== 0) {
        failures.push(`writer ${i} failed on its own: ${w.stderr.slice(0, 300)}`);
      }
      if (!last && status.code === 0) {
        // A run_finished here would end the followers early.
        failures.push(`writer ${i} finished before it was killed`);
      } else if (!last) {
        if (started) counts.kills_while_writing++;
        else counts.kills_before_start++;
      }

      const after = await readBytes(path);
      const now = splitLog(after);
      if (now.tornBytes > 0) counts.torn_tails_natural++;
      // Nothing complete was lost; a torn tail left before was repaired (not glued to a new line).
      for (let k = 0; k < whole.lines.length; k++) {
        if (now.lines[k] !== whole.lines[k]) {
          failures.push(`kill ${i}: complete line ${k + 1} changed or was lost`);
          break;
        }
      }
      // Only the lines new since the last kill are decoded again (the older ones were compared above).
      failures.push(...checkGapless(now.lines, `kill ${i}`, checked));
      const lastD = decodeLine(now.lines.at(-1) ?? "");
      if (lastD.ok) {
        checked = {
          line: now.lines.length,
          seq: lastD.env.seq ?? 0,
          run: (lastD.env.event as { run?: string }).run ?? null,
        };
      }
      // The library's reader reads exactly the complete lines.
      const records = await readAll(path);
      if (records.length !== now.lines.length) {
        failures.push(`kill ${i}: readAll read ${records.length} of ${now.lines.length} lines`);
      }
      counts.events_written = now.lines.length;

      // The CLI reads exactly the complete lines (on a snapshot, while the next writer goes on).
      if (i % (options.cliEvery ?? 1) === 0) {
        const snap = `${p.dir}/snap-${snapshots++}`;
        await copyTree(`${p.state.root}/tasks/${task.dir}`, `${snap}/.taskline/tasks/${task.dir}`)
          .catch(() => {});
        await Deno.writeFile(`${snap}/.taskline/tasks/${task.dir}/events.jsonl`, after);
        const expected = readForms(now.lines);
        await pool.add(async () => {
          const r = await runCli(["events", task.dir, "--all", "--json"], { cwd: snap });
          counts.cli_checks++;
          const out = r.stdout === "" ? [] : r.stdout.trimEnd().split("\n");
          if (expected.length === 0 && r.code !== 0 && r.code !== 1) {
            failures.push(`kill ${i}: events on an empty log exited ${r.code}: ${r.stderr}`);
          } else if (expected.length > 0 && r.code !== 0) {
            failures.push(`kill ${i}: events exited ${r.code}: ${r.stderr.slice(0, 300)}`);
          } else if (out.join("\n") !== expected.join("\n")) {
            failures.push(
              `kill ${i}: events printed ${out.length} lines, the log has ${expected.length} complete lines`,
            );
          }
          await Deno.remove(snap, { recursive: true }).catch(() => {});
        });
      }

      // Make a torn tail, as a kill inside a large write leaves it.
      if (!last && now.tornBytes === 0 && now.lines.length > 0 && Math.random() < 0.5) {
        const lastLine = enc.encode(now.lines.at(-1)!);
        const keep = Math.random() < 0.3 ? lastLine.length : 1 + Math.floor(
          Math.random() * (lastLine.length - 1),
        );
        // The next event as it would have been written, cut short (or without its newline).
        const d = decodeLine(now.lines.at(-1)!);
        if (d.ok) {
          const next = enc.encode(
            encodeEnvelope({ ...d.env, seq: (d.env.seq ?? 0) + 1 }),
          );
          const cut = next.subarray(0, Math.min(keep, next.length - 1) || 1);
          const f = await Deno.open(path, { append: true });
          await f.write(cut);
          f.close();
          counts.torn_tails_made++;
        }
      }
      if (i % 20 === 0) log(`kill ${i}/${options.kills}: ${now.lines.length} events`);
    }
    await pool.drain();

    const final = splitLog(await readBytes(path));
    if (final.tornBytes !== 0) failures.push("the log ends with a torn line after the last run");
    failures.push(...checkGapless(final.lines, "final log"));
    const lastEvent = decodeLine(final.lines.at(-1) ?? "");
    if (!lastEvent.ok || lastEvent.env.event.type !== "run_finished") {
      failures.push("the last event of the log is not run_finished");
    }
    counts.events_written = final.lines.length;
    const expected = readForms(final.lines);

    if (follower && server && taskSse && projectSse) {
      const status = await Promise.race([follower.done, sleep(30_000).then(() => null)]);
      if (status === null) failures.push("events --follow did not end at run_finished");
      else if (status.code !== 0) failures.push(`events --follow exited ${status.code}`);
      const got = follower.lines;
      if (got.join("\n") !== expected.join("\n")) {
        failures.push(
          `events --follow printed ${got.length} lines, the log has ${expected.length}; first difference at ${
            firstDiff(got, expected)
          }: ${got[firstDiff(got, expected)]?.slice(0, 120)}`,
        );
      }
      const lastSeq = final.lines.length;
      const sseIds = async (r: SseReader, name: string, expectIds: string[]) => {
        try {
          await r.until((f) => f.filter((x) => x.event).length >= expectIds.length, 20_000);
        } catch (e) {
          failures.push(`${name}: ${(e as Error).message}`);
        }
        const ids = r.events().map((f) => f.id ?? "");
        if (ids.join(",") !== expectIds.join(",")) {
          failures.push(
            `${name} gave ${ids.length} events, expected ${expectIds.length}; first difference at ${
              firstDiff(ids, expectIds)
            }`,
          );
        }
      };
      await sseIds(
        taskSse,
        "task stream",
        Array.from({ length: lastSeq }, (_, k) => String(k + 1)),
      );
      const seqs = final.lines.map((l) => {
        const d = decodeLine(l);
        return d.ok ? String(d.env.seq) : "?";
      });
      try {
        await projectSse.until((f) => f.filter((x) => x.event).length >= seqs.length, 20_000);
      } catch (e) {
        failures.push(`project stream: ${(e as Error).message}`);
      }
      // The project stream's ids are cursors: the seq is their last part.
      const pIds = projectSse.events().map((f) => (f.id ?? "").split("-").at(-1) ?? "");
      if (pIds.join(",") !== seqs.join(",")) {
        failures.push(
          `project stream gave ${pIds.length} events, expected ${seqs.length}; first difference at ${
            firstDiff(pIds, seqs)
          }`,
        );
      }
      const health = await server.get("/api/health");
      await health.body?.cancel();
      if (health.status !== 200) failures.push(`server health after the kills: ${health.status}`);
      counts.follower_lines = got.length;
      if (failures.length > 0) {
        const tail = taskSse.frames.slice(-4).map((f) =>
          `${f.id ?? ""} ${f.event ?? ""} ${f.comment ?? ""} ${(f.data ?? "").slice(0, 80)}`
        );
        failures.push(`last task stream frames: ${tail.join(" | ")}`);
        failures.push(`server stderr: ${server.proc.stderr.slice(-1000)}`);
        failures.push(`follower stderr: ${follower.stderr.slice(-1000)}`);
      }
    }
  } catch (e) {
    failures.push(`crash trial stopped: ${(e as Error).stack ?? e}`);
  } finally {
    await pool.drain();
    await taskSse?.cancel();
    await projectSse?.cancel();
    if (follower) await follower[Symbol.asyncDispose]();
    if (server) await server[Symbol.asyncDispose]();
  }
  return {
    name: options.followers
      ? "SIGKILL of a writer, with serve and events --follow"
      : "SIGKILL of a writer",
    tries: options.kills,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

function firstDiff(a: string[], b: string[]): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** A StateDir of a temporary project (for trials that write tasks themselves). */
export function stateOf(dir: string): StateDir {
  return new StateDir(`${dir}/.taskline`);
}

export type { Task };

/** Options of {@link slowClientsTrial}. */
export interface SlowClientsOptions {
  /** Connections that misbehave, split between the three kinds. */
  clients: number;
  /** Health requests measured while they are connected. */
  probes: number;
  log?: (line: string) => void;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function rssKiB(pid: number): Promise<number> {
  try {
    const status = await Deno.readTextFile(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/**
 * Hundreds of connections that never read (event streams of a project being
 * written to), that send their headers a byte at a time, or that send
 * nothing; meanwhile `/api/health` is asked `probes` times over one
 * keep-alive connection and its latency measured (p50, p99, max in the
 * counts). Failures: a probe that fails or takes more than 1 s, a server
 * that died.
 */
export async function slowClientsTrial(options: SlowClientsOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = {};
  await using p = await tempProject();
  const task = await createTask(p.state, "Busy task");
  await using server = await startServer(p.dir);
  const host = `127.0.0.1:${server.port}`;
  const conns: Deno.TcpConn[] = [];
  const stop = new AbortController();
  // A writer that keeps appending (1 kB events), so that never-reading streams fill up.
  const writer = new Writer(p.dir, [task.dir, "new", "100000", "2", "2000"]);
  const rssBefore = await rssKiB(server.proc.child.pid);
  const trickles: Promise<void>[] = [];
  try {
    await writer.waitFor("started ");
    const n = options.clients;
    for (let i = 0; i < n; i++) {
      const c = await Deno.connect({ hostname: "127.0.0.1", port: server.port });
      conns.push(c);
      const kind = i % 3;
      if (kind === 0) {
        // An event stream that is never read.
        const path = i % 2
          ? `/api/stream?after=0-0-0&token=${server.token}`
          : `/api/tasks/1/stream?token=${server.token}`;
        await c.write(enc.encode(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`));
      } else if (kind === 1) {
        // Headers a byte at a time, forever.
        const bytes = enc.encode(
          `GET /api/tasks HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${server.token}\r\nX-Slow: ${
            "z".repeat(100_000)
          }`,
        );
        trickles.push((async () => {
          for (let k = 0; k < bytes.length && !stop.signal.aborted; k++) {
            try {
              await c.write(bytes.subarray(k, k + 1));
            } catch {
              return;
            }
            await sleep(50);
          }
        })());
      }
      // kind 2: connected, says nothing.
    }
    counts.never_reading_streams = Math.ceil(n / 3);
    counts.byte_a_time_headers = Math.floor((n + 1) / 3);
    counts.silent_connections = n - counts.never_reading_streams - counts.byte_a_time_headers;
    await sleep(1000); // let the streams fill their buffers
    const probe = new RawConnectionLite(server.port, host, server.token);
    const times: number[] = [];
    for (let i = 0; i < options.probes; i++) {
      const t = performance.now();
      const status = await probe.health().catch((e) => `${e}`);
      const ms = performance.now() - t;
      times.push(ms);
      if (status !== 200) failures.push(`probe ${i}: ${status}`);
      if (ms > 1000) failures.push(`probe ${i}: ${Math.round(ms)} ms`);
      await sleep(5);
    }
    probe.close();
    times.sort((a, b) => a - b);
    counts.probes = times.length;
    counts.p50_ms = Math.round(percentile(times, 50) * 10) / 10;
    counts.p99_ms = Math.round(percentile(times, 99) * 10) / 10;
    counts.max_ms = Math.round(times.at(-1)! * 10) / 10;
    counts.server_rss_before_kib = rssBefore;
    counts.server_rss_loaded_kib = await rssKiB(server.proc.child.pid);
    options.log?.(`p50 ${counts.p50_ms} ms, p99 ${counts.p99_ms} ms, max ${counts.max_ms} ms`);
    const h = await server.get("/api/health");
    await h.body?.cancel();
    if (h.status !== 200) failures.push(`health after: ${h.status}`);
  } catch (e) {
    failures.push(`slow clients trial stopped: ${(e as Error).stack ?? e}`);
  } finally {
    stop.abort();
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    await Promise.all(trickles);
    writer.kill();
    await writer.done;
  }
  return {
    name: "slow and idle clients",
    tries: options.clients,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

/** One keep-alive connection that asks `/api/health` (content-length answers only). */
class RawConnectionLite {
  #conn: Deno.TcpConn | null = null;
  #buf = "";
  constructor(readonly port: number, readonly host: string, readonly token: string) {}
  close() {
    try {
      this.#conn?.close();
    } catch { /* closed */ }
    this.#conn = null;
  }
  async health(): Promise<number> {
    this.#conn ??= await Deno.connect({ hostname: "127.0.0.1", port: this.port });
    await this.#conn.write(enc.encode(
      `GET /api/health HTTP/1.1\r\nHost: ${this.host}\r\nAuthorization: Bearer ${this.token}\r\n\r\n`,
    ));
    const chunk = new Uint8Array(65536);
    for (;;) {
      const end = this.#buf.indexOf("\r\n\r\n");
      if (end >= 0) {
        const head = this.#buf.slice(0, end);
        const len = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? -1);
        if (len < 0) throw new Error(`no content-length: ${head}`);
        if (this.#buf.length >= end + 4 + len) {
          this.#buf = this.#buf.slice(end + 4 + len);
          return Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        }
      }
      const n = await this.#conn.read(chunk);
      if (n === null) {
        this.close();
        throw new Error("closed");
      }
      this.#buf += dec.decode(chunk.subarray(0, n));
    }
  }
}

/** Options of {@link logResetTrial}. */
export interface LogResetOptions {
  /** Faults made, in turn truncate, replace (rename over) and delete. */
  rounds: number;
  log?: (line: string) => void;
}

function eventLine(run: string, task: Task, seq: number, type = "agent_text"): string {
  const at = new Date().toISOString();
  const event = type === "run_started" ? { type, run, task: task.id } : type === "run_finished"
    ? {
      type,
      run,
      success: true,
      status: "done",
      usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
      active_ms: 1,
      started_at: at,
    }
    : { type, run, role: "coder", text: `event ${seq}` };
  return encodeEnvelope({ schema: 2, seq, at, event } as Parameters<typeof encodeEnvelope>[0]) +
    "\n";
}

/**
 * A log followed by `taskline events --follow` and by the server's task and
 * project streams is truncated, replaced (renamed over) or deleted and
 * written again, round after round. After each fault: the CLI follower and
 * the server said so once (one warning each on stderr), every follower goes
 * on with the events appended to the new content, and at the end the CLI
 * follower stops at run_finished with exit 0. The CLI follower and the
 * project stream read the new content from its start (as `tail -F` does);
 * the task stream (ids are seq) sends each seq of the run once.
 */
export async function logResetTrial(options: LogResetOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = { truncated: 0, replaced: 0, deleted: 0 };
  await using p = await tempProject();
  const task = await createTask(p.state, "Followed log");
  const path = p.state.logPath(task.dir);
  const run = crypto.randomUUID();
  let n = 5;
  const content = () => {
    let c = "";
    for (let s = 1; s <= n; s++) c += eventLine(run, task, s, s === 1 ? "run_started" : undefined);
    return c;
  };
  await Deno.writeTextFile(path, content());
  await using server = await startServer(p.dir);
  const follower = spawnCli(["events", task.dir, "--follow", "--json"], { cwd: p.dir });
  const taskSse = new SseReader(
    (await server.get(`/api/tasks/${task.number}/stream?after=0`)).body!,
  );
  const projectSse = new SseReader((await server.get(`/api/stream?after=0-0-0`)).body!);
  const seqOf = (l: string) => {
    try {
      return JSON.parse(l).seq as number;
    } catch {
      return -1;
    }
  };
  const warnings = (text: string) => (text.match(/was (truncated|replaced)/g) ?? []).length;
  /**
   * Waits until the CLI follower and the server have each said `count` times
   * that the log was reset. A log cut to nothing and written again longer in
   * place is a reset only to a reader that saw it short: the rewrite waits
   * for that, not for a time.
   */
  const noticed = async (count: number, where: string) => {
    const deadline = Date.now() + 15_000;
    while (warnings(follower.stderr) < count || warnings(server.proc.stderr) < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `${where}: no warning of the reset in 15 s (follower ${
            warnings(follower.stderr)
          }, server ${warnings(server.proc.stderr)} of ${count})`,
        );
      }
      await sleep(20);
    }
  };
  try {
    await follower.waitLines(n, 20_000);
    let printed = n;
    for (let r = 0; r < options.rounds; r++) {
      const kind = ["truncate", "replace", "delete"][r % 3];
      n += 2; // the new content holds two more events
      if (kind === "truncate") {
        await Deno.truncate(path, 0);
        await noticed(r + 1, `round ${r} (truncate)`);
        await Deno.writeTextFile(path, content());
        counts.truncated++;
      } else if (kind === "replace") {
        await Deno.writeTextFile(`${path}.new`, content());
        await Deno.rename(`${path}.new`, path);
        counts.replaced++;
      } else {
        // The deleted file stays open here until the new one is written, so the
        // new one cannot get its inode number: a reader that did not look in
        // between still sees another file, however long the machine took.
        const old = await Deno.open(path);
        await Deno.remove(path);
        await sleep(300);
        await Deno.writeTextFile(path, content());
        old.close();
        counts.deleted++;
      }
      await sleep(300);
      n++;
      const last = r === options.rounds - 1;
      await Deno.writeTextFile(path, eventLine(run, task, n, last ? "run_finished" : undefined), {
        append: true,
      });
      // The CLI follower reads the new content from its start, then the appended event.
      try {
        await follower.waitLines(printed + n, 15_000);
      } catch (e) {
        failures.push(`round ${r} (${kind}): ${(e as Error).message.slice(0, 300)}`);
        break;
      }
      const got = follower.lines.slice(printed, printed + n).map(seqOf);
      const want = Array.from({ length: n }, (_, k) => k + 1);
      if (got.join(",") !== want.join(",")) {
        failures.push(
          `round ${r} (${kind}): the follower printed ${got.join(",")} after the fault`,
        );
      }
      printed += n;
      if (warnings(follower.stderr) !== r + 1) {
        failures.push(
          `round ${r} (${kind}): the follower warned ${warnings(follower.stderr)} times in ${
            r + 1
          } faults`,
        );
      }
      try {
        await taskSse.until((f) => f.some((x) => x.id === String(n)), 15_000);
        await projectSse.until((f) => f.some((x) => x.id?.endsWith(`-${n}`)), 15_000);
      } catch (e) {
        failures.push(
          `round ${r} (${kind}): a stream did not get seq ${n}: ${(e as Error).message}`,
        );
      }
      if (warnings(server.proc.stderr) !== r + 1) {
        failures.push(
          `round ${r} (${kind}): the server warned ${warnings(server.proc.stderr)} times in ${
            r + 1
          } faults`,
        );
      }
    }
    const status = await Promise.race([follower.done, sleep(15_000).then(() => null)]);
    if (status === null) failures.push("the follower did not stop at run_finished");
    else if (status.code !== 0) {
      failures.push(`the follower exited ${status.code}: ${follower.stderr}`);
    }
    const ids = taskSse.events().map((f) => Number(f.id));
    const want = Array.from({ length: n }, (_, k) => k + 1);
    if (ids.join(",") !== want.join(",")) {
      failures.push(`the task stream gave ${ids.length} events, not seq 1..${n} once each`);
    }
    const h = await server.get("/api/health");
    await h.body?.cancel();
    if (h.status !== 200) failures.push(`health after: ${h.status}`);
    counts.follower_lines = follower.lines.length;
    counts.task_stream_events = ids.length;
    counts.project_stream_events = projectSse.events().length;
  } catch (e) {
    failures.push(`log reset trial stopped: ${(e as Error).stack ?? e}`);
  } finally {
    await taskSse.cancel();
    await projectSse.cancel();
    await follower[Symbol.asyncDispose]();
  }
  return {
    name: "log truncated, replaced or deleted while followed",
    tries: options.rounds,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

const FILL_SCENARIO = JSON.stringify({
  name: "fill",
  tick_ms: 1,
  phases: [{
    name: "build",
    repeat: 80,
    agents: [{
      role: "coder",
      model: "m",
      usage: { input_tokens: 10, output_tokens: 10 },
      steps: [
        { text: "Filling the disk with words. ".repeat(8), chunk_chars: 1000 },
        {
          tools: [{
            tool: "bash",
            input: { command: "cat big" },
            output: "0123456789abcdef",
            output_repeat: 64,
            exit_code: 0,
          }],
        },
      ],
    }],
  }],
});
const FILL_OUTPUT = "0123456789abcdef".repeat(64);

async function sh(cmd: string, args: string[]): Promise<{ ok: boolean; err: string }> {
  try {
    const out = await new Deno.Command(cmd, { args, stdout: "null", stderr: "piped" }).output();
    return { ok: out.success, err: dec.decode(out.stderr) };
  } catch (e) {
    return { ok: false, err: (e as Error).message };
  }
}

/** Every file under `dir`, recursively. */
async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await walkFiles(path));
    else out.push(path);
  }
  return out;
}

/** Options of {@link diskFullTrial}. */
export interface DiskFullOptions {
  rounds: number;
  /** Inject the error instead of mounting a tmpfs (what happens where mount is not allowed). */
  noMount?: boolean;
  log?: (line: string) => void;
}

/**
 * A run on a disk that fills up: `.taskline/` is a small tmpfs (of a random
 * size, so that the disk fills at a different event each round; where mount
 * is not allowed, the log is a link to /dev/full instead). The run must end
 * with a clear error (exit 1, "No space left on device"), leave only
 * complete events (every line decodes, seq gapless), no trace file cut
 * short, and `taskline run --resume` must finish the run once space is back.
 */
export async function diskFullTrial(options: DiskFullOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = {
    tmpfs_rounds: 0,
    injected_rounds: 0,
    resumed: 0,
    events_before_full: 0,
  };
  for (let r = 0; r < options.rounds; r++) {
    await using p = await tempProject({ init: false });
    const where = `round ${r}`;
    let mounted = false;
    try {
      const sizeKiB = 120 + Math.floor(Math.random() * 200);
      await Deno.mkdir(p.state.root, { recursive: true });
      const root = Deno.uid() === 0;
      if (root && !options.noMount) {
        mounted =
          (await sh("mount", ["-t", "tmpfs", "-o", `size=${sizeKiB}k`, "tmpfs", p.state.root]))
            .ok;
      }
      const cli = (args: string[], stdin?: string) => runCli(args, { cwd: p.dir, stdin });
      const init = await cli(["init"]);
      if (init.code !== 0) throw new Error(`init: ${init.stderr}`);
      const made = await cli(["task", "new", "Fill the disk"]);
      if (made.code !== 0) throw new Error(`task new: ${made.stderr}`);
      await Deno.writeTextFile(`${p.state.root}/scenarios/fill.jsonc`, FILL_SCENARIO);
      const task = (await Array.fromAsync(Deno.readDir(p.state.tasksDir)))[0].name;
      const log = p.state.logPath(task);
      if (!mounted) {
        // No tmpfs here: the log cannot be written (a directory stands in its place, which
        // stops root too, who ignores file modes).
        await Deno.mkdir(log);
        counts.injected_rounds++;
      } else counts.tmpfs_rounds++;

      const first = await cli(["run", "1", "--scenario", "fill", "--speed", "500"]);
      if (first.code !== 1) failures.push(`${where}: the run on a full disk exited ${first.code}`);
      if (!(mounted ? /No space left on device/ : /Is a directory|Cannot/).test(first.stderr)) {
        failures.push(`${where}: no clear error: ${first.stderr.slice(-300)}`);
      }
      if (!mounted) await Deno.remove(log);
      const bytes = await readBytes(log);
      const before = splitLog(bytes);
      if (before.tornBytes !== 0) failures.push(`${where}: a partial event was left behind`);
      failures.push(...checkGapless(before.lines, `${where} (full)`));
      counts.events_before_full += before.lines.length;
      // No kept output cut short.
      const outDir = `${p.state.root}/tool-output/${task}`;
      const runs = await Array.fromAsync(Deno.readDir(outDir)).catch(() => []);
      for (const run of runs) {
        for await (const f of Deno.readDir(`${outDir}/${run.name}`)) {
          const text = await Deno.readTextFile(`${outDir}/${run.name}/${f.name}`);
          if (text !== FILL_OUTPUT) failures.push(`${where}: ${f.name} holds ${text.length} chars`);
        }
      }

      // No half-written temporary file left behind (run.json is written through one).
      for (const leftover of await walkFiles(p.state.root)) {
        if (leftover.endsWith(".tmp")) {
          failures.push(`${where}: ${leftover.slice(p.state.root.length)} was left behind`);
        }
      }

      // Space is back: the run resumes (or, when it never started, runs) to its end.
      if (mounted) {
        const more = await sh("mount", ["-o", "remount,size=64m", p.state.root]);
        if (!more.ok) throw new Error(`remount: ${more.err}`);
      }
      const again = before.lines.length > 0
        ? await cli(["run", "1", "--resume", "--speed", "500"])
        : await cli(["run", "1", "--scenario", "fill", "--speed", "500"]);
      if (again.code !== 0) {
        failures.push(`${where}: the resume exited ${again.code}: ${again.stderr.slice(-300)}`);
      } else counts.resumed++;
      const after = splitLog(await readBytes(log));
      if (after.tornBytes !== 0) failures.push(`${where}: torn after the resume`);
      failures.push(...checkGapless(after.lines, `${where} (resumed)`));
      for (let k = 0; k < before.lines.length; k++) {
        if (after.lines[k] !== before.lines[k]) {
          failures.push(`${where}: the resume changed line ${k + 1}`);
          break;
        }
      }
      const lastD = decodeLine(after.lines.at(-1) ?? "");
      if (!lastD.ok || lastD.env.event.type !== "run_finished") {
        failures.push(`${where}: the resumed run does not end with run_finished`);
      }
      const ev = await cli(["events", "1", "--json"]);
      if (ev.stdout.trimEnd() !== readForms(after.lines).join("\n")) {
        failures.push(`${where}: events --json does not print the log's events`);
      }
    } catch (e) {
      failures.push(`${where}: stopped: ${(e as Error).message}`);
    } finally {
      if (mounted) {
        const u = await sh("umount", [p.state.root]);
        if (!u.ok) failures.push(`${where}: umount: ${u.err}`);
      }
    }
    options.log?.(`disk full round ${r}: ${failures.length} failures`);
  }
  return {
    name: "full disk while recording",
    tries: options.rounds,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

/** A project with `pipeline.approvals = ["spec"]` and the demo's approval scenario. */
async function approvalProject(p: { dir: string; state: StateDir }): Promise<void> {
  await Deno.mkdir(`${p.state.root}/scenarios`, { recursive: true });
  await Deno.writeTextFile(
    `${p.state.root}/config.jsonc`,
    `{ "pipeline": { "approvals": ["spec"] } }\n`,
  );
  await Deno.copyFile(
    `${REPO}/scenarios/approval.jsonc`,
    `${p.state.root}/scenarios/approval.jsonc`,
  );
}

function eventsOf(lines: string[]) {
  return lines.map((l) => {
    const d = decodeLine(l);
    return d.ok ? d.env : null;
  });
}

/** Options of {@link raceTrial}. */
export interface RaceOptions {
  rounds: number;
  log?: (line: string) => void;
}

/**
 * Two processes racing on one task, round after round:
 *
 * - `run` against `run`: exactly one runs (it reaches the spec gate, exit 2),
 *   the other fails with exit 1 saying the task is running, and the log
 *   holds one run.
 * - `approve` against `run --resume` on the paused run: whatever the order,
 *   the log stays gapless with no repeated seq and at most one
 *   `approval_resolved`; finishing the work (approve again if it lost, resume
 *   again if the run still waits) ends the run with success.
 */
export async function raceTrial(options: RaceOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = {
    run_vs_run: 0,
    approve_vs_resume: 0,
    approved_then_resumed_to_the_end: 0,
    resume_first_refused_as_waiting: 0,
    approve_held_the_task_resume_refused: 0,
    resume_held_the_task_approve_refused: 0,
  };
  await using p = await tempProject();
  await approvalProject(p);
  for (let r = 0; r < options.rounds; r++) {
    const where = `round ${r}`;
    const task = await createTask(p.state, `Race ${r}`);
    const log = p.state.logPath(task.dir);
    const cli = (args: string[]) => runCli(args, { cwd: p.dir });
    // run against run.
    // Slow enough that the two overlap (the spec phase takes about a second).
    const runArgs = ["run", task.dir, "--scenario", "approval", "--speed", "2", "--json"];
    const [a, b] = await Promise.all([cli(runArgs), cli(runArgs)]);
    counts.run_vs_run++;
    const codes = [a.code, b.code].sort();
    if (codes.join(",") !== "1,2") {
      failures.push(
        `${where}: run against run exited ${codes.join(" and ")}: ${a.stderr}${b.stderr}`,
      );
      continue;
    }
    const loser = a.code === 1 ? a : b;
    // The loser is refused at the lock while the winner runs, or, when it comes after the
    // winner's run paused at its gate (a slow start on a loaded machine), by the paused state.
    if (!/running|its run is paused/.test(loser.stderr)) {
      failures.push(`${where}: the losing run said: ${loser.stderr.slice(0, 200)}`);
    }
    let lines = splitLog(await readBytes(log)).lines;
    failures.push(...checkGapless(lines, `${where} (run/run)`));
    const runs = new Set(eventsOf(lines).map((e) => (e?.event as { run?: string })?.run));
    if (runs.size !== 1) failures.push(`${where}: ${runs.size} runs in the log`);

    // approve against run --resume.
    await sleep(Math.random() * 30);
    // Every other round the approve starts later, so that the resume gets the task first.
    const approveDelayMs = r % 2 ? 150 + Math.random() * 250 : Math.random() * 40;
    const [ap, re] = await Promise.all([
      sleep(approveDelayMs).then(() => cli(["approve", task.dir, "--comment", `round ${r}`])),
      sleep(Math.random() * 40).then(() => cli(["run", task.dir, "--resume", "--speed", "500"])),
    ]);
    counts.approve_vs_resume++;
    lines = splitLog(await readBytes(log)).lines;
    failures.push(...checkGapless(lines, `${where} (approve/resume)`));
    const resolved = () =>
      eventsOf(lines).filter((e) => e?.event.type === "approval_resolved").length;
    if (resolved() > 1) failures.push(`${where}: ${resolved()} approval_resolved`);
    // Which way the race went.
    if (ap.code === 0 && re.code === 0) counts.approved_then_resumed_to_the_end++;
    else if (re.code === 1 && /waits for approval/.test(re.stderr)) {
      counts.resume_first_refused_as_waiting++;
    } else if (re.code === 1 && /running/.test(re.stderr)) {
      counts.approve_held_the_task_resume_refused++;
    } else if (ap.code === 1) counts.resume_held_the_task_approve_refused++;
    if (re.code === 1 && !/waits for approval|running/.test(re.stderr)) {
      failures.push(`${where}: the resume failed unclearly: ${re.stderr.trim()}`);
    }
    if (![0, 1].includes(ap.code) || ![0, 1, 2].includes(re.code)) {
      failures.push(
        `${where}: approve ${ap.code} (${ap.stderr.trim()}), resume ${re.code} (${re.stderr.trim()})`,
      );
    }
    if (ap.code === 1 && !/running|pending|nothing/.test(ap.stderr)) {
      failures.push(`${where}: approve failed unclearly: ${ap.stderr.trim()}`);
    }
    // Finish the work.
    if (resolved() === 0) {
      const again = await cli(["approve", task.dir]);
      if (again.code !== 0) failures.push(`${where}: the second approve: ${again.stderr.trim()}`);
    }
    lines = splitLog(await readBytes(log)).lines;
    let last = eventsOf(lines).at(-1);
    if (!(last?.event.type === "run_finished" && (last.event as { success?: boolean }).success)) {
      const fin = await cli(["run", task.dir, "--resume", "--speed", "500"]);
      if (fin.code !== 0) {
        failures.push(`${where}: the last resume exited ${fin.code}: ${fin.stderr}`);
      }
    }
    lines = splitLog(await readBytes(log)).lines;
    failures.push(...checkGapless(lines, `${where} (end)`));
    last = eventsOf(lines).at(-1);
    if (!(last?.event.type === "run_finished" && (last.event as { success?: boolean }).success)) {
      failures.push(`${where}: the run did not end with success`);
    }
    if (resolved() !== 1) failures.push(`${where}: ${resolved()} approval_resolved at the end`);
    options.log?.(`race round ${r}: ${failures.length} failures`);
  }
  return {
    name: "races: run vs run, approve vs run --resume",
    tries: counts.run_vs_run + counts.approve_vs_resume,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

/**
 * `task discard` while `taskline serve` follows the task (its task stream,
 * the project stream): the server lives on, the task's stream is ended,
 * the task's routes answer 404 and the lists leave it out; no 5xx. A
 * discard of a task that is running fails and leaves the run alone.
 */
export async function discardTrial(options: { rounds: number }): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = { discarded: 0, refused_while_running: 0 };
  await using p = await tempProject();
  await approvalProject(p);
  await using server = await startServer(p.dir);
  const projectSse = new SseReader((await server.get(`/api/stream`)).body!);
  const cli = (args: string[]) => runCli(args, { cwd: p.dir });
  const status = async (path: string) => {
    const res = await server.get(path);
    const type = res.headers.get("content-type") ?? "";
    if (type.startsWith("text/event-stream")) await res.body?.cancel();
    else await res.text();
    return res.status;
  };
  try {
    for (let r = 0; r < options.rounds; r++) {
      const where = `round ${r}`;
      const task = await createTask(p.state, `Discard ${r}`);
      const ran = await cli(["run", task.dir, "--scenario", "approval", "--speed", "500"]);
      if (ran.code !== 2) failures.push(`${where}: run exited ${ran.code}: ${ran.stderr}`);
      const taskSse = new SseReader(
        (await server.get(`/api/tasks/${task.number}/stream?after=0`)).body!,
      );
      await taskSse.until((f) => f.some((x) => x.event === "run_finished"), 15_000);
      // A discard while a process runs the task is refused (a writer holds it).
      const other = await createTask(p.state, `Busy ${r}`);
      const busy = new Writer(p.dir, [other.dir, "new", "100000", "5", "100"]);
      await busy.waitFor("started ");
      const early = await cli(["task", "discard", other.dir]);
      busy.kill();
      await busy.done;
      if (early.code === 1 && /running/.test(early.stderr)) counts.refused_while_running++;
      else failures.push(`${where}: discard while running: ${early.code} ${early.stderr}`);
      if (!(await Deno.stat(p.state.logPath(other.dir)).catch(() => null))) {
        failures.push(`${where}: the refused discard removed the running task's log`);
      }
      const d = await cli(["task", "discard", task.dir]);
      if (d.code !== 0) {
        failures.push(`${where}: discard: ${d.stderr}`);
        continue;
      }
      counts.discarded++;
      const ended = await Promise.race([
        taskSse.done.then(() => true),
        sleep(10_000).then(() => false),
      ]);
      if (!ended) {
        failures.push(`${where}: the task stream stayed open after the discard`);
        await taskSse.cancel();
      } else if (
        !taskSse.frames.some((f) => f.event === "error" && /discarded/.test(f.data ?? ""))
      ) {
        counts.closed_without_a_word = (counts.closed_without_a_word ?? 0) + 1;
      } else counts.streams_told = (counts.streams_told ?? 0) + 1;
      for (
        const [path, want] of [
          ["/api/health", 200],
          ["/api/tasks", 200],
          [`/api/tasks/${task.number}`, 404],
          [`/api/tasks/${task.number}/events`, 404],
          [`/api/tasks/${task.number}/trace`, 404],
          [`/api/tasks/${task.number}/stream`, 404],
          [`/api/history/${task.number}`, 404],
          ["/api/history", 200],
          ["/api/events", 200],
        ] as const
      ) {
        const s = await status(path);
        if (s !== want) failures.push(`${where}: ${path} answered ${s}, expected ${want}`);
      }
    }
    // A task made again in the directory of a discarded one is another task to the streams.
    const tasks = await Array.fromAsync(Deno.readDir(p.state.tasksDir));
    const lastDir = tasks.map((e) => e.name).sort().at(-1)!;
    const old = JSON.parse(await Deno.readTextFile(`${p.state.tasksDir}/${lastDir}/task.json`));
    const gone = await cli(["task", "discard", lastDir]);
    if (gone.code !== 0) failures.push(`discard ${lastDir}: ${gone.stderr}`);
    await sleep(1500); // the follower's poll notices the directory is gone
    const again = await createTask(p.state, old.title, { number: old.number });
    if (again.dir !== lastDir) failures.push(`the new task is ${again.dir}, not ${lastDir}`);
    const w = new Writer(p.dir, [again.dir, "new", "3", "0", "10"]);
    await w.done;
    try {
      await projectSse.until(
        (f) => f.some((x) => x.event === "run_finished" && x.data?.includes(again.id)),
        10_000,
      );
      const stale = projectSse.events().filter((f) =>
        f.data?.includes(`"task":"${old.id}"`) && f.data.includes(w.lines[0]?.split(" ")[1] ?? "?")
      );
      if (stale.length > 0) {
        failures.push(`${stale.length} events of the new task tagged with the old id`);
      }
      counts.reused_dir_checked = 1;
    } catch (e) {
      failures.push(`the new task in a reused directory: ${(e as Error).message}`);
    }
    const s = await status("/api/health");
    if (s !== 200) failures.push(`health at the end: ${s}`);
    if (/request failed|Uncaught|panicked/.test(server.proc.stderr)) {
      failures.push(`server stderr: ${server.proc.stderr.slice(-400)}`);
    }
  } catch (e) {
    failures.push(`discard trial stopped: ${(e as Error).stack ?? e}`);
  } finally {
    await projectSse.cancel();
  }
  return {
    name: "task discard while serve follows the task",
    tries: options.rounds,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

/** A run too long to end between two kills: each resume plays the interrupted phase again. */
const LONG_SCENARIO = JSON.stringify({
  name: "long",
  tick_ms: 30,
  phases: [
    { name: "spec", artefact: { kind: "spec" }, agents: [longAgent("spec_writer", 3)] },
    { name: "build", repeat: 40, agents: [longAgent("coder", 2)] },
    { name: "qa", agents: [longAgent("qa_reviewer", 2)] },
  ],
});

function longAgent(role: string, steps: number) {
  return {
    role,
    model: "m",
    usage: { input_tokens: 100, output_tokens: 50 },
    steps: Array.from({ length: steps }, (_, i) => ({
      text: `Step ${i} of ${role}.`,
      tools: [{
        tool: "bash",
        input: { command: `step ${i}` },
        output: "out ".repeat(50 + i * 500),
        exit_code: 0,
      }],
    })),
  };
}

/**
 * `taskline run` itself (the scripted engine: phases, agents, tool outputs
 * in the trace store, run.json) killed with SIGKILL at random moments and
 * resumed with `taskline run --resume`, `kills` times, then resumed to its
 * end. After each kill: complete lines decode, nothing complete was lost,
 * seq gapless, run.json is whole JSON, every output file an event names
 * exists, and `taskline events --all --json` prints the complete lines.
 */
export async function engineCrashTrial(
  options: { kills: number; log?: (line: string) => void },
): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = { kills: 0, ended_before_kill: 0, cli_checks: 0 };
  // (the run is long enough that no process ends before its kill)
  await using p = await tempProject();
  const task = await createTask(p.state, "Engine crash");
  await Deno.mkdir(`${p.state.root}/scenarios`, { recursive: true });
  await Deno.writeTextFile(`${p.state.root}/scenarios/long.jsonc`, LONG_SCENARIO);
  const path = p.state.logPath(task.dir);
  let checked = { line: 0, seq: 0, run: null as string | null };
  let prev: string[] = [];
  let lastOutput = "";
  try {
    for (let i = 0; i <= options.kills; i++) {
      const last = i === options.kills;
      const started = splitLog(await readBytes(path)).lines.length > 0;
      const args = started
        ? ["run", task.dir, "--resume", "--speed", last ? "100" : "3"]
        : ["run", task.dir, "--scenario", "long", "--speed", "3"];
      const proc = spawnCli(args, { cwd: p.dir });
      if (!last) {
        await sleep(150 + Math.random() * 1200);
        proc.kill("SIGKILL");
      }
      const status = await proc.done;
      if (last) {
        counts.last_exit_code = status.code;
        lastOutput = proc.lines.slice(-3).join(" / ") + proc.stderr.slice(-300);
      }
      if (!last) {
        if (status.signal === "SIGKILL") counts.kills++;
        else counts.ended_before_kill++;
      }
      const now = splitLog(await readBytes(path));
      for (let k = 0; k < prev.length; k++) {
        if (now.lines[k] !== prev[k]) {
          failures.push(`kill ${i}: complete line ${k + 1} changed or was lost`);
          break;
        }
      }
      failures.push(...checkGapless(now.lines, `kill ${i}`, checked));
      const lastD = decodeLine(now.lines.at(-1) ?? "");
      if (lastD.ok) {
        checked = {
          line: now.lines.length,
          seq: lastD.env.seq ?? 0,
          run: (lastD.env.event as { run?: string }).run ?? null,
        };
      }
      prev = now.lines;
      try {
        const rj = await Deno.readTextFile(p.state.runJsonPath(task.dir)).catch(() => "{}");
        JSON.parse(rj);
      } catch {
        failures.push(`kill ${i}: run.json is not whole JSON`);
      }
      for (const l of now.lines.slice(Math.max(0, now.lines.length - 200))) {
        const d = decodeLine(l);
        const file = d.ok && d.env.event.type === "tool_returned"
          ? (d.env.event as { output_file?: string | null }).output_file
          : null;
        if (file && !(await Deno.stat(`${p.dir}/${file}`).catch(() => null))) {
          failures.push(`kill ${i}: ${file} is named by an event but missing`);
        }
      }
      if (i % 3 === 0 || last) {
        const r = await runCli(["events", task.dir, "--all", "--json"], { cwd: p.dir });
        counts.cli_checks++;
        if (now.lines.length > 0 && r.stdout.trimEnd() !== readForms(now.lines).join("\n")) {
          failures.push(`kill ${i}: events --all --json differs from the log`);
        }
      }
      if (i % 10 === 0) {
        options.log?.(`engine kill ${i}/${options.kills}: ${now.lines.length} events`);
      }
    }
    const final = splitLog(await readBytes(path));
    const end = decodeLine(final.lines.at(-1) ?? "");
    if (!end.ok || end.env.event.type !== "run_finished") {
      failures.push("the run does not end with run_finished");
    } else {
      const ok = (end.env.event as { success?: boolean }).success === true;
      if (!ok || counts.last_exit_code !== 0) {
        failures.push(`the last resume exited ${counts.last_exit_code}: ${lastOutput}`);
      }
    }
    const leftovers = (await walkFiles(p.state.root)).filter((f) => f.endsWith(".tmp"));
    counts.tmp_files_left_by_kills = leftovers.length;
    counts.events = final.lines.length;
  } catch (e) {
    failures.push(`engine crash trial stopped: ${(e as Error).stack ?? e}`);
  }
  return {
    name: "SIGKILL of taskline run",
    tries: options.kills,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}
