/**
 * Clients that read slowly or not at all, on a real server on loopback with
 * real TCP clients whose receive buffer is 4 KiB (scripts/raw_socket.ts): the
 * server's writes to them back up after a few KB, as they do for a stalled
 * browser tab. What a user would notice: a client that stops reading and
 * comes back, or reads slowly, gets every event exactly once; a reader beside
 * them is not held back; a client that never reads is closed; many tasks
 * written at once still give exact streams.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { serveInProcess } from "./serve_util.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import { RawSocket } from "../scripts/raw_socket.ts";
import { ResponseReader } from "../scripts/bench_sse_clients.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Running {
  port: number;
  token: string;
  health(): Promise<{ clients: number; catch_ups: number; fan_out: number }>;
  stop(): Promise<void>;
}

/** `serve` in this process, on a free loopback port, with small stream bounds. */
async function startServe(
  state: StateDir,
  streams: { clientQueueBytesMax?: number; stallMsMax?: number },
): Promise<Running> {
  const server = await serveInProcess(state, { heartbeatMs: 60_000, streams });
  const { port, token } = server;
  return {
    port,
    token,
    health: async () => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()).streams;
    },
    stop: async () => await server[Symbol.asyncDispose](),
  };
}

interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

/** An event stream read from a raw socket, frame by frame, when and as fast as the test says. */
class RawStream {
  readonly socket: RawSocket;
  readonly frames: Frame[] = [];
  readonly #response = new ResponseReader();
  readonly #decoder = new TextDecoder();
  #text = "";
  closed = false;

  constructor(port: number, path: string, token: string, receiveBytes = 4096) {
    this.socket = RawSocket.connect(port, { receiveBytes, recvTimeoutMs: 1000 });
    this.socket.send(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
    );
  }

