/**
 * The fleet benchmarks of `deno task bench` (issue 17), on a real
 * `nats-server` with JetStream on a loopback port and a temporary store:
 *
 * - ship throughput: `taskline ship` of an existing generated project (full:
 *   2,000 tasks of 500 events), from its start until the stream holds every
 *   line, task file and tool output; events a second;
 * - live latency: lines appended to a source log at 1,000 a second while
 *   `ship` and `mirror` run; time from each append to the line in the
 *   mirror's log (p50, p99).
 *
 * ```sh
 * deno run -A scripts/bench_fleet.ts --quick
 * ```
 *
 * @module
 */
import { connect } from "@nats-io/transport-node";
import { jetstreamManager } from "@nats-io/jetstream";
import { generateProject } from "./gen_project.ts";
import { buildShipped, quantile, row, taskline } from "./bench_proc.ts";
import type { Row } from "./bench.ts";
import type { RecordBench } from "./bench_record.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { createTask } from "../src/store/tasks.ts";
import { eventsSubject, evExtent, mirrorDir } from "../src/fleet/wire.ts";
import { streamMessages, streamOutputs } from "../tests/fleet_util.ts";

const SIZES = {
  full: { tasks: 2000, eventsPerTask: 500, liveEvents: 10_000 },
  quick: { tasks: 200, eventsPerTask: 500, liveEvents: 3_000 },
  tiny: { tasks: 10, eventsPerTask: 100, liveEvents: 200 },
} as const;

const GOAL_EVENTS_PER_S = 100_000;
const GOAL_P99_MS = 50;

function natsServerPath(): string | null {
  for (const p of ["/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"]) {
    try {
      Deno.statSync(p);
      return p;
    } catch { /* next */ }
  }
  return null;
}

async function startNats(bin: string): Promise<{ url: string; stop(): Promise<void> }> {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  const store = await Deno.makeTempDir({ prefix: "taskline-bench-nats-" });
  const child = new Deno.Command(bin, {
    args: ["-js", "-sd", store, "-a", "127.0.0.1", "-p", String(port)],
    stdout: "null",
    stderr: "null",
  }).spawn();
  for (let i = 0;; i++) {
    try {
      (await Deno.connect({ hostname: "127.0.0.1", port })).close();
      break;
    } catch (e) {
      if (i > 300) throw e;
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      try {
        child.kill("SIGTERM");
      } catch { /* gone */ }
      await child.status;
      await Deno.remove(store, { recursive: true }).catch(() => {});
    },
  };
}

