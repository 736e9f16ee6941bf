/**
 * The slow-client soak of issue 23: clients that stop reading cannot take
 * the server down. A real `taskline serve` (shipped permissions) of a
 * project with open runs; `--clients` connections open `/api/stream` with
 * a 4 KiB receive buffer and never read; one client reads everything
 * (scripts/bench_sse_clients.ts in its own process); another process
 * appends `--events` events of about `--line-bytes` bytes, round-robin to
 * `--runs` open runs, `--rate` a second, one `O_APPEND` write a line
 * (scripts/bench_writer.ts); meanwhile `GET /api/tasks` every 200 ms. The
 * server's resident memory is sampled every 50 ms. Then it waits for the
 * server to close the clients that never read (its stall bound), and opens
 * idle connections to count what each costs.
 *
 * Checks: peak RSS under `--rss-mb-max` (300), every event exactly once to
 * the reader, the reader's p99 and `/api/tasks` p99 under 100 ms for what
 * is written or asked 15 s or more after the start (the whole run's are
 * reported beside them: in the first seconds the kernel takes about 2.7 MiB
 * into each never-reading connection, docs/server.md), the non-reading
 * clients closed by the server.
 *
 * ```sh
 * deno run -A scripts/soak_slow_clients.ts                  # full size (issue 23)
 * deno run -A scripts/soak_slow_clients.ts --clients 50 --events 2000
 * ```
 *
 * @module
 */
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { generateProject } from "./gen_project.ts";
import { buildShipped, peakRssKb, RssPoller, taskline, Watched } from "./bench_proc.ts";
import { BUCKET_US, type ClientsReport } from "./bench_sse_clients.ts";
import { RawSocket } from "./raw_socket.ts";

/**
 * From this long after the writer starts, the server has found out the
 * clients that never read (their buffers are full and they took nothing for
 * its stall bound): the steady figures (issue 37) are taken from there, ms.
 */
const STEADY_AFTER_MS = 15_000;

/** What the soak measured, in the shape of the reliability table. */
export interface SlowSoakResult {
  name: string;
  tries: number;
  counts: Record<string, number>;
  failures: string[];
  ms: number;
}

/** Options of {@link slowClientsSoak}; defaults are issue 23's sizes. */
export interface SlowSoakOptions {
  /** Never-reading clients. Default 500. */
  clients?: number;
  /** Events written. Default 20000. */
  events?: number;
  /** Open runs written to. Default 10. */
  runs?: number;
  /** Events a second. Default 1000. */
  rate?: number;
  /** Bytes of an event line, about. Default 1500. */
  lineBytes?: number;
  /** Receive buffer of a never-reading client. Default 4096. */
  receiveBytes?: number;
  /** Idle connections opened at the end to measure what each costs. Default 2000. */
  idle?: number;
  /** Goal on the server's peak resident memory, MB. Default 300. */
  rssMbMax?: number;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function q(sorted: number[], f: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))];
}

