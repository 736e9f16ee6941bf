/**
 * Clients of the server fan-out benchmark: opens N `GET /api/stream`
 * connections to a loopback server, prints `ready` once every one has its
 * response headers, then counts the events of one task each client receives
 * and the time from each event's `at` (the cursor's nanoseconds) to its
 * arrival (`--number 0`: the events of every task). Ends when every client
 * has `--expect` events (and a second more passed, so that an event sent
 * twice is counted) or at the deadline, printing one JSON line: per-client
 * counts and a latency histogram.
 *
 * A client is a plain TCP connection that sends the request and reads the
 * response itself (HTTP/1.1, chunked or not), as load generators do: with a
 * thousand clients on a small machine, the per-read cost of `fetch` and its
 * streams made the clients, not the server, the limit of the measurement.
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
/** Events written this long after the first count as written to a warm server, microseconds (`--warm-after-ms`). */
const WARM_AFTER_US = Number(arg("warm-after-ms", "5000")) * 1000;
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
  /** The same, of events written 5 s or more after the first (the server warm). */
  histWarm?: [number, number][];
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

/**
 * The microseconds of an event cursor `<ns>-<number>-<seq>` in bytes
 * [from, to), or -1 when it is another task's (`number` 0: any task's).
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
  return number === 0 || n === number ? us : -1;
}

/**
 * The body of an HTTP/1.1 response as it arrives: the status line and
 * headers are checked, chunked transfer coding is taken off, strictly (a
 * size line that is not hex and CRLF, or a chunk not followed by CRLF,
 * throws: a framing off by one byte is found, not read past). `push` takes
 * the bytes of one read and returns the body bytes in them.
 */
export class ResponseReader {
  #head = "";
  #headDone = false;
  #chunked = false;
  /** Body bytes left in the current chunk; -1 while reading a size line. */
  #left = -1;
  #sizeLine = "";
  /** CRLF bytes still to skip after a chunk's data. */
  #skip = 0;
  /** The status code, once the head is read. */
  status = 0;

  /** The status line and headers, once read (else ""). */
  get head(): string {
    return this.#headDone ? this.#head : "";
  }
  /** The response said its body is complete (the last chunk). */
  ended = false;

