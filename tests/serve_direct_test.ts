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
import { ResponseReader } from "../scripts/bench_sse_clients.ts";

const linux = Deno.build.os === "linux";
const sanitize = { sanitizeOps: false, sanitizeResources: false };
const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * An HTTP/1.1 client on one connection, each response read by the bench's
 * `ResponseReader` (which throws on a chunk framing off by a byte).
 */
class StrictClient {
  #reader = new ResponseReader();
  /** Body bytes read and not yet taken. */
  #body: Uint8Array[] = [];
  readonly #read = new Uint8Array(64 * 1024);

  private constructor(readonly conn: Deno.TcpConn, readonly port: number, readonly token: string) {}

  static async open(port: number, token: string): Promise<StrictClient> {
    return new StrictClient(await Deno.connect({ hostname: "127.0.0.1", port }), port, token);
  }

  /** Sends a GET and reads its response's head: the status, and the head in lower case. */
  async get(
    path: string,
    version = "1.1",
    extra = "",
  ): Promise<{ status: number; headers: string }> {
    await this.conn.write(enc.encode(
      `GET ${path} HTTP/${version}\r\nHost: 127.0.0.1:${this.port}\r\nAuthorization: Bearer ${this.token}\r\n${extra}\r\n`,
    ));
    this.#reader = new ResponseReader();
    this.#body = [];
    while (this.#reader.head === "") await this.#more();
    return { status: this.#reader.status, headers: this.#reader.head.toLowerCase() };
  }

  /** A body of `content-length` bytes. */
  async body(headers: string): Promise<string> {
    const n = Number(/content-length: (\d+)/.exec(headers)![1]);
    const parts: Uint8Array[] = [];
    let got = 0;
    while (got < n) {
      const piece = await this.piece();
      parts.push(piece);
      got += piece.length;
    }
    return parts.map((b) => dec.decode(b, { stream: true })).join("");
  }

  /** The next body bytes as they come, framing taken off. */
  async piece(): Promise<Uint8Array> {
    while (this.#body.length === 0) await this.#more();
    return this.#body.shift()!;
  }

  async #more() {
    const n = await this.conn.read(this.#read);
    if (n === null) throw new Error("the connection ended");
    this.#body.push(...this.#reader.push(this.#read.slice(0, n)));
  }

  close() {
    try {
      this.conn.close();
    } catch { /* closed */ }
  }
}

/** The body text of `c` until it holds `want`'s length: the start of an event stream. */
async function firstText(c: StrictClient, want: string): Promise<string> {
  let text = "";
  while (text.length < want.length) text += dec.decode(await c.piece(), { stream: true });
  return text;
}

const RETRY = "retry: 1000\n: taskline\n\n";

/** Reads an event stream's frames until `count` frames with an id came; returns their data. */
async function readEvents(
  c: StrictClient,
  count: number,
): Promise<Array<{ id: string; data: string }>> {
  const events: Array<{ id: string; data: string }> = [];
  const text = new TextDecoder();
  let rest = "";
  while (events.length < count) {
    rest += text.decode(await c.piece(), { stream: true });
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

/** 1..n. */
const upTo = (n: number) => Array.from({ length: n }, (_, k) => k + 1);

/** `/api/health`'s stream counts. */
async function streamCounts(
  server: { json(path: string): Promise<unknown> },
): Promise<{ clients: number; direct: number }> {
  const { streams } = (await server.json("/api/health")) as {
    streams: { clients: number; direct: number };
  };
  return { clients: streams.clients, direct: streams.direct };
}

const TEXT = "“quoted” — é → 漢字 😀 ".repeat(40);

/** Line `seq` of a run: its run_started, then agent text with non-ASCII characters. */
function runLine(run: string, task: string, seq: number): Uint8Array {
  const event = seq === 1
    ? { type: "run_started", run, task }
    : { type: "agent_text", run, role: "coder", text: `${seq} ${TEXT}` };
  return enc.encode(JSON.stringify({ schema: 2, seq, at: new Date().toISOString(), event }) + "\n");
}

/** `count` lines of one run, one O_APPEND write each, as an engine writes them. */
async function appendRun(path: string, count: number): Promise<void> {
  const run = crypto.randomUUID();
  const log = await Deno.open(path, { append: true });
  try {
    for (let seq = 1; seq <= count; seq++) {
      await log.write(runLine(run, "t", seq));
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
      assertEquals(await firstText(c, RETRY), RETRY);
    }
    await appendRun(p.state.logPath(task.dir), 400);
    const [all, texts, one] = await Promise.all([
      readEvents(clients[0], 400),
      readEvents(clients[1], 399),
      readEvents(clients[2], 400),
    ]);
    const seqs = (evs: Array<{ data: string }>) => evs.map((e) => JSON.parse(e.data).seq);
    assertEquals(seqs(all), upTo(400));
    assertEquals(seqs(texts), upTo(400).slice(1));
    assertEquals(one.map((e) => Number(e.id)), upTo(400));
    assertEquals(JSON.parse(all[399].data).event.text, `400 ${TEXT}`);
    assertEquals(JSON.parse(one[199].data).event.text, `200 ${TEXT}`);
    const counts = await streamCounts(server);
    assertEquals(counts.clients, 3);
    assertEquals(counts.direct, 3, "every stream is written to directly");
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
    assertEquals(await firstText(c, RETRY), RETRY);
    await appendRun(p.state.logPath(task.dir), 200);
    const events = await readEvents(c, 200);
    assertEquals(events.map((e) => JSON.parse(e.data).seq), upTo(200));
    assertEquals(await streamCounts(server), { clients: 1, direct: 0 });
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
    assertEquals(await firstText(closing, RETRY), RETRY);
    await appendRun(p.state.logPath(task.dir), 300);
    const [byOld, byClosing] = await Promise.all([
      readEvents(old, 300),
      readEvents(closing, 300),
    ]);
    assertEquals(byOld.map((e) => JSON.parse(e.data).seq), upTo(300));
    assertEquals(byClosing.map((e) => JSON.parse(e.data).seq), upTo(300));
    assertEquals(await streamCounts(server), { clients: 2, direct: 0 });
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
        for (const [i, log] of logs.entries()) await log.write(runLine(runs[i], tasks[i].id, seq));
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
      directSeen = Math.max(directSeen, (await streamCounts(server)).direct);
      for (const c of clients) c.close();
    }
  } finally {
    writing = false;
    await writer;
  }
  assert(directSeen >= 20, `streams written directly: ${directSeen} of 40`);
});
