/**
 * Helpers of the server's end-to-end tests: a real `taskline serve` on a free
 * loopback port, requests with and without the token, raw HTTP for headers
 * `fetch` will not send (Host), and an SSE reader.
 *
 * @module
 */
import { assertEquals } from "./assert.ts";
import { type CliProcess, runCli, spawnCli, type TempProject, tempProject } from "./helpers.ts";
import { serve, type ServeOptions } from "../src/server/serve.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import { createTask } from "../src/store/tasks.ts";

/** A project: task 1 with a finished real run, and two tasks whose ids share a prefix. */
export async function ranProject(): Promise<TempProject> {
  const p = await tempProject();
  await createTask(p.state, "Add login");
  await createTask(p.state, "First twin", { id: "abcd1111-0000-4000-8000-000000000001" });
  await createTask(p.state, "Second twin", { id: "abcd2222-0000-4000-8000-000000000002" });
  const r = await runCli(["run", "1", "--speed", "200"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  return p;
}

/** A running server. */
export interface Server extends AsyncDisposable {
  proc: CliProcess;
  url: string;
  port: number;
  token: string;
  /** GET `path` with the token (unless `token: null`). */
  get(path: string, init?: { token?: string | null; headers?: Record<string, string> }): Promise<
    Response
  >;
  /** GET and read JSON, asserting the status. */
  json(path: string, status?: number): Promise<unknown>;
}

/** Starts `taskline serve --port 0 --json --exit-on-stdin-eof` in `cwd`. */
export async function startServer(cwd: string, extra: string[] = []): Promise<Server> {
  const proc = spawnCli(["serve", "--port", "0", "--json", "--exit-on-stdin-eof", ...extra], {
    cwd,
  });
  const [first] = await proc.waitLines(1, 20_000);
  const info = JSON.parse(first) as { url: string; port: number; token: string };
  const get = (
    path: string,
    init: { token?: string | null; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...init.headers };
    const token = init.token === undefined ? info.token : init.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    return fetch(new URL(path, info.url), { headers });
  };
  return {
    proc,
    ...info,
    get,
    async json(path: string, status = 200) {
      const res = await get(path);
      const text = await res.text();
      if (res.status !== status) {
        throw new Error(`GET ${path}: expected ${status}, got ${res.status}: ${text}`);
      }
      return JSON.parse(text);
    },
    async [Symbol.asyncDispose]() {
      await proc.closeStdin();
      const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
      await proc.done.catch(() => {});
      clearTimeout(timer);
    },
  };
}

/** A raw HTTP/1.1 GET with exactly the headers given (fetch will not send another Host). */
export function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; head: string; body: string }> {
  return rawRequest(port, "GET", path, headers);
}

/**
 * A raw HTTP/1.1 request with exactly the headers given and an optional
 * body (sent as is: give Content-Length or Transfer-Encoding yourself).
 */
export async function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body = "",
): Promise<{ status: number; head: string; body: string }> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const lines = [`${method} ${path} HTTP/1.1`];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    lines.push("Connection: close", "", "");
    await conn.write(new TextEncoder().encode(lines.join("\r\n") + body));
    let text = "";
    const buf = new Uint8Array(65536);
    const dec = new TextDecoder();
    for (;;) {
      const n = await conn.read(buf);
      if (n === null) break;
      text += dec.decode(buf.subarray(0, n), { stream: true });
    }
    const [head, ...rest] = text.split("\r\n\r\n");
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    return { status, head, body: rest.join("\r\n\r\n") };
  } finally {
    try {
      conn.close();
    } catch { /* closed */ }
  }
}

/** POSTs JSON to a write route with the token in the header. */
export async function postJson(
  s: { url: string; token: string },
  path: string,
  body?: unknown,
  init: { headers?: Record<string, string>; token?: string | null } = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = { "content-type": "application/json", ...init.headers };
  const token = init.token === undefined ? s.token : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(new URL(path, s.url), {
    method: "POST",
    headers,
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** One SSE frame as read. */
export interface ReadFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** Reads SSE frames of a response body as they arrive. */
export class SseReader {
  readonly frames: ReadFrame[] = [];
  readonly #reader: ReadableStreamDefaultReader<string>;
  #pending = "";
  #ended = false;
  readonly done: Promise<void>;
  #waiters: Array<() => void> = [];

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.pipeThrough(new TextDecoderStream()).getReader();
    this.done = this.#pump();
  }

  async #pump() {
    try {
      for (;;) {
        const { value, done } = await this.#reader.read();
        if (done) break;
        this.#pending += value;
        let i;
        while ((i = this.#pending.indexOf("\n\n")) >= 0) {
          const block = this.#pending.slice(0, i);
          this.#pending = this.#pending.slice(i + 2);
          const f: ReadFrame = {};
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) f.comment = line.slice(1).trim();
            else {
              const c = line.indexOf(":");
              const k = line.slice(0, c), v = line.slice(c + 1).replace(/^ /, "");
              if (k === "id" || k === "event" || k === "data" || k === "retry") f[k] = v;
            }
          }
          this.frames.push(f);
        }
        for (const w of this.#waiters.splice(0)) w();
      }
    } catch { /* cancelled */ }
    this.#ended = true;
    for (const w of this.#waiters.splice(0)) w();
  }

  /** Event frames (those with `event:`). */
  events(): ReadFrame[] {
    return this.frames.filter((f) => f.event !== undefined);
  }

  /** Waits until `pred` holds on the frames, at most `timeoutMs`. */
  async until(pred: (frames: ReadFrame[]) => boolean, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pred(this.frames)) {
      if (this.#ended) throw new Error(`stream ended; ${this.frames.length} frames`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; ${this.frames.length} frames`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
    await this.done;
  }
}

/** `serve` run in this process (for bounds a test makes small). */
export interface InProcessServer extends AsyncDisposable {
  port: number;
  token: string;
  /** What `serve` warned about. */
  warnings: string[];
}

/** Starts `serve` in this process on a free loopback port; disposing of it stops it. */
export async function serveInProcess(
  state: StateDir,
  options: Omit<Partial<ServeOptions>, "signal" | "onListen" | "onWarning"> = {},
): Promise<InProcessServer> {
  const ac = new AbortController();
  const info = Promise.withResolvers<{ port: number; token: string }>();
  const warnings: string[] = [];
  const done = serve(state, {
    port: 0,
    version: "test",
    ...options,
    signal: ac.signal,
    onListen: (i) => info.resolve(i),
    onWarning: (w) => warnings.push(w),
  });
  done.catch((e) => info.reject(e));
  const { port, token } = await info.promise;
  return {
    port,
    token,
    warnings,
    async [Symbol.asyncDispose]() {
      ac.abort();
      await done;
    },
  };
}