  /** Reads one piece (at most `bytes`); false at the end of the stream. */
  async readOnce(bytes = 4096): Promise<boolean> {
    const got = await this.socket.recv(bytes);
    if (got === null) {
      this.closed = true;
      return false;
    }
    for (const piece of this.#response.push(got)) {
      this.#text += this.#decoder.decode(piece, { stream: true });
    }
    let end;
    while ((end = this.#text.indexOf("\n\n")) >= 0) {
      const block = this.#text.slice(0, end);
      this.#text = this.#text.slice(end + 2);
      const f: Frame = {};
      for (const line of block.split("\n")) {
        const i = line.indexOf(": ");
        if (line.startsWith("id: ")) f.id = line.slice(4);
        else if (line.startsWith("event: ")) f.event = line.slice(7);
        else if (line.startsWith("data: ")) f.data = line.slice(i + 2);
      }
      if (f.data !== undefined) this.frames.push(f);
    }
    if (this.#response.ended) {
      this.closed = true;
      return false;
    }
    return true;
  }

  /** Reads until `done` holds or the stream ends; `pauseMs` between reads (a slow reader). */
  async readUntil(
    done: () => boolean,
    options: { pauseMs?: number; deadlineMs?: number; bytes?: number } = {},
  ) {
    // The deadline only keeps a broken server from hanging the test.
    const deadline = Date.now() + (options.deadlineMs ?? 180_000);
    while (!done() && Date.now() < deadline) {
      if (!(await this.readOnce(options.bytes ?? 64 * 1024))) return;
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  }

  /** The events received, as [task number, seq] of each tagged envelope. */
  events(): Array<[number, number]> {
    return this.frames.filter((f) => f.id).map((f) => {
      const d = JSON.parse(f.data!);
      return [d.number, d.seq];
    });
  }

  close(): void {
    this.socket.close();
  }
}

/**
 * Appends `count` events of about 1.5 KB, round-robin over `order` (task
 * indexes), one `write` of an `O_APPEND` log a line, each task's run
 * opened first; every 50 lines it lets the server run. Returns each task's
 * last seq.
 */
async function appendEvents(
  state: StateDir,
  tasks: Task[],
  order: number[],
  count: number,
): Promise<number[]> {
  const enc = new TextEncoder();
  const files = tasks.map((t) =>
    Deno.openSync(state.logPath(t.dir), { append: true, create: true })
  );
  const runs = tasks.map(() => crypto.randomUUID());
  const seqs = tasks.map(() => 0);
  const write = (i: number, event: Record<string, unknown>) => {
    seqs[i]++;
    const line = JSON.stringify({ schema: 2, seq: seqs[i], at: new Date().toISOString(), event });
    files[i].writeSync(enc.encode(line + "\n"));
  };
  try {
    for (const [i, t] of tasks.entries()) {
      write(i, { type: "run_started", run: runs[i], task: t.id });
    }
    for (let k = 0; k < count; k++) {
      const i = order[k % order.length];
      write(i, {
        type: "agent_text",
        run: runs[i],
        role: "coder",
        text: `step ${k} ` + "x".repeat(1400),
      });
      if (k % 50 === 49) await sleep(1);
    }
  } finally {
    for (const f of files) f.close();
  }
  return seqs;
}

/** Each task's seqs of a project stream are 1..last, each once, in order. */
function assertExact(
  events: Array<[number, number]>,
  tasks: Task[],
  lastSeqs: number[],
  who: string,
) {
  for (const [i, t] of tasks.entries()) {
    const seqs = events.filter(([n]) => n === t.number).map(([, s]) => s);
    assertEquals(seqs.length, lastSeqs[i], `${who}, task #${t.number}: ${seqs.length} events`);
    assertEquals(seqs, Array.from({ length: lastSeqs[i] }, (_, k) => k + 1));
  }
  assertEquals(events.length, lastSeqs.reduce((a, b) => a + b, 0));
}

Deno.test(
  "clients that stop reading get every event exactly once when they read again, and the reader beside them is not held back",
  sanitize,
  async () => {
    await using p = await tempProject();
    const tasks = [await createTask(p.state, "One"), await createTask(p.state, "Two")];
    await Promise.all(tasks.map((t) => Deno.writeTextFile(p.state.logPath(t.dir), "")));
    const s = await startServe(p.state, {
      clientQueueBytesMax: 16 * 1024,
      stallMsMax: 300_000,
    });
    const stalled = [
      new RawStream(s.port, "/api/stream", s.token),
      new RawStream(s.port, "/api/tasks/1/stream", s.token),
    ];
    const reader = new RawStream(s.port, "/api/stream", s.token, 1024 * 1024);
    try {
      // Each reads its response head, then stops reading.
      for (const c of stalled) await c.readOnce();
      await reader.readOnce();
      // 9 MB: far more than the kernel holds for a client that does not read.
      const writing = appendEvents(p.state, tasks, [0, 0, 1], 6000);
      let readerDone = false;
      const reading = reader.readUntil(() => reader.events().length >= 6002).then(() =>
        readerDone = true
      );
      const lastSeqs = await writing;
      await reading;
      assert(readerDone, "the reader got every event");
      assertExact(reader.events(), tasks, lastSeqs, "the reader");
      // The reader had them all while the others still read nothing.
      assertEquals(stalled.map((c) => c.frames.length), [0, 0]);
      // The project client fell behind the fan-out; the task client may still
      // be in its first read of the log (it is behind from its start): either
      // way neither holds a queue, and both streams must be exact below.
      const hh = await s.health();
      assert(hh.catch_ups >= 1, `the stalled project client fell behind: ${JSON.stringify(hh)}`);
      // Now they read: every event exactly once, from the logs then live.
      await stalled[0].readUntil(() => stalled[0].events().length >= 6002);
      assertExact(stalled[0].events(), tasks, lastSeqs, "the stalled client");
      await stalled[1].readUntil(() => stalled[1].frames.filter((f) => f.id).length >= 4001);
      assertEquals(
        stalled[1].frames.filter((f) => f.id).map((f) => Number(f.id)),
        Array.from({ length: lastSeqs[0] }, (_, k) => k + 1),
      );
    } finally {
      for (const c of [...stalled, reader]) c.close();
      await s.stop();
    }
  },
);

Deno.test(
  "a client that reads slowly gets every event exactly once, on both streams",
  sanitize,
  async () => {
    await using p = await tempProject();
    const tasks = [await createTask(p.state, "One"), await createTask(p.state, "Two")];
    await Promise.all(tasks.map((t) => Deno.writeTextFile(p.state.logPath(t.dir), "")));
    const s = await startServe(p.state, {
      clientQueueBytesMax: 16 * 1024,
      stallMsMax: 300_000,
    });
    const slow = [
      new RawStream(s.port, "/api/stream", s.token),
      new RawStream(s.port, "/api/tasks/1/stream", s.token),
    ];
    try {
      for (const c of slow) await c.readOnce();
      const writing = appendEvents(p.state, tasks, [0, 1], 4000);
      // 4 KiB every 2 ms: slower than the writer, so the clients fall behind while they read.
      const reads = [
        slow[0].readUntil(() => slow[0].events().length >= 4002, { pauseMs: 2, bytes: 4096 }),
        slow[1].readUntil(() => slow[1].frames.filter((f) => f.id).length >= 2001, {
          pauseMs: 2,
          bytes: 4096,
        }),
      ];
      const lastSeqs = await writing;
      await Promise.all(reads);
      assertExact(slow[0].events(), tasks, lastSeqs, "the slow client");
      assertEquals(
        slow[1].frames.filter((f) => f.id).map((f) => Number(f.id)),
        Array.from({ length: lastSeqs[0] }, (_, k) => k + 1),
      );
      assert((await s.health()).catch_ups >= 1, "a slow client fell behind and caught up");
    } finally {
      for (const c of slow) c.close();
      await s.stop();
    }
  },
);

Deno.test("a client that never reads is closed after the stall bound", sanitize, async () => {
  await using p = await tempProject();
  const tasks = [await createTask(p.state, "One")];
  await Deno.writeTextFile(p.state.logPath(tasks[0].dir), "");
  const s = await startServe(p.state, { clientQueueBytesMax: 16 * 1024, stallMsMax: 1000 });
  const never = [
    new RawStream(s.port, "/api/stream", s.token),
    new RawStream(s.port, "/api/tasks/1/stream", s.token),
  ];
  try {
    for (const c of never) await c.readOnce();
    assertEquals((await s.health()).clients, 2);
    await appendEvents(p.state, tasks, [0], 5000);
    let open = 2;
    for (let i = 0; i < 100 && open > 0; i++) {
      await sleep(200);
      open = (await s.health()).clients;
    }
    assertEquals(open, 0, "the server closed both streams");
    // What was sent before the close is still delivered, then the response ends.
    for (const c of never) {
      await c.readUntil(() => false, { deadlineMs: 60_000 });
      assert(c.closed && c.frames.length > 0);
    }
  } finally {
    for (const c of never) c.close();
    await s.stop();
  }
});

Deno.test(
  "many tasks written at once by another process: every stream is exact",
  sanitize,
  async () => {
    await using p = await tempProject();
    const tasks: Task[] = [];
    for (let i = 0; i < 40; i++) tasks.push(await createTask(p.state, `Task ${i}`));
    await Promise.all(tasks.map((t) => Deno.writeTextFile(p.state.logPath(t.dir), "")));
    const s = await startServe(p.state, {});
    const streams = [
      new RawStream(s.port, "/api/stream", s.token, 1024 * 1024),
      new RawStream(s.port, "/api/stream", s.token, 1024 * 1024),
      new RawStream(s.port, "/api/tasks/3/stream", s.token, 1024 * 1024),
    ];
    try {
      for (const c of streams) await c.readOnce();
      const writer = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          ...PERMISSION_FLAGS,
          new URL("../scripts/bench_writer.ts", import.meta.url).pathname,
          "--tasks",
          tasks.map((t) => t.dir).join(","),
          "--rate",
          "4000",
          "--count",
          "4000",
        ],
        cwd: p.dir,
        stdout: "piped",
        stderr: "piped",
      }).output();
      const reads = [
        streams[0].readUntil(() => streams[0].events().length >= 4040),
        streams[1].readUntil(() => streams[1].events().length >= 4040),
        streams[2].readUntil(() => streams[2].frames.filter((f) => f.id).length >= 101),
      ];
      const out = await writer;
      assertEquals(out.code, 0, new TextDecoder().decode(out.stderr));
      await Promise.all(reads);
      const lastSeqs = tasks.map(() => 101);
      assertExact(streams[0].events(), tasks, lastSeqs, "reader 1");
      assertExact(streams[1].events(), tasks, lastSeqs, "reader 2");
      assertEquals(
        streams[2].frames.filter((f) => f.id).map((f) => Number(f.id)),
        Array.from({ length: 101 }, (_, k) => k + 1),
      );
    } finally {
      for (const c of streams) c.close();
      await s.stop();
    }
  },
);