  push(bytes: Uint8Array): Uint8Array[] {
    let at = 0;
    if (!this.#headDone) {
      // Heads are short; decoded as Latin-1 a byte a character.
      for (; at < bytes.length && !this.#headDone; at++) {
        this.#head += String.fromCharCode(bytes[at]);
        if (this.#head.endsWith("\r\n\r\n")) this.#headDone = true;
        else if (this.#head.length > 64 * 1024) throw new Error("response head over 64 KiB");
      }
      if (!this.#headDone) return [];
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(this.#head);
      if (!m) throw new Error(`not an HTTP/1.1 response: ${this.#head.slice(0, 40)}`);
      this.status = Number(m[1]);
      this.#chunked = /\r\ntransfer-encoding:[^\r]*chunked/i.test(this.#head);
    }
    if (!this.#chunked) return at < bytes.length ? [bytes.subarray(at)] : [];
    const out: Uint8Array[] = [];
    while (at < bytes.length && !this.ended) {
      if (this.#skip > 0) {
        // The CRLF after a chunk's data.
        if (bytes[at] !== (this.#skip === 2 ? 13 : 10)) {
          throw new Error(`a chunk not followed by CRLF (byte ${bytes[at]})`);
        }
        this.#skip--;
        at++;
      } else if (this.#left < 0) {
        const nl = bytes.indexOf(10, at);
        const end = nl < 0 ? bytes.length : nl;
        for (let i = at; i < end; i++) this.#sizeLine += String.fromCharCode(bytes[i]);
        if (this.#sizeLine.length > 64) throw new Error("a chunk size line over 64 bytes");
        at = end;
        if (nl < 0) break;
        at++;
        if (!/^[0-9a-fA-F]{1,8}(;[^\r]*)?\r$/.test(this.#sizeLine)) {
          throw new Error(`bad chunk size line ${JSON.stringify(this.#sizeLine.slice(0, 40))}`);
        }
        const size = parseInt(this.#sizeLine, 16);
        this.#sizeLine = "";
        if (size === 0) this.ended = true;
        else this.#left = size;
      } else {
        const n = Math.min(this.#left, bytes.length - at);
        out.push(bytes.subarray(at, at + n));
        this.#left -= n;
        at += n;
        if (this.#left === 0) {
          this.#left = -1;
          this.#skip = 2;
        }
      }
    }
    return out;
  }
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
  const histWarm = new Uint32Array(BUCKETS_MAX);
  /** The `at` of the first event seen, microseconds. */
  let firstUs = -1;
  const counts = new Array<number>(n).fill(0);
  const errors: string[] = [];
  let negative = 0;
  let connected = 0;
  const abort = new AbortController();

  const { hostname, port } = new URL(url);
  const request = new TextEncoder().encode(
    `GET /api/stream HTTP/1.1\r\nHost: ${new URL(url).host}\r\n` +
      `Authorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
  );
  const fail = (i: number, why: string) => {
    if (errors.length < 5) errors.push(`client ${i}: ${why}`);
  };

  const one = async (i: number, ready: () => void) => {
    let conn: Deno.TcpConn;
    try {
      conn = await Deno.connect({ hostname, port: Number(port) });
      for (let off = 0; off < request.length;) off += await conn.write(request.subarray(off));
    } catch (e) {
      fail(i, (e as Error).message);
      ready();
      return;
    }
    const onAbort = () => {
      try {
        conn.close();
      } catch { /* closed already */ }
    };
    abort.signal.addEventListener("abort", onAbort, { once: true });
    const response = new ResponseReader();
    const buf = new Uint8Array(256 * 1024);
    // Body bytes of an unfinished line (a frame line cut by a read or a chunk).
    let line = new Uint8Array(4096);
    let lineLen = 0;
    // Only `id:` lines are looked at: the rest of the stream is never decoded.
    const scan = (bytes: Uint8Array, t: number) => {
      let from = 0;
      for (;;) {
        const nl = bytes.indexOf(10, from);
        const end = nl < 0 ? bytes.length : nl;
        if (lineLen > 0 || nl < 0) {
          // Part of a line that started in an earlier piece, or that goes on in the next.
          if (lineLen < 4 || line[0] === 0x69) {
            const need = lineLen + end - from;
            if (need > line.length) {
              const grown = new Uint8Array(Math.max(need, line.length * 2));
              grown.set(line.subarray(0, lineLen));
              line = grown;
            }
            line.set(bytes.subarray(from, end), lineLen);
          }
          lineLen += end - from;
          if (nl < 0) return;
          count(line, 0, Math.min(lineLen, line.length), t);
          lineLen = 0;
        } else {
          count(bytes, from, end, t);
        }
        from = nl + 1;
      }
    };
    const count = (b: Uint8Array, from: number, to: number, t: number) => {
      if (b[from] !== 0x69 || b[from + 1] !== 0x64 || b[from + 2] !== 0x3a) return;
      const us = idMicros(b, b[from + 3] === 0x20 ? from + 4 : from + 3, to, number);
      if (us < 0) return;
      counts[i]++;
      const lat = t - us;
      if (lat < 0) negative++;
      const bucket = Math.min(BUCKETS_MAX - 1, Math.max(0, Math.floor(lat / BUCKET_US)));
      hist[bucket]++;
      if (firstUs < 0 || us < firstUs) firstUs = us;
      if (us - firstUs >= WARM_AFTER_US) histWarm[bucket]++;
    };
    let announced = false;
    try {
      let lingerUntil = Infinity;
      while (performance.now() < lingerUntil && !abort.signal.aborted) {
        if (counts[i] >= expect && lingerUntil === Infinity) {
          lingerUntil = performance.now() + 1000;
          setTimeout(onAbort, 1000);
        }
        const n = await conn.read(buf);
        if (n === null) break;
        const t = nowUs();
        for (const piece of response.push(buf.subarray(0, n))) scan(piece, t);
        if (!announced && response.status !== 0) {
          announced = true;
          if (response.status !== 200) {
            fail(i, `HTTP ${response.status}`);
            break;
          }
          connected++;
          ready();
        }
        if (response.ended) break;
      }
    } catch (e) {
      if (!abort.signal.aborted && counts[i] < expect) fail(i, (e as Error).message);
    } finally {
      if (!announced) ready();
      abort.signal.removeEventListener("abort", onAbort);
      onAbort();
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
  const pairsOf = (h: Uint32Array) => {
    const pairs: [number, number][] = [];
    for (let b = 0; b < h.length; b++) if (h[b] > 0) pairs.push([b, h[b]]);
    return pairs;
  };
  const cpu = process.cpuUsage();
  const report: ClientsReport = {
    clients: n,
    connected,
    counts,
    hist: pairsOf(hist),
    histWarm: pairsOf(histWarm),
    negative,
    errors,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
  console.log(JSON.stringify(report));
  Deno.exit(0); // open streams must not keep the process alive
}
