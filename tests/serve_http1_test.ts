/**
 * The server's own HTTP/1.1 layer (src/server/http1.ts) on a real server on
 * loopback, through raw TCP connections: what a client would notice. A head
 * sent a byte at a time, or nothing at all, is cut off at the bound while
 * other clients are answered; a stream client that never reads has its
 * connection closed on the server's side (its kernel buffers released);
 * keep-alive, pipelining, chunked bodies, `Expect: 100-continue`, HTTP/1.0,
 * HEAD and refused requests behave as HTTP/1.1 says.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { serve } from "../src/server/serve.ts";
import { createTask } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import { RawSocket } from "../scripts/raw_socket.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const enc = new TextEncoder();
const dec = new TextDecoder();

interface Running {
  port: number;
  token: string;
  stop(): Promise<void>;
}

async function startServe(
  state: StateDir,
  options: { headTimeoutMs?: number; stallMsMax?: number } = {},
): Promise<Running> {
  const ac = new AbortController();
  const info = Promise.withResolvers<{ port: number; token: string }>();
  const done = serve(state, {
    port: 0,
    version: "test",
    signal: ac.signal,
    heartbeatMs: 60_000,
    headTimeoutMs: options.headTimeoutMs,
    streams: { stallMsMax: options.stallMsMax, clientQueueBytesMax: 16 * 1024 },
    onListen: (i) => info.resolve(i),
  });
  done.catch((e) => info.reject(e));
  const { port, token } = await info.promise;
  return {
    port,
    token,
    stop: async () => {
      ac.abort();
      await done;
    },
  };
}

/** A raw connection: writes what it is given, reads everything into `text`. */
class Wire {
  text = "";
  eof = false;
  readonly #conn: Deno.TcpConn;
  readonly #reading: Promise<void>;