function spawn(args: string[], cwd: string): Deno.ChildProcess {
  const [bin, ...rest] = taskline(args);
  return new Deno.Command(bin, {
    args: rest,
    cwd,
    env: { NO_COLOR: "1" },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
}

async function stopChild(c: Deno.ChildProcess) {
  try {
    c.kill("SIGTERM");
  } catch { /* gone */ }
  await c.status;
}

/** The size of each task's log of a project, by its `ev` subject on the stream. */
async function logSizes(dir: string, project: string): Promise<Map<string, number>> {
  const state = new StateDir(`${dir}/.taskline`);
  const sizes = new Map<string, number>();
  for await (const e of Deno.readDir(state.tasksDir)) {
    if (!e.isDirectory) continue;
    const id = JSON.parse(await Deno.readTextFile(state.taskJsonPath(e.name))).id;
    sizes.set(eventsSubject(project, id), (await Deno.stat(state.logPath(e.name))).size);
  }
  return sizes;
}

/**
 * Whether the stream holds every line of every log (the last message of each
 * task's subject ends where its log ends: a message may hold several lines)
 * and at least `others` messages besides (task files; outputs go several to a
 * message, and are counted once this holds, {@link streamOutputs}).
 */
async function shippedAll(url: string, sizes: Map<string, number>, others: number) {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info("TASKLINE", { subjects_filter: "taskline.*.*.ev" });
    let ev = 0;
    for (const n of Object.values(info.state.subjects ?? {})) ev += n;
    if (info.state.messages - ev < others) return false;
    const subjects = [...sizes.keys()];
    for (let i = 0; i < subjects.length; i += 64) {
      const ends = await Promise.all(
        subjects.slice(i, i + 64).map(async (subject) => {
          const m = await jsm.streams.getMessage("TASKLINE", { last_by_subj: subject })
            .catch(() => null);
          if (!m) return 0;
          return evExtent(m.header, m.data.length)?.end ?? 0;
        }),
      );
      for (let k = 0; k < ends.length; k++) {
        if (ends[k] !== sizes.get(subjects[i + k])) return false;
      }
    }
    return true;
  } catch {
    return false;
  } finally {
    await nc.close();
  }
}

/** Ship throughput of an existing project. */
async function benchShip(b: RecordBench, bin: string): Promise<Row> {
  const size = SIZES[b.opts.mode];
  const dir = `${b.opts.work}/fleet-ship-${size.tasks}x${size.eventsPerTask}`;
  let summary;
  try {
    summary = JSON.parse(await Deno.readTextFile(`${dir}.summary.json`));
  } catch {
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    const s = generateProject({
      dir,
      tasks: size.tasks,
      eventsPerTask: size.eventsPerTask,
      seed: 17,
    });
    summary = { events: s.events, bytes: s.bytes, traceFiles: s.traceFiles, tasks: s.tasks.length };
    await Deno.writeTextFile(`${dir}.summary.json`, JSON.stringify(summary));
  }
  const others = summary.tasks;
  const sizes = await logSizes(dir, "bench");
  const nats = await startNats(bin);
  // The project's files read once first: what is measured is ship, not the
  // disk (the machine's page cache is small and the benches before evict it).
  await new Deno.Command("sh", {
    args: ["-c", "find .taskline -type f -exec cat {} + > /dev/null"],
    cwd: dir,
  }).output();
  b.log(`fleet: shipping ${summary.events} events of ${summary.tasks} tasks`);
  const t0 = performance.now();
  const ship = spawn(["ship", nats.url, "--project", "bench"], dir);
  // Messages are counted every 100 ms; once the count stops growing, the
  // stream is checked for every line (the time is that of the last growth).
  let n = 0, last = -1, still = 0, tEnd = t0, done = false, outputs = "";
  try {
    for (;;) {
      await new Promise((r) => setTimeout(r, 100));
      n = await streamMessages(nats.url);
      if (n !== last) {
        last = n;
        still = 0;
        tEnd = performance.now();
        continue;
      }
      if (++still > 50) break; // 5 s without growth
      if (still === 1 && (done = await shippedAll(nats.url, sizes, others))) break;
    }
    // Each output goes before the line that names it: with every line there,
    // every output is too; counted (after the time was taken) to be sure.
    if (done) {
      const outs = await streamOutputs(nats.url);
      outputs =
        `${outs.held.size} outputs (${outs.single} alone, ${outs.inMulti} in ${outs.multi} messages of several)`;
      if (outs.held.size !== summary.traceFiles) done = false;
    }
  } finally {
    await stopChild(ship);
    await nats.stop();
  }
  const seconds = (tEnd - t0) / 1000;
  const rate = summary.events / seconds;
  return row(
    "fleet-ship",
    `ship an existing project (${summary.tasks} tasks, ${summary.events} events)`,
    {
      taskline: `${Math.round(rate).toLocaleString("en-US")} events/s`,
      goal: `>= ${GOAL_EVENTS_PER_S.toLocaleString("en-US")} events/s`,
      met: !done ? "no" : rate >= GOAL_EVENTS_PER_S ? "yes" : "no",
      notes: [
        `${
          seconds.toFixed(2)
        } s from the start of ship (start-up included) until the stream held every line, task file and output (${n} messages: lines in batches, ${others} task files, ${outputs})${
          done ? "" : "; NOT all of them arrived"
        }; nats-server on the same 2 cores`,
      ],
    },
  );
}

/** Live latency: append on the source to the line in the mirror's log. */
async function benchLive(b: RecordBench, bin: string): Promise<Row> {
  const size = SIZES[b.opts.mode];
  const src = await Deno.makeTempDir({ prefix: "taskline-bench-src-" });
  const dst = await Deno.makeTempDir({ prefix: "taskline-bench-mirror-" });
  const state = new StateDir(`${src}/.taskline`);
  await Deno.mkdir(state.tasksDir, { recursive: true });
  const task = await createTask(state, "Live latency");
  const nats = await startNats(bin);
  const ship = spawn(["ship", nats.url, "--project", "live"], src);
  const mir = spawn(["mirror", nats.url], dst);
  const mlog = `${dst}/.taskline/tasks/${mirrorDir("live", task.dir)}/events.jsonl`;
  const sent: number[] = [];
  const lat: number[] = [];
  const run = "11111111-2222-3333-4444-555555555555";
  const line = (seq: number) =>
    new TextEncoder().encode(
      encodeEnvelope({
        schema: 2,
        seq,
        at: new Date().toISOString(),
        event: { type: "agent_text", run, role: "coder", text: `line ${seq}` } as never,
      }) + "\n",
    );
  try {
    // Warm-up: the first line reaches the mirror.
    const f = await Deno.open(state.logPath(task.dir), { append: true, create: true });
    await f.write(line(1));
    for (let i = 0; i < 600; i++) {
      try {
        if ((await Deno.stat(mlog)).size > 0) break;
      } catch { /* not yet */ }
      await new Promise((r) => setTimeout(r, 50));
    }
    let seen = 1, offset = (await Deno.stat(mlog)).size;
    const watcher = (async () => {
      const dec = new TextDecoder();
      while (seen < size.liveEvents + 1) {
        const st = await Deno.stat(mlog);
        if (st.size > offset) {
          const now = performance.now();
          const file = await Deno.open(mlog);
          await file.seek(offset, Deno.SeekMode.Start);
          const buf = new Uint8Array(st.size - offset);
          let got = 0;
          while (got < buf.length) got += (await file.read(buf.subarray(got))) ?? buf.length;
          file.close();
          // Complete lines only: a batch being written is read again from its line's start.
          const end = buf.lastIndexOf(10) + 1;
          offset += end;
          for (const l of dec.decode(buf.subarray(0, end)).split("\n")) {
            const m = /"seq":(\d+)/.exec(l);
            if (!m) continue;
            const seq = Number(m[1]);
            if (seq >= 2) lat.push(now - sent[seq]);
            seen = Math.max(seen, seq);
          }
        }
        // The poll (0.5 ms) adds at most that much to each figure.
        await new Promise((r) => setTimeout(r, 0.5));
      }
    })();
    const t0 = performance.now();
    for (let i = 0; i < size.liveEvents; i++) {
      const seq = i + 2;
      const due = t0 + i; // 1,000 a second
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait - 0.5));
      sent[seq] = performance.now();
      await f.write(line(seq));
    }
    f.close();
    await Promise.race([watcher, new Promise((r) => setTimeout(r, 30_000))]);
  } finally {
    await stopChild(ship);
    await stopChild(mir);
    await nats.stop();
    await Deno.remove(src, { recursive: true }).catch(() => {});
    await Deno.remove(dst, { recursive: true }).catch(() => {});
  }
  lat.sort((a, z) => a - z);
  const p50 = quantile(lat, 0.5), p99 = quantile(lat, 0.99);
  return row(
    "fleet-live",
    `live: append on the source -> line in the mirror, ${size.liveEvents} events at 1,000/s`,
    {
      taskline: `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      goal: `p99 < ${GOAL_P99_MS} ms`,
      met: lat.length < size.liveEvents ? "no" : p99 < GOAL_P99_MS ? "yes" : "no",
      notes: [
        `${lat.length} of ${size.liveEvents} lines measured; ship, mirror and nats-server on the same 2 cores, loopback`,
      ],
    },
  );
}

/** Both fleet benchmarks, as rows of the bench report. */
export async function benchFleet(b: RecordBench): Promise<void> {
  await buildShipped();
  const bin = natsServerPath();
  if (!bin) {
    b.rows.push(row("fleet-ship", "ship an existing project", { met: "skipped: no nats-server" }));
    return;
  }
  b.rows.push(await benchShip(b, bin));
  b.rows.push(await benchLive(b, bin));
}

if (import.meta.main) {
  const mode = Deno.args.includes("--full")
    ? "full"
    : Deno.args.includes("--tiny")
    ? "tiny"
    : "quick";
  const rows: Row[] = [];
  await benchFleet({
    opts: { mode, work: "/tmp/taskline-bench" },
    tools: {},
    log: (m) => console.error(m),
    rows,
    timeBin: null,
  });
  for (const r of rows) {
    console.log(`${r.benchmark}: ${r.taskline} (goal ${r.goal}: ${r.met}) ${r.notes.join("; ")}`);
  }
}
