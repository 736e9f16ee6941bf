/**
 * The HTTP fuzzer: hostile requests against a real `taskline serve` over raw
 * keep-alive TCP connections (raw, so that targets reach the server exactly
 * as written: `..`, backslashes and NUL are not normalised away by a client).
 * Used by tests/fuzz_http_test.ts and the soak mode.
 *
 * Checks on every answer: no 5xx; the server still answers; no byte of the
 * secret planted outside `.taskline/` (reachable through links inside the
 * trace store); every `/api/` answer without the right token is 401 or 403
 * (or a protocol-level refusal of the HTTP layer, which carries no data);
 * every error of the application is problem+json with an `error` member.
 *
 * @module
 */
import fc from "fast-check";
import { type RawRequest, rawRequest } from "./fuzz_inputs.ts";
import { fuzzProject } from "./fuzz_project.ts";
import { startServer } from "./serve_util.ts";
import type { TrialResult } from "./reliability_harness.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

/** One answer as read from the wire. */
export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: Uint8Array;
  /** The connection cannot be used again. */
  closed: boolean;
  ms: number;
}

function indexOfSeq(buf: Uint8Array, seq: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= buf.length - seq.length; i++) {
    for (let j = 0; j < seq.length; j++) if (buf[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
}

const CRLF2 = enc.encode("\r\n\r\n");
const CRLF = enc.encode("\r\n");

/** A raw HTTP/1.1 connection that sends one request at a time and reads its answer. */
export class RawConnection {
  #conn: Deno.TcpConn | null = null;
  #buf: Uint8Array = new Uint8Array(0);
  #eof = false;
  constructor(readonly port: number) {}

  async #connect(): Promise<Deno.TcpConn> {
    if (!this.#conn) {
      this.#conn = await Deno.connect({ hostname: "127.0.0.1", port: this.port });
      this.#buf = new Uint8Array(0);
      this.#eof = false;
    }
    return this.#conn;
  }

  close(): void {
    try {
      this.#conn?.close();
    } catch { /* closed */ }
    this.#conn = null;
  }

  async #fill(deadline: number): Promise<boolean> {
    if (this.#eof) return false;
    const chunk = new Uint8Array(64 * 1024);
    const left = deadline - Date.now();
    if (left <= 0) throw new Error("timeout");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const n = await Promise.race([
      this.#conn!.read(chunk).catch(() => null),
      new Promise<"timeout">((r) => timer = setTimeout(() => r("timeout"), left)),
    ]);
    clearTimeout(timer);
    if (n === "timeout") throw new Error("timeout");
    if (n === null) {
      this.#eof = true;
      return false;
    }
    const merged = new Uint8Array(this.#buf.length + n);
    merged.set(this.#buf);
    merged.set(chunk.subarray(0, n), this.#buf.length);
    this.#buf = merged;
    return true;
  }

  #take(n: number): Uint8Array {
    const out = this.#buf.slice(0, n);
    this.#buf = this.#buf.slice(n);
    return out;
  }

  /**
   * Sends `bytes` and reads one answer (at most `timeoutMs`). Null when the
   * server closed the connection without answering. An event stream is read
   * for `streamMs` and then the connection is closed.
   */
  async send(
    bytes: Uint8Array,
    options: { head?: boolean; timeoutMs?: number; streamMs?: number } = {},
  ): Promise<RawAnswer | null> {
    const t0 = performance.now();
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    const conn = await this.#connect();
    try {
      let off = 0;
      while (off < bytes.length) off += await conn.write(bytes.subarray(off));
    } catch {
      // The server may close before reading everything (a request too large): read its answer.
    }
    let head: string[];
    let status: number;
    for (;;) {
      let headEnd;
      while ((headEnd = indexOfSeq(this.#buf, CRLF2)) < 0) {
        if (!(await this.#fill(deadline))) {
          this.close();
          return null;
        }
      }
      head = dec.decode(this.#take(headEnd + 4)).split("\r\n");
      status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0])?.[1] ?? 0);
      // An interim answer (100 Continue to `Expect`): the real one follows.
      if (status < 100 || status >= 200) break;
    }
    const headers = new Map<string, string>();
    for (const line of head.slice(1)) {
      const c = line.indexOf(":");
      if (c > 0) headers.set(line.slice(0, c).trim().toLowerCase(), line.slice(c + 1).trim());
    }
    let closed = headers.get("connection")?.toLowerCase() === "close";
    let body: Uint8Array = new Uint8Array(0);
    const type = headers.get("content-type") ?? "";
    if (options.head || status === 204 || status === 304) {
      // no body
    } else if (type.startsWith("text/event-stream")) {
      const until = Date.now() + (options.streamMs ?? 50);
      while (Date.now() < until) {
        try {
          if (!(await this.#fill(until))) break;
        } catch {
          break;
        }
      }
      body = this.#take(this.#buf.length);
      closed = true;
    } else if (headers.has("content-length")) {
      const n = Number(headers.get("content-length"));
      while (this.#buf.length < n) {
        if (!(await this.#fill(deadline))) break;
      }
      body = this.#take(Math.min(n, this.#buf.length));
    } else if (headers.get("transfer-encoding")?.toLowerCase().includes("chunked")) {
      const parts: Uint8Array[] = [];
      for (;;) {
        let le;
        while ((le = indexOfSeq(this.#buf, CRLF)) < 0) {
          if (!(await this.#fill(deadline))) throw new Error("connection closed inside a chunk");
        }
        const size = parseInt(dec.decode(this.#take(le + 2)), 16);
        while (this.#buf.length < size + 2) {
          if (!(await this.#fill(deadline))) throw new Error("connection closed inside a chunk");
        }
        parts.push(this.#take(size));
        this.#take(2);
        if (size === 0) break;
      }
      body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        body.set(p, at);
        at += p.length;
      }
    } else {
      while (await this.#fill(deadline)) { /* to the end */ }
      body = this.#take(this.#buf.length);
      closed = true;
    }
    if (closed || this.#eof) this.close();
    return { status, headers, body, closed, ms: performance.now() - t0 };
  }
}

/** The bytes of a request, with the token given as `req.token` says. */
export function requestBytes(req: RawRequest, host: string, token: string): Uint8Array {
  let target = req.target;
  if (req.token === "query") target += (target.includes("?") ? "&" : "?") + `token=${token}`;
  const lines = [`${req.method} ${target} HTTP/1.1`, `Host: ${host}`];
  if (req.token === "header") lines.push(`Authorization: Bearer ${token}`);
  if (req.token === "wrong") lines.push(`Authorization: Bearer ${"0".repeat(token.length)}`);
  for (const [k, v] of req.headers) {
    if (k.toLowerCase() === "authorization" && req.token === "header") continue;
    lines.push(`${k}: ${v}`);
  }
  lines.push("", "");
  return enc.encode(lines.join("\r\n"));
}

/** Requests malformed at the protocol level (each on its own connection). */
export function malformedRequests(host: string, token: string): Array<[string, Uint8Array]> {
  const auth = `Authorization: Bearer ${token}\r\n`;
  const m = (s: string) => enc.encode(s);
  return [
    ["no colon", m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}Foo bar\r\n\r\n`)],
    ["obs-fold", m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}X: a\r\n b\r\n\r\n`)],
    ["NUL in path", m(`GET /api/tasks/1\0/events HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`)],
    ["NUL in header", m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}X: a\0b\r\n\r\n`)],
    ["bare LF", m(`GET /api/health HTTP/1.1\nHost: ${host}\n${auth.trim()}\n\n`)],
    ["HTTP/1.0", m(`GET /api/health HTTP/1.0\r\nHost: ${host}\r\n${auth}\r\n`)],
    ["HTTP/2.0 line", m(`GET /api/health HTTP/2.0\r\nHost: ${host}\r\n${auth}\r\n`)],
    ["HTTP/9", m(`GET /api/health HTTP/9.9\r\nHost: ${host}\r\n\r\n`)],
    ["no version", m(`GET /api/health\r\nHost: ${host}\r\n\r\n`)],
    ["absolute form", m(`GET http://${host}/api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`)],
    [
      "absolute elsewhere",
      m(`GET http://evil.example/api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    ["evil host", m(`GET /api/health HTTP/1.1\r\nHost: evil.example\r\n${auth}\r\n`)],
    ["no host", m(`GET /api/health HTTP/1.1\r\n${auth}\r\n`)],
    [
      "two hosts",
      m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\nHost: evil.example\r\n${auth}\r\n`),
    ],
    [
      "origin",
      m(`GET /api/tasks HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.example\r\n${auth}\r\n`),
    ],
    [
      "huge header",
      m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}X: ${"a".repeat(200_000)}\r\n\r\n`),
    ],
    [
      "many headers",
      m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}${"X-A: b\r\n".repeat(2000)}\r\n`),
    ],
    [
      "huge target",
      m(`GET /api/tasks/${"a".repeat(100_000)} HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    [
      "huge query",
      m(`GET /api/events?type=${"log,".repeat(30_000)} HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    [
      "bad chunked body",
      m(`POST /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}Transfer-Encoding: chunked\r\n\r\nzz\r\n`),
    ],
    [
      "length and chunked",
      m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`),
    ],
    [
      "negative length",
      m(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}Content-Length: -1\r\n\r\n`),
    ],
    ["binary garbage", crypto.getRandomValues(new Uint8Array(4096))],
    [
      "TLS hello",
      new Uint8Array([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
    ],
    ["empty line", m(`\r\n\r\n`)],
    ["lowercase method", m(`get /api/health HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`)],
    ["space in target", m(`GET /api/tasks/1 /events HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`)],
    ["backslash path", m(`GET \\..\\..\\secret.txt HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`)],
    [
      "dot segments",
      m(`GET /api/tasks/../../../secret.txt HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    [
      "raw traversal call",
      m(`GET /api/tasks/1/trace/../../../../secret.txt/output HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    [
      "utf-8 target",
      m(`GET /api/tasks/\u00e9\u2028/events HTTP/1.1\r\nHost: ${host}\r\n${auth}\r\n`),
    ],
    [
      "bad Last-Event-ID",
      m(`GET /api/stream HTTP/1.1\r\nHost: ${host}\r\n${auth}Last-Event-ID: ${
        "9".repeat(5000)
      }\r\n\r\n`),
    ],
  ];
}

/** Options of {@link httpFuzz}. */
export interface HttpFuzzOptions {
  /** Requests of the generator (over keep-alive connections). */
  requests: number;
  /** Connections used at once. Default 6. */
  connections?: number;
  /** fast-check seed. Default: random. */
  seed?: number;
  log?: (line: string) => void;
}

/** Runs the fuzzer against a fresh fuzz project; see the module doc for the checks. */
export async function httpFuzz(options: HttpFuzzOptions): Promise<TrialResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  const counts: Record<string, number> = {
    requests: 0,
    malformed: 0,
    status_2xx: 0,
    status_3xx: 0,
    status_4xx: 0,
    refused_without_token: 0,
    protocol_refusals: 0,
    connections_closed_by_server: 0,
    keep_alive_reuses: 0,
  };
  const fp = await fuzzProject();
  await using _project = fp.project;
  await using server = await startServer(fp.project.dir);
  const host = `127.0.0.1:${server.port}`;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  counts.seed = seed;
  const targets = {
    refs: [
      ...fp.tasks.flatMap((t) => [String(t.number), `#${t.number}`, t.dir, t.id, t.id.slice(0, 6)]),
      "abcd",
      "abcd1234",
      "999",
    ],
    calls: [...fp.calls, fp.linkedCall],
    runs: fp.runs,
  };
  const reqs = fc.sample(rawRequest(targets), { numRuns: options.requests, seed });
  const secret = fp.secret;
  const fail = (what: string) => {
    if (failures.length < 50) failures.push(what);
  };

  const check = (label: string, req: RawRequest | null, a: RawAnswer) => {
    counts.requests++;
    const text = dec.decode(a.body);
    if (text.includes(secret) || [...a.headers.values()].some((v) => v.includes(secret))) {
      fail(`${label}: the answer carries the secret from outside .taskline`);
    }
    // Nor the token (.taskline/server.token is outside the trace store).
    if (
      text.includes(server.token) || [...a.headers.values()].some((v) => v.includes(server.token))
    ) {
      fail(`${label}: the answer carries the server's token`);
    }
    if (a.status >= 500 || a.status === 0) {
      fail(`${label}: status ${a.status}: ${text.slice(0, 200)}`);
    }
    const type = a.headers.get("content-type") ?? "";
    const fromApp = type !== "";
    if (a.status >= 200 && a.status < 300) counts.status_2xx++;
    else if (a.status < 400) counts.status_3xx++;
    else counts.status_4xx++;
    if (!req) return;
    // What the server routes on: the path after the URL parser's normalisation.
    let path = req.target.split("?")[0];
    try {
      path = new URL(req.target, "http://127.0.0.1").pathname;
    } catch { /* not a URL: kept raw */ }
    const api = path === "/api" || path.startsWith("/api/");
    if (api && (req.token === "none" || req.token === "wrong")) {
      if (a.status === 401 || a.status === 403) counts.refused_without_token++;
      else if (!fromApp && a.status >= 400 && a.body.length === 0) counts.protocol_refusals++;
      else {
        fail(`${label}: ${a.status} without the token: ${text.slice(0, 200)}`);
      }
    }
    if (a.status >= 400 && fromApp && req.method !== "HEAD") {
      if (!type.startsWith("application/problem+json")) {
        fail(`${label}: a ${a.status} of type ${type}`);
      } else {
        try {
          const p = JSON.parse(text);
          if (typeof p.error !== "string" || p.error === "") fail(`${label}: no error member`);
        } catch {
          fail(`${label}: a problem that is not JSON`);
        }
      }
    } else if (a.status >= 400 && !fromApp) counts.protocol_refusals++;
  };

  // The generator's requests, over keep-alive connections.
  const n = options.connections ?? 6;
  let next = 0;
  const worker = async () => {
    const c = new RawConnection(server.port);
    let used = 0;
    try {
      while (next < reqs.length) {
        const req = reqs[next++];
        const label = `${req.method} ${req.target.slice(0, 120)} (token ${req.token})`;
        let a: RawAnswer | null;
        try {
          a = await c.send(requestBytes(req, host, server.token), {
            head: req.method === "HEAD",
          });
        } catch (e) {
          fail(`${label}: ${(e as Error).message}`);
          c.close();
          used = 0;
          continue;
        }
        if (a === null) {
          counts.connections_closed_by_server++;
          used = 0;
          continue;
        }
        if (used > 0) counts.keep_alive_reuses++;
        used = a.closed ? 0 : used + 1;
        check(label, req, a);
        if (counts.requests % 2000 === 0) options.log?.(`${counts.requests} requests`);
      }
    } finally {
      c.close();
    }
  };
  await Promise.all(Array.from({ length: n }, worker));

  // Requests malformed at the protocol level, each on a fresh connection.
  for (const [name, bytes] of malformedRequests(host, server.token)) {
    const c = new RawConnection(server.port);
    try {
      const a = await c.send(bytes, { timeoutMs: 5000 });
      counts.malformed++;
      if (a === null) counts.connections_closed_by_server++;
      else {
        check(`malformed (${name})`, null, a);
        if (name === "absolute elsewhere") counts.absolute_elsewhere_status = a.status;
        if (name === "evil host" || name === "origin") {
          if (a.status !== 403 && a.status !== 400) {
            fail(`malformed (${name}): ${a.status}, expected 403`);
          }
        }
      }
    } catch (e) {
      if ((e as Error).message === "timeout") {
        // A server that waits for the rest of a request is fine; it must still answer others.
        counts.malformed++;
      } else fail(`malformed (${name}): ${(e as Error).message}`);
    } finally {
      c.close();
    }
  }

  // Aimed requests: every kept output is served, the linked ones never are.
  const aimed = new RawConnection(server.port);
  try {
    for (const task of fp.tasks.slice(0, 2)) {
      for (const call of [...fp.calls, fp.linkedCall]) {
        const req: RawRequest = {
          method: "GET",
          target: `/api/tasks/${task.number}/trace/${call}/output`,
          headers: [],
          token: "header",
        };
        const a = await aimed.send(requestBytes(req, host, server.token));
        if (!a) {
          fail(`${req.target}: no answer`);
          continue;
        }
        check(req.target, req, a);
        const mine = fp.outputs.get(`${task.dir}/${call}`);
        if (mine !== undefined) {
          if (a.status !== 200 || dec.decode(a.body) !== mine) {
            fail(`${req.target}: ${a.status}, expected its kept output`);
          } else counts.outputs_served = (counts.outputs_served ?? 0) + 1;
        } else if (a.status !== 404) fail(`${req.target}: ${a.status}, expected 404`);
        else counts.links_refused = (counts.links_refused ?? 0) + 1;
      }
      for (const path of ["trace", "events", ""]) {
        const req: RawRequest = {
          method: "GET",
          target: `/api/tasks/${task.number}${path ? "/" + path : ""}`,
          headers: [],
          token: "header",
        };
        const a = await aimed.send(requestBytes(req, host, server.token));
        if (!a || a.status !== 200) fail(`${req.target}: ${a?.status}, expected 200`);
        else check(req.target, req, a);
      }
    }
  } finally {
    aimed.close();
  }

  // Still alive, and still guarding.
  const health = await server.get("/api/health");
  if (health.status !== 200) fail(`health after the fuzzing: ${health.status}`);
  await health.body?.cancel();
  const noToken = await server.get("/api/tasks", { token: null });
  if (noToken.status !== 401) {
    fail(`/api/tasks without the token after the fuzzing: ${noToken.status}`);
  }
  await noToken.body?.cancel();
  if (/panicked|Uncaught/.test(server.proc.stderr)) {
    fail(`server stderr: ${server.proc.stderr.slice(-500)}`);
  }
  return {
    name: "HTTP fuzzer against taskline serve",
    tries: counts.requests + counts.malformed,
    counts,
    failures,
    ms: Date.now() - t0,
  };
}