  private constructor(conn: Deno.TcpConn) {
    this.#conn = conn;
    this.#reading = (async () => {
      const buf = new Uint8Array(64 * 1024);
      try {
        for (;;) {
          const n = await conn.read(buf);
          if (n === null) break;
          this.text += dec.decode(buf.subarray(0, n));
        }
      } catch { /* reset */ }
      this.eof = true;
    })();
  }

  static async open(port: number): Promise<Wire> {
    return new Wire(await Deno.connect({ hostname: "127.0.0.1", port }));
  }

  async send(text: string | Uint8Array): Promise<boolean> {
    try {
      const bytes = typeof text === "string" ? enc.encode(text) : text;
      let off = 0;
      while (off < bytes.length) off += await this.#conn.write(bytes.subarray(off));
      return true;
    } catch {
      return false;
    }
  }

  /** Waits until `text` holds `n` answers' status lines, or the connection ended. */
  async answers(n: number, deadlineMs = 10_000): Promise<number[]> {
    const until = Date.now() + deadlineMs;
    while (Date.now() < until) {
      const found = this.statuses();
      if (found.length >= n || this.eof) return found;
      await sleep(10);
    }
    return this.statuses();
  }

  statuses(): number[] {
    return [...this.text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));
  }

  async closed(deadlineMs = 10_000): Promise<boolean> {
    await Promise.race([this.#reading, sleep(deadlineMs)]);
    return this.eof;
  }

  close() {
    try {
      this.#conn.close();
    } catch { /* closed */ }
  }
}

const head = (port: number, token: string, path = "/api/health", extra = "") =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n${extra}\r\n`;

Deno.test(
  "a head sent a byte at a time is cut off at the bound; others are answered meanwhile",
  sanitize,
  async () => {
    await using p = await tempProject();
    const s = await startServe(p.state, { headTimeoutMs: 1500 });
    const slow = await Wire.open(s.port);
    try {
      const request = enc.encode(head(s.port, s.token));
      let sent = 0;
      const trickle = (async () => {
        for (; sent < request.length; sent++) {
          if (!(await slow.send(request.subarray(sent, sent + 1))) || slow.eof) return;
          await sleep(100);
        }
      })();
      // Meanwhile another client is answered, request after request.
      const other = await Wire.open(s.port);
      for (let i = 0; i < 5; i++) {
        await other.send(head(s.port, s.token));
        assertEquals((await other.answers(i + 1)).length, i + 1, "the other client is answered");
        await sleep(100);
      }
      other.close();
      assert(await slow.closed(10_000), "the slow client's connection was closed");
      await trickle;
      assert(sent < request.length, `closed before its head was complete (${sent} bytes sent)`);
      assertEquals(slow.statuses(), [408]);
    } finally {
      slow.close();
      await s.stop();
    }
  },
);

Deno.test("a connection that sends nothing is closed at the bound", sanitize, async () => {
  await using p = await tempProject();
  const s = await startServe(p.state, { headTimeoutMs: 800 });
  const idle = await Wire.open(s.port);
  try {
    const t0 = Date.now();
    assert(await idle.closed(10_000), "closed by the server");
    assert(Date.now() - t0 >= 700, "not before the bound");
    assertEquals(idle.text, "", "nothing was answered to nothing");
    // The same bound holds between two requests of a kept-alive connection.
    const kept = await Wire.open(s.port);
    await kept.send(head(s.port, s.token));
    assertEquals(await kept.answers(1), [200]);
    assert(await kept.closed(10_000), "an idle kept-alive connection is closed too");
  } finally {
    idle.close();
    await s.stop();
  }
});

/** Established connections whose local port is `port` (the server's side), from `ss`. */
async function establishedOnServer(port: number): Promise<number> {
  const out = await new Deno.Command("ss", {
    args: ["-Htn", "state", "established", "( sport = :" + port + " )"],
    stdout: "piped",
  }).output();
  return dec.decode(out.stdout).split("\n").filter((l) => l.trim() !== "").length;
}

Deno.test(
  "a stream client that never reads has its connection closed on the server's side",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "One");
    await Deno.writeTextFile(p.state.logPath(task.dir), "");
    const s = await startServe(p.state, { stallMsMax: 1000 });
    const never = RawSocket.connect(s.port, { receiveBytes: 4096, recvTimeoutMs: 1000 });
    try {
      never.send(head(s.port, s.token, "/api/stream"));
      assert((await never.recv(4096)) !== null, "the stream started");
      assertEquals(await establishedOnServer(s.port), 1);
      // Events far beyond what the socket buffers hold; the client reads none.
      const line = (seq: number) =>
        JSON.stringify({
          schema: 2,
          seq,
          at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, seq)).toISOString(),
          run: "11111111-1111-4111-8111-111111111111",
          event: { type: "log", level: "info", message: "x".repeat(1500) },
        }) + "\n";
      const lines: string[] = [];
      for (let i = 1; i <= 6000; i++) lines.push(line(i));
      await Deno.writeTextFile(p.state.logPath(task.dir), lines.join(""), { append: true });
      let open = 1;
      for (let i = 0; i < 100 && open > 0; i++) {
        await sleep(200);
        open = await establishedOnServer(s.port);
      }
      assertEquals(open, 0, "the server closed the connection though its client read nothing");
    } finally {
      never.close();
      await s.stop();
    }
  },
);

Deno.test(
  "keep-alive, pipelining, chunked bodies, 100-continue, HTTP/1.0, HEAD and refusals",
  sanitize,
  async () => {
    await using p = await tempProject();
    const s = await startServe(p.state);
    const h = `Host: 127.0.0.1:${s.port}\r\nAuthorization: Bearer ${s.token}\r\n`;
    try {
      // Three requests in one write: three answers, in order, on one connection.
      const piped = await Wire.open(s.port);
      await piped.send(
        head(s.port, s.token) + head(s.port, s.token, "/api/nope") + head(s.port, s.token),
      );
      assertEquals(await piped.answers(3), [200, 404, 200]);
      assert(!piped.eof, "the connection stays open");
      piped.close();

      // A chunked body is read whole: the task is created.
      const chunked = await Wire.open(s.port);
      const body = JSON.stringify({ title: "Made through a chunked body" });
      await chunked.send(
        `POST /api/tasks HTTP/1.1\r\n${h}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
          `${(10).toString(16)}\r\n${body.slice(0, 10)}\r\n` +
          `${(body.length - 10).toString(16)};ext=1\r\n${body.slice(10)}\r\n0\r\n\r\n`,
      );
      assertEquals(await chunked.answers(1), [201]);
      assert(chunked.text.includes("Made through a chunked body"), chunked.text);
      // ... and the connection serves the next request.
      await chunked.send(head(s.port, s.token, "/api/tasks"));
      assertEquals(await chunked.answers(2), [201, 200]);
      chunked.close();

      // Expect: 100-continue: the interim answer comes before the body is sent.
      const expect = await Wire.open(s.port);
      const b2 = JSON.stringify({ title: "After a 100" });
      await expect.send(
        `POST /api/tasks HTTP/1.1\r\n${h}Content-Type: application/json\r\nContent-Length: ${b2.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
      assertEquals(await expect.answers(1), [100]);
      await expect.send(b2);
      assertEquals(await expect.answers(2), [100, 201]);
      expect.close();

      // A body the route does not read ends the connection: what follows it
      // is never taken for a request.
      const unread = await Wire.open(s.port);
      await unread.send(
        `GET /api/health HTTP/1.1\r\n${h}Content-Length: 40\r\n\r\n` +
          head(s.port, s.token, "/api/tasks/1/events").padEnd(40, " "),
      );
      assertEquals(await unread.answers(1), [200]);
      assert(/connection: close/i.test(unread.text), unread.text);
      assert(await unread.closed(), "closed after its answer");
      assertEquals(unread.statuses(), [200]);

      // HTTP/1.0: an answer, then the end of the connection.
      const old = await Wire.open(s.port);
      await old.send(`GET /api/health HTTP/1.0\r\n${h}\r\n`);
      assert(await old.closed(), "closed after the answer");
      assertEquals(old.statuses(), [200]);
      assert(old.text.includes('"ok":true'), old.text);

      // HEAD: the head only; the connection goes on.
      const headOnly = await Wire.open(s.port);
      await headOnly.send(
        `HEAD /api/health HTTP/1.1\r\n${h}\r\n` + head(s.port, s.token, "/api/health"),
      );
      assertEquals(await headOnly.answers(2), [200, 200]);
      assertEquals(headOnly.text.match(/"ok":true/g)?.length, 1, "one body, the GET's");
      headOnly.close();

      // Refused by the protocol, answered (not reset) even while the client still sends.
      const huge = await Wire.open(s.port);
      await huge.send(`GET /api/health HTTP/1.1\r\n${h}X: ${"a".repeat(200_000)}\r\n\r\n`);
      assertEquals(await huge.answers(1), [431]);
      assert(await huge.closed());
      for (
        const [bad, status] of [
          [`TRACE /api/health HTTP/1.1\r\n${h}\r\n`, 405],
          [
            `GET /api/health HTTP/1.1\r\n${h}Content-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n`,
            400,
          ],
          [`GET /a b HTTP/1.1\r\n${h}\r\n`, 400],
          [`GET /api/health HTTP/1.1\r\nAuthorization: Bearer ${s.token}\r\n\r\n`, 400],
        ] as const
      ) {
        const w = await Wire.open(s.port);
        await w.send(bad);
        assertEquals(await w.answers(1), [status], bad.slice(0, 40));
        assert(await w.closed(), "a refused request ends its connection");
      }
    } finally {
      await s.stop();
    }
  },
);
