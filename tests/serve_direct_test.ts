/**
 * Streams written to their connection directly (server/sse.ts, sockets.ts):
 * a real `taskline serve` under the shipped permissions, and raw TCP clients
 * that check the HTTP/1.1 chunked framing byte by byte. What a user would
 * notice if it broke: a stream whose framing is off by a byte (the client
 * fails, or reads garbage), a lost or doubled event, a stream on a reused
 * connection that breaks, or the server writing through the runtime after
 * all (the fan-out's cost doubles: docs/server.md).
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { taskWithLog, tempProject } from "./helpers.ts";
import { startServer } from "./serve_util.ts";

const linux = Deno.build.os === "linux";
const sanitize = { sanitizeOps: false, sanitizeResources: false };
const enc = new TextEncoder();
const dec = new TextDecoder();

/** An HTTP/1.1 client on one connection that reads chunked bodies strictly. */
class StrictClient {
  #buf = new Uint8Array(0);
  readonly #read = new Uint8Array(64 * 1024);

  private constructor(readonly conn: Deno.TcpConn, readonly port: number, readonly token: string) {}

  static async open(port: number, token: string): Promise<StrictClient> {
    return new StrictClient(await Deno.connect({ hostname: "127.0.0.1", port }), port, token);
  }

  async get(
    path: string,
    version = "1.1",
    extra = "",
  ): Promise<{ status: number; headers: string }> {
    await this.conn.write(enc.encode(
      `GET ${path} HTTP/${version}\r\nHost: 127.0.0.1:${this.port}\r\nAuthorization: Bearer ${this.token}\r\n${extra}\r\n`,
    ));
    const head = dec.decode(await this.#until("\r\n\r\n"));
    return { status: Number(head.split(" ")[1]), headers: head.toLowerCase() };
  }

  /** A body of `content-length` bytes. */
  async body(headers: string): Promise<string> {
    const n = Number(/content-length: (\d+)/.exec(headers)![1]);
    while (this.#buf.length < n) await this.#more();
    const body = this.#buf.subarray(0, n);
    this.#buf = this.#buf.subarray(n);
    return dec.decode(body);
  }

  /** The next bytes as they come (a body without chunks). */
  async raw(): Promise<Uint8Array> {
    if (this.#buf.length === 0) await this.#more();
    const out = this.#buf;
    this.#buf = new Uint8Array(0);
    return out;
  }

  /** The data of the next chunk; throws if the bytes are not a chunk. */
  async chunk(): Promise<Uint8Array> {
    const sizeLine = dec.decode(await this.#until("\r\n"));
    assert(/^[0-9a-fA-F]+\r\n$/.test(sizeLine), `a chunk's size line: ${JSON.stringify(sizeLine)}`);
    const size = parseInt(sizeLine, 16);
    while (this.#buf.length < size + 2) await this.#more();
    const data = this.#buf.slice(0, size);
    assertEquals(dec.decode(this.#buf.subarray(size, size + 2)), "\r\n", "a chunk ends in CRLF");
    this.#buf = this.#buf.subarray(size + 2);
    return data;
  }

  async #more() {
    const n = await this.conn.read(this.#read);
    if (n === null) throw new Error("the connection ended");
    const next = new Uint8Array(this.#buf.length + n);
    next.set(this.#buf);
    next.set(this.#read.subarray(0, n), this.#buf.length);
    this.#buf = next;
  }

  async #until(end: string): Promise<Uint8Array> {
    const marker = enc.encode(end);
    for (;;) {
      const at = indexOf(this.#buf, marker);
      if (at >= 0) {
        const out = this.#buf.slice(0, at + marker.length);
        this.#buf = this.#buf.subarray(at + marker.length);
        return out;
      }
      await this.#more();
    }
  }

  close() {
    try {
      this.conn.close();
    } catch { /* closed */ }
  }
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Reads an event stream's frames until `count` frames with an id came; returns their data. */
async function readEvents(
  c: StrictClient,
  count: number,
  chunked = true,
): Promise<Array<{ id: string; data: string }>> {
  const events: Array<{ id: string; data: string }> = [];
  const text = new TextDecoder();
  let rest = "";
  while (events.length < count) {
    rest += text.decode(chunked ? await c.chunk() : await c.raw(), { stream: true });
    let end;
    while ((end = rest.indexOf("\n\n")) >= 0) {
      const block = rest.slice(0, end);
      rest = rest.slice(end + 2);
      const id = /^id: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (id !== undefined && data !== undefined) events.push({ id, data });
    }
  }
  return events;
}

const TEXT = "“quoted” — é → 漢字 😀 ".repeat(40);

/** `count` agent_text lines of one run, one O_APPEND write each, as an engine writes them. */
async function appendRun(path: string, count: number): Promise<void> {
  const run = crypto.randomUUID();
  const log = await Deno.open(path, { append: true });
  try {
    for (let seq = 1; seq <= count; seq++) {
      const event = seq === 1
        ? { type: "run_started", run, task: "t" }
        : { type: "agent_text", run, role: "coder", text: `${seq} ${TEXT}` };
      await log.write(enc.encode(
        JSON.stringify({ schema: 2, seq, at: new Date().toISOString(), event }) + "\n",
      ));
      if (seq % 50 === 0) await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    log.close();
  }
}

Deno.test({
  name:
    "stream clients on their own connections are written to directly, with exact framing and every event once",
  ignore: !linux,
  ...sanitize,
}, async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "busy", []);
  await using server = await startServer(p.dir);
  const clients = await Promise.all(
    [0, 1, 2].map(() => StrictClient.open(server.port, server.token)),
  );
  try {
    const paths = ["/api/stream", "/api/stream?type=agent_text", "/api/tasks/1/stream"];
    for (const [i, c] of clients.entries()) {
      const { status, headers } = await c.get(paths[i]);
      assertEquals(status, 200);
      assert(headers.includes("transfer-encoding: chunked"), headers);
      assertEquals(dec.decode(await c.chunk()), "retry: 1000\n: taskline\n\n");
    }
    await appendRun(p.state.logPath(task.dir), 400);
    const [all, texts, one] = await Promise.all([
      readEvents(clients[0], 400),
      readEvents(clients[1], 399),
      readEvents(clients[2], 400),
    ]);
    const seqs = (evs: Array<{ data: string }>) => evs.map((e) => JSON.parse(e.data).seq);
    const upTo = (from: number, n: number) =>
      Array.from({ length: n - from + 1 }, (_, k) => k + from);
    assertEquals(seqs(all), upTo(1, 400));
    assertEquals(seqs(texts), upTo(2, 400));
    assertEquals(one.map((e) => Number(e.id)), upTo(1, 400));
    assertEquals(JSON.parse(all[399].data).event.text, `400 ${TEXT}`);
    assertEquals(JSON.parse(one[199].data).event.text, `200 ${TEXT}`);
    const health = await server.json("/api/health") as {
      streams: { clients: number; direct: number };
    };
    assertEquals(health.streams.clients, 3);
    assertEquals(health.streams.direct, 3, "every stream is written to directly");
  } finally {
    for (const c of clients) c.close();
  }
});

Deno.test({
  name:
    "a stream asked for on a connection that served a request before is written by the runtime, and exact",
  ignore: !linux,
  ...sanitize,
}, async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "busy", []);
  await using server = await startServer(p.dir);
  const c = await StrictClient.open(server.port, server.token);
  try {
    const first = await c.get("/api/tasks");
    assertEquals(first.status, 200);
    assertEquals(JSON.parse(await c.body(first.headers)).length, 1);
    const { status } = await c.get("/api/stream");
    assertEquals(status, 200);
    assertEquals(dec.decode(await c.chunk()), "retry: 1000\n: taskline\n\n");
    await appendRun(p.state.logPath(task.dir), 200);
    const events = await readEvents(c, 200);
    assertEquals(
      events.map((e) => JSON.parse(e.data).seq),
      Array.from({ length: 200 }, (_, k) => k + 1),
    );
    const health = await server.json("/api/health") as {
      streams: { clients: number; direct: number };
    };
    assertEquals(health.streams, { ...health.streams, clients: 1, direct: 0 });
  } finally {
    c.close();
  }
});

Deno.test({
  name:
    "a stream asked for over HTTP/1.0, or with Connection: close, is written by the runtime, and exact",
  ignore: !linux,
  ...sanitize,
}, async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "busy", []);
  await using server = await startServer(p.dir);
  const old = await StrictClient.open(server.port, server.token);
  const closing = await StrictClient.open(server.port, server.token);
  try {
    const a = await old.get("/api/stream", "1.0");
    assertEquals(a.status, 200);
    assert(a.headers.startsWith("http/1.0 200"), a.headers);
    assert(!a.headers.includes("transfer-encoding"), a.headers);
    const b = await closing.get("/api/stream", "1.1", "Connection: close\r\n");
    assertEquals(b.status, 200);
    assertEquals(dec.decode(await closing.chunk()), "retry: 1000\n: taskline\n\n");
    await appendRun(p.state.logPath(task.dir), 300);
    const [byOld, byClosing] = await Promise.all([
      readEvents(old, 300, false),
      readEvents(closing, 300),
    ]);
    const upTo = Array.from({ length: 300 }, (_, k) => k + 1);
    assertEquals(byOld.map((e) => JSON.parse(e.data).seq), upTo);
    assertEquals(byClosing.map((e) => JSON.parse(e.data).seq), upTo);
    const health = await server.json("/api/health") as {
      streams: { clients: number; direct: number };
    };
    assertEquals(health.streams, { ...health.streams, clients: 2, direct: 0 });
  } finally {
    old.close();
    closing.close();
  }
});

Deno.test({
  name:
    "clients that come and go while two tasks are written: each stream stays exact and gets only its task",
  ignore: !linux,
  ...sanitize,
}, async () => {
  await using p = await tempProject();
  const tasks = [await taskWithLog(p.state, "one", []), await taskWithLog(p.state, "two", [])];
  await using server = await startServer(p.dir);
  let writing = true;
  // Both tasks written at once, one line each in turn.
  const writer = (async () => {
    const logs = await Promise.all(
      tasks.map((t) => Deno.open(p.state.logPath(t.dir), { append: true })),
    );
    const runs = tasks.map(() => crypto.randomUUID());
    try {
      for (let seq = 1; writing; seq++) {
        for (const [i, log] of logs.entries()) {
          const event = seq === 1
            ? { type: "run_started", run: runs[i], task: tasks[i].id }
            : { type: "agent_text", run: runs[i], role: "coder", text: `${seq} ${TEXT}` };
          await log.write(enc.encode(
            JSON.stringify({ schema: 2, seq, at: new Date().toISOString(), event }) + "\n",
          ));
        }
        await new Promise((r) => setTimeout(r, 2));
      }
    } finally {
      for (const log of logs) log.close();
    }
  })();
  let directSeen = 0;
  try {
    // Rounds of clients: each reads some events of its task, then drops its connection at
    // once; the descriptors of the gone are given to the next ones.
    for (let round = 0; round < 6; round++) {
      const clients = await Promise.all(
        Array.from({ length: 40 }, () => StrictClient.open(server.port, server.token)),
      );
      await Promise.all(clients.map(async (c, k) => {
        const want = (k % 2) + 1;
        const { status } = await c.get(`/api/stream?task=${want}`);
        assertEquals(status, 200);
        const events = await readEvents(c, 5 + (k % 7) * 3);
        for (const e of events) assertEquals(JSON.parse(e.data).number, want, e.data.slice(0, 80));
        const seqs = events.map((e) => JSON.parse(e.data).seq as number);
        assertEquals(seqs, seqs.map((_, j) => seqs[0] + j), "in order, none lost or doubled");
      }));
      const health = await server.json("/api/health") as { streams: { direct: number } };
      directSeen = Math.max(directSeen, health.streams.direct);
      for (const c of clients) c.close();
    }
  } finally {
    writing = false;
    await writer;
  }
  assert(directSeen >= 20, `streams written directly: ${directSeen} of 40`);
});