function rssKbNow(pid: number): number {
  try {
    const s = Deno.readTextFileSync(`/proc/${pid}/status`);
    return Number(/VmRSS:\s+(\d+)/.exec(s)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Runs the soak; see the module documentation. */
export async function slowClientsSoak(o: SlowSoakOptions = {}): Promise<SlowSoakResult> {
  await buildShipped();
  const t0 = Date.now();
  const log = o.log ?? (() => {});
  const nClients = o.clients ?? 500;
  const events = o.events ?? 20_000;
  const runs = o.runs ?? 10;
  const rate = o.rate ?? 1000;
  const failures: string[] = [];
  const counts: Record<string, number> = {};
  const root = await Deno.makeTempDir({ prefix: "taskline-soak-slow-" });
  const summary = generateProject({
    dir: root,
    tasks: runs,
    eventsPerTask: 20,
    runs: 1,
    open: true,
    seed: 23,
  });
  let first = "";
  const server = new Watched(taskline(["serve", "--port", "0", "--json"]), {
    cwd: root,
    onLine: (l) => {
      if (first === "") first = l;
    },
  });
  const sockets: RawSocket[] = [];
  let reader: Watched | null = null;
  let writer: Watched | null = null;
  try {
    await server.waitFor(() => first !== "", 30_000);
    const { port, token } = JSON.parse(first) as { port: number; token: string };
    const url = `http://127.0.0.1:${port}`;
    const rssStart = rssKbNow(server.pid);
    const rss = new RssPoller(server.pid, 50);
    // The never-reading clients.
    const request = `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`;
    for (let i = 0; i < nClients; i++) {
      const s = RawSocket.connect(port, { receiveBytes: o.receiveBytes ?? 4096 });
      s.send(request);
      sockets.push(s);
    }
    // The reader, in its own process.
    const out: string[] = [];
    reader = new Watched([
      Deno.execPath(),
      "run",
      "--quiet",
      `--allow-net=127.0.0.1:${port}`,
      new URL("./bench_sse_clients.ts", import.meta.url).pathname,
      "--url",
      url,
      "--token",
      token,
      "--clients",
      "1",
      "--number",
      "0",
      "--expect",
      String(events),
      "--timeout-ms",
      String(Math.ceil(events / rate) * 1000 + 60_000),
      "--warm-after-ms",
      String(STEADY_AFTER_MS),
    ], { cwd: root, onLine: (l) => out.push(l) });
    if (!(await reader.waitFor(() => out.includes("ready"), 30_000))) {
      throw new Error(`the reader did not connect: ${reader.stderr.slice(0, 200)}`);
    }
    await sleep(500);
    log(`${nClients} never-reading clients and 1 reader connected; writing ${events} events`);
    const dirs = summary.tasks.map((t) => t.dir).join(",");
    writer = new Watched([
      Deno.execPath(),
      "run",
      "--quiet",
      ...PERMISSION_FLAGS,
      new URL("./bench_writer.ts", import.meta.url).pathname,
      "--tasks",
      dirs,
      "--rate",
      String(rate),
      "--count",
      String(events),
      "--seconds",
      String(Math.ceil(events / rate) + 5),
      "--line-bytes",
      String(o.lineBytes ?? 1500),
    ], { cwd: root });
    // GET /api/tasks every 200 ms while the writer runs and the reader reads.
    const apiTimes: number[] = [];
    /** Those of the requests made once the server had found out the non-readers. */
    const apiSteady: number[] = [];
    let apiErrors = 0;
    const cpuStart = cpuMs(server.pid);
    const wallStart = performance.now();
    let writing = true;
    const api = (async () => {
      while (writing) {
        const t = performance.now();
        try {
          const res = await fetch(`${url}/api/tasks`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          if (res.status !== 200) apiErrors++;
        } catch {
          apiErrors++;
        }
        apiTimes.push(performance.now() - t);
        if (t - wallStart >= STEADY_AFTER_MS) apiSteady.push(performance.now() - t);
        await sleep(Math.max(0, 200 - (performance.now() - t)));
      }
    })();
    const wcode = await writer.exited(Math.ceil(events / rate) * 1000 + 60_000);
    if (wcode !== 0) failures.push(`the writer exited ${wcode}: ${writer.stderr.slice(0, 200)}`);
    await reader.exited(60_000);
    writing = false;
    await api;
    const wallS = (performance.now() - wallStart) / 1000;
    counts.server_cpu_s = Math.round((cpuMs(server.pid) - cpuStart) / 100) / 10;
    counts.wall_s = Math.round(wallS);
    const last = out.findLast((l) => l.startsWith("{"));
    if (!last) failures.push(`the reader reported nothing: ${reader.stderr.slice(0, 200)}`);
    else {
      const r = JSON.parse(last) as ClientsReport;
      counts.reader_events = r.counts[0] ?? 0;
      if (counts.reader_events !== events) {
        failures.push(`the reader got ${counts.reader_events} events of ${events}`);
      }
      const pct = (hist: [number, number][], f: number) => {
        const total = hist.reduce((a, [, n]) => a + n, 0);
        let acc = 0;
        for (const [k, n] of hist) {
          acc += n;
          if (acc >= f * total) return ((k + 1) * BUCKET_US) / 1000;
        }
        return NaN;
      };
      counts.reader_p50_ms = pct(r.hist, 0.5);
      counts.reader_p99_ms = pct(r.hist, 0.99);
      counts.reader_steady_p50_ms = pct(r.histWarm ?? [], 0.5);
      counts.reader_steady_p99_ms = pct(r.histWarm ?? [], 0.99);
      if (!(counts.reader_steady_p99_ms < 100)) {
        failures.push(`the reader's p99 once steady was ${counts.reader_steady_p99_ms} ms`);
      }
      if (r.errors.length) failures.push(`reader: ${r.errors.join("; ")}`);
    }
    apiTimes.sort((a, b) => a - b);
    counts.api_tasks_requests = apiTimes.length;
    counts.api_tasks_p50_ms = Math.round(q(apiTimes, 0.5) * 10) / 10;
    counts.api_tasks_p99_ms = Math.round(q(apiTimes, 0.99) * 10) / 10;
    apiSteady.sort((a, b) => a - b);
    counts.api_tasks_steady_p99_ms = Math.round(q(apiSteady, 0.99) * 10) / 10;
    if (apiErrors) failures.push(`${apiErrors} /api/tasks requests failed`);
    if (!(counts.api_tasks_steady_p99_ms < 100)) {
      failures.push(`/api/tasks p99 once steady was ${counts.api_tasks_steady_p99_ms} ms`);
    }
    const health = async () =>
      (await (await fetch(`${url}/api/health`, {
        headers: { authorization: `Bearer ${token}` },
      })).json()).streams as { clients: number; catch_ups: number; fan_out: number };
    const h = await health();
    counts.streams_open_after_writing = h.clients;
    counts.fell_behind = h.catch_ups;
    // The server drops the clients that read nothing (10 s without taking a byte).
    const closeBy = Date.now() + 45_000;
    let open = h.clients;
    while (open > 0 && Date.now() < closeBy) {
      await sleep(1000);
      open = (await health()).clients;
    }
    counts.streams_open_45s_later = open;
    if (open > 0) failures.push(`${open} never-reading streams still open 45 s after the writes`);
    counts.server_peak_rss_mb = Math.round((rss.stop() ?? NaN) / 1024);
    counts.server_rss_start_mb = Math.round(rssStart / 1024);
    if (!(counts.server_peak_rss_mb < (o.rssMbMax ?? 300))) {
      failures.push(`the server's peak RSS was ${counts.server_peak_rss_mb} MB`);
    }
    for (const s of sockets) s.close();
    sockets.length = 0;
    // Idle connections: what each costs the server.
    const nIdle = o.idle ?? 2000;
    await sleep(1000);
    const before = rssKbNow(server.pid);
    const idle: Deno.TcpConn[] = [];
    try {
      for (let i = 0; i < nIdle; i++) {
        idle.push(await Deno.connect({ hostname: "127.0.0.1", port }));
      }
      await sleep(2000);
      const t = performance.now();
      const res = await fetch(`${url}/api/health`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      counts.idle_connections = idle.length;
      counts.idle_health_ms = Math.round((performance.now() - t) * 10) / 10;
      counts.idle_rss_kb_each = Math.round((rssKbNow(server.pid) - before) / nIdle * 10) / 10;
    } finally {
      for (const c of idle) c.close();
    }
  } catch (e) {
    failures.push(`the soak failed: ${(e as Error).message}`);
  } finally {
    for (const s of sockets) s.close();
    if (writer) await writer[Symbol.asyncDispose]();
    if (reader) await reader[Symbol.asyncDispose]();
    server.kill("SIGINT");
    await server.exited(5_000);
    await server[Symbol.asyncDispose]();
    const peak = peakRssKb(server.pid);
    if (peak !== null) counts.server_vmhwm_mb = Math.round(peak / 1024);
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
  return {
    name: "Clients that stop reading (issue 23)",
    tries: nClients,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}

/** CPU time of a process so far, ms (user + system). */
function cpuMs(pid: number): number {
  try {
    const f = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return NaN;
  }
}

if (import.meta.main) {
  const num = (name: string) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i >= 0 ? Number(Deno.args[i + 1]) : undefined;
  };
  const r = await slowClientsSoak({
    clients: num("clients"),
    events: num("events"),
    runs: num("runs"),
    rate: num("rate"),
    lineBytes: num("line-bytes"),
    idle: num("idle"),
    log: (l) => console.error(`[soak-slow] ${l}`),
  });
  console.log(JSON.stringify(r, null, 1));
  Deno.exit(r.failures.length === 0 ? 0 : 1);
}
