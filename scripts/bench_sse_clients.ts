/**
 * Clients of the server fan-out benchmark: opens N `GET /api/stream`
 * connections to a loopback server, prints `ready` once every one has its
 * response headers, then counts the events of one task each client receives
 * and the time from each event's `at` (the cursor's nanoseconds) to its
 * arrival. Ends when every client has `--expect` events or at the deadline,
 * printing one JSON line: per-client counts and a latency histogram.
 *
 * ```sh
 * deno run --allow-net=127.0.0.1 scripts/bench_sse_clients.ts --url http://127.0.0.1:7777 \
 *   --token T --clients 500 --number 1 --expect 30000 --timeout-ms 60000
 * ```
 *
 * @module
 */

import process from "node:process";

/** Width of a histogram bucket, microseconds. */
export const BUCKET_US = 100;
/** Buckets kept; later arrivals count in the last one (60 s). */
export const BUCKETS_MAX = 600_000;
/** Most connections one process opens: a bound on the load. */
const CLIENTS_MAX = 2_000;

/** What one client process reports. */
export interface ClientsReport {
  clients: number;
  connected: number;
  /** Events of the task received by each client. */
  counts: number[];
  /** Latency histogram: [bucket index, count] pairs. */
  hist: [number, number][];
  /** Arrivals stamped before their `at` (clock skew between processes). */
  negative: number;
  errors: string[];
  /** CPU time this process used, milliseconds (user + system). */
  cpuMs: number;
}

function arg(name: string, fallback?: string): string {
  const i = Deno.args.indexOf(`--${name}`);
  const v = i >= 0 ? Deno.args[i + 1] : fallback;
  if (v === undefined) throw new Error(`bench_sse_clients: --${name} is required`);
  return v;
}

const NEWLINE = new Uint8Array([10]);

/**
 * The microseconds of an event cursor `<ns>-<number>-<seq>` in bytes
 * [from, to), or -1 when it is another task's.
 */
export function idMicros(buf: Uint8Array, from: number, to: number, number: number): number {
  let i = from;
  let us = 0;
  let digits = 0;
  const dash = buf.indexOf(0x2d, from);
  if (dash < 0 || dash >= to) return -1;
  for (; i < dash; i++) {
    const d = buf[i] - 48;
    if (d < 0 || d > 9) return -1;
    // Nanoseconds to microseconds: drop the last three digits.
    if (digits++ < dash - from - 3) us = us * 10 + d;
  }
  let n = 0;
  for (i = dash + 1; i < to && buf[i] !== 0x2d; i++) n = n * 10 + (buf[i] - 48);
  return n === number ? us : -1;
}

function nowUs(): number {
  return (performance.timeOrigin + performance.now()) * 1000;
}

if (import.meta.main) {
  const url = arg("url").replace(/\/$/, "");
  const token = arg("token");
  const n = Math.min(CLIENTS_MAX, Number(arg("clients")));
  const number = Number(arg("number"));
  const expect = Number(arg("expect"));
  const timeoutMs = Number(arg("timeout-ms", "60000"));
  const hist = new Uint32Array(BUCKETS_MAX);
  const counts = new Array<number>(n).fill(0);
  const errors: string[] = [];
  let negative = 0;
  let connected = 0;
  const abort = new AbortController();

  const one = async (i: number, ready: () => void) => {
    let res: Response;
    try {
      res = await fetch(`${url}/api/stream`, {
        headers: { Authorization: `Bearer ${token}`, Accept: "text/event-stream" },
        signal: abort.signal,
      });
    } catch (e) {
      if (errors.length < 5) errors.push(`client ${i}: ${(e as Error).message}`);
      ready();
      return;
    }
    if (!res.ok || !res.body) {
      if (errors.length < 5) errors.push(`client ${i}: HTTP ${res.status}`);
      await res.body?.cancel();
      ready();
      return;
    }
    connected++;
    ready();
    const reader = res.body.getReader();
    // Scanned as bytes: only the id lines are looked at, the rest is never decoded.
    let carry: Uint8Array | null = NEWLINE; // so that an id line at the very start matches too
    try {
      while (counts[i] < expect && !abort.signal.aborted) {
        const { value, done } = await reader.read();
        if (done) break;
        const t = nowUs();
        let buf = value;
        if (carry && carry.length > 0) {
          buf = new Uint8Array(carry.length + value.length);
          buf.set(carry);
          buf.set(value, carry.length);
        }
        let nl = buf.indexOf(10);
        while (nl >= 0) {
          const next = buf.indexOf(10, nl + 1);
          if (next < 0) break; // an unfinished line: kept for the next chunk
          if (buf[nl + 1] === 0x69 && buf[nl + 2] === 0x64 && buf[nl + 3] === 0x3a) {
            const us = idMicros(buf, buf[nl + 4] === 0x20 ? nl + 5 : nl + 4, next, number);
            if (us >= 0) {
              counts[i]++;
              const lat = t - us;
              if (lat < 0) negative++;
              hist[Math.min(BUCKETS_MAX - 1, Math.max(0, Math.floor(lat / BUCKET_US)))]++;
            }
          }
          nl = next;
        }
        carry = nl >= 0 ? buf.slice(nl) : buf.length > 1_000_000 ? null : buf.slice();
      }
    } catch (e) {
      if (!abort.signal.aborted && errors.length < 5) {
        errors.push(`client ${i}: ${(e as Error).message}`);
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  };

  let readyCount = 0;
  let allReady!: () => void;
  const readyP = new Promise<void>((r) => allReady = r);
  const ready = () => {
    if (++readyCount === n) allReady();
  };
  const running: Promise<void>[] = [];
  for (let i = 0; i < n; i++) running.push(one(i, ready));
  await readyP;
  console.log("ready");
  // At the deadline the report is printed whatever the readers are doing.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      abort.abort();
      resolve();
    }, timeoutMs);
  });
  await Promise.race([Promise.all(running), deadline]);
  clearTimeout(timer);
  abort.abort();
  const pairs: [number, number][] = [];
  for (let b = 0; b < hist.length; b++) if (hist[b] > 0) pairs.push([b, hist[b]]);
  const cpu = process.cpuUsage();
  const report: ClientsReport = {
    clients: n,
    connected,
    counts,
    hist: pairs,
    negative,
    errors,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  console.log(JSON.stringify(report));
  Deno.exit(0); // open streams must not keep the process alive
}
