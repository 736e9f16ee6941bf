/**
 * The server's HTTP/1.1 on real loopback connections: framing both ways,
 * the bounds on slow and idle clients, and event streams written to the
 * socket.
 */
import { assert, assertEquals, assertStringIncludes } from "../../tests/assert.ts";
import { TasklineError } from "../errors.ts";
import { type Http1Options, type Http1Server, listenHttp1 } from "./http1.ts";
import { SSE_HEADERS, SseStream } from "./sse.ts";

const enc = new TextEncoder();
const dec = new TextDecoder();

async function withServer(
  handler: Http1Options["handler"],
  body: (s: Http1Server) => Promise<void>,
  limits: Partial<Http1Options> = {},
): Promise<void> {
  const s = listenHttp1({
    hostname: "127.0.0.1",
    port: 0,
    handler,
    // As the routes do: a TasklineError is the client's (400), anything else the server's.
    onError: (e) =>
      new Response(String((e as Error)?.message), {
        status: e instanceof TasklineError ? 400 : 500,
      }),
    ...limits,
  });
  try {
    await body(s);
  } finally {
    await s.close();
  }
}

/** Writes `text` and reads until the server closes (or `waitMs` passes); the bytes read and whether it closed. */
async function exchange(
  port: number,
  text: string | Uint8Array,
  waitMs = 3000,
): Promise<{ text: string; closed: boolean; ms: number }> {
  const c = await Deno.connect({ hostname: "127.0.0.1", port });
  const t0 = performance.now();
  await c.write(typeof text === "string" ? enc.encode(text) : text);
  let out = "";
  let closed = false;
  const timer = setTimeout(() => c.close(), waitMs);
  const buf = new Uint8Array(65536);
  try {
    for (;;) {
      const n = await c.read(buf);
      if (n === null) {
        closed = true;
        break;
      }
      out += dec.decode(buf.subarray(0, n), { stream: true });
    }
  } catch { /* closed by the timer */ }
  clearTimeout(timer);
  try {
    c.close();
  } catch { /* closed */ }
  return { text: out, closed, ms: performance.now() - t0 };
}

const echo: Http1Options["handler"] = async (req) => {
  const body = req.body ? await req.text() : "";
  return Response.json({ method: req.method, url: req.url, body });
};

Deno.test("keep-alive, pipelining and HTTP/1.0: each request answered in order, with its length", async () => {
  await withServer(echo, async (s) => {
    const port = s.addr.port;
    const r = await exchange(
      port,
      "GET /a HTTP/1.1\r\nHost: x\r\n\r\n" +
        "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello" +
        "GET /c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    const answers = r.text.split("HTTP/1.1 200 OK\r\n").slice(1);
    assertEquals(answers.length, 3, r.text);
    assertStringIncludes(answers[0], '"url":"http://127.0.0.1:');
    assertStringIncludes(answers[0], '/a"');
    assertStringIncludes(answers[1], '"body":"hello"');
    assertStringIncludes(answers[2], "connection: close");
    assert(r.closed, "closed after Connection: close");
    for (const a of answers) {
      const [head, body] = a.split("\r\n\r\n");
      assertEquals(Number(/content-length: (\d+)/.exec(head)?.[1]), enc.encode(body).length);
    }
    const old = await exchange(port, "GET /d HTTP/1.0\r\n\r\n");
    assert(old.text.startsWith("HTTP/1.1 200 OK\r\n"), old.text);
    assertStringIncludes(old.text, "connection: close");
    assert(old.closed, "an HTTP/1.0 request closes its connection");
  });
});

Deno.test("a chunked request body is read whole, and Expect: 100-continue is answered first", async () => {
  await withServer(echo, async (s) => {
    const r = await exchange(
      s.addr.port,
      "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n" +
        "Connection: close\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: t\r\n\r\n",
    );
    assert(r.text.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n"), r.text);
    assertStringIncludes(r.text, '"body":"hello world"');
  });
});

Deno.test("a body the handler does not read closes the connection after the answer, which the client gets whole", async () => {
  let reads = 0;
  await withServer(() => {
    reads++;
    return Promise.resolve(new Response("refused", { status: 413 }));
  }, async (s) => {
    const big = "x".repeat(300_000);
    const r = await exchange(
      s.addr.port,
      `POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: ${big.length}\r\n\r\n${big}GET /y HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    assert(r.text.startsWith("HTTP/1.1 413 "), r.text.slice(0, 100));
    assert(r.text.endsWith("refused"), "the answer came whole");
    assert(r.closed);
    assertEquals(reads, 1, "the unread body was not read as a request");
  });
});

Deno.test("broken framing gets a bare 400 and the connection closes; the server answers others", async () => {
  await withServer(echo, async (s) => {
    const port = s.addr.port;
    for (
      const bad of [
        "GET /x HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n",
        "GET /x HTTP/2.0\r\n\r\n",
        "GET x HTTP/1.1\r\n\r\n",
        "\x16\x03\x01\x02\x00\r\n\r\n",
        "POST /x HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        "GET /x HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
      ]
    ) {
      const r = await exchange(port, bad);
      assert(r.text.startsWith("HTTP/1.1 400 Bad Request\r\n"), JSON.stringify([bad, r.text]));
      assert(r.closed, bad);
    }
    const huge = await exchange(port, `GET /x HTTP/1.1\r\nX: ${"a".repeat(70_000)}\r\n\r\n`);
    assert(huge.text.startsWith("HTTP/1.1 431 "), huge.text);
    const bad = await exchange(
      port,
      "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n",
    );
    // A broken chunked body fails the handler's read with the client's error.
    assert(bad.text.startsWith("HTTP/1.1 400 "), bad.text);
    assertStringIncludes(bad.text, "a chunk size is not hexadecimal");
    const ok = await exchange(port, "GET /fine HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert(ok.text.startsWith("HTTP/1.1 200 OK"), ok.text);
  });
});

Deno.test("a head sent a byte at a time is cut at the bound; an idle connection is closed; others are answered meanwhile", async () => {
  await withServer(echo, async (s) => {
    const port = s.addr.port;
    const slow = await Deno.connect({ hostname: "127.0.0.1", port });
    const idle = await Deno.connect({ hostname: "127.0.0.1", port });
    const t0 = performance.now();
    let slowClosedAt = 0;
    const cut = setTimeout(() => slow.close(), 5000);
    const slowDone = (async () => {
      try {
        for (const ch of "GET /slow HTTP/1.1\r\nHost: x\r\nX-Padding: " + "a".repeat(100)) {
          await slow.write(enc.encode(ch));
          await new Promise((r) => setTimeout(r, 20));
        }
      } catch {
        slowClosedAt = performance.now() - t0;
      }
    })();
    const idleClosed = (async () => {
      const timer = setTimeout(() => idle.close(), 5000);
      const n = await idle.read(new Uint8Array(16)).catch(() => -1);
      clearTimeout(timer);
      return { n, ms: performance.now() - t0 };
    })();
    const ok = await exchange(port, "GET /fine HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert(ok.text.startsWith("HTTP/1.1 200 OK"), "answered while the slow ones wait");
    const i = await idleClosed;
    assertEquals(i.n, null, "the idle connection was closed");
    assert(i.ms >= 550 && i.ms < 2500, `idle closed after ${i.ms} ms (bound 600)`);
    await slowDone;
    clearTimeout(cut);
    assert(
      slowClosedAt >= 350 && slowClosedAt < 2500,
      `slow head cut after ${slowClosedAt} ms (bound 400)`,
    );
    for (const c of [slow, idle]) {
      try {
        c.close();
      } catch { /* closed */ }
    }
  }, { idleMsMax: 600, requestMsMax: 400 });
});

Deno.test("a large answer streams chunked and arrives whole", async () => {
  const parts = Array.from({ length: 50 }, (_, i) => `${i}:${"z".repeat(10_000)}\n`);
  await withServer(() => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (i < parts.length) c.enqueue(enc.encode(parts[i++]));
        else c.close();
      },
    });
    return Promise.resolve(new Response(body, { headers: { "content-type": "text/plain" } }));
  }, async (s) => {
    const res = await fetch(`http://127.0.0.1:${s.addr.port}/big`);
    assertEquals(res.headers.get("transfer-encoding"), "chunked");
    assertEquals(await res.text(), parts.join(""));
    const small = await fetch(`http://127.0.0.1:${s.addr.port}/big`, { method: "HEAD" });
    assertEquals(small.status, 200);
    assertEquals(await small.text(), "");
  });
});

Deno.test("an event stream is written to its socket: frames arrive, and a client that goes closes the stream", async () => {
  let stream: SseStream | null = null;
  let closed = 0;
  await withServer(() => {
    stream = new SseStream({ onClose: () => closed++ });
    return Promise.resolve(new Response(stream.readable, { headers: SSE_HEADERS }));
  }, async (s) => {
    const c = await Deno.connect({ hostname: "127.0.0.1", port: s.addr.port });
    await c.write(enc.encode("GET /stream HTTP/1.1\r\nHost: x\r\n\r\n"));
    const buf = new Uint8Array(65536);
    let text = "";
    const readUntil = async (what: string) => {
      while (!text.includes(what)) {
        const n = await c.read(buf);
        if (n === null) throw new Error(`closed before ${what}: ${text}`);
        text += dec.decode(buf.subarray(0, n));
      }
    };
    await readUntil("retry: 1000");
    assertStringIncludes(text, "content-type: text/event-stream");
    assertStringIncludes(text, "connection: close");
    assert(!/transfer-encoding/i.test(text), "written until close, not chunked");
    stream!.push("id: 1\ndata: {}\n\n");
    stream!.writeBytes(enc.encode("id: 2\ndata: {}\n\n"));
    await readUntil("id: 2");
    assertEquals(stream!.backlogBytes, 0);
    assertEquals(closed, 0);
    c.close();
    for (let i = 0; i < 100 && closed === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assertEquals(closed, 1, "the stream is told when its client goes");
    assert(stream!.closed);
  });
});

Deno.test("a stream that ends before the server attaches it still gives its client what it made, then ends", async () => {
  await withServer(() => {
    const stream = new SseStream();
    stream.push("event: error\ndata: {}\n\n");
    stream.close();
    return Promise.resolve(new Response(stream.readable, { headers: SSE_HEADERS }));
  }, async (s) => {
    const r = await exchange(s.addr.port, "GET /stream HTTP/1.1\r\nHost: x\r\n\r\n");
    assertStringIncludes(r.text, "retry: 1000");
    assert(r.text.endsWith("event: error\ndata: {}\n\n"), r.text);
    assert(r.closed, "the connection ends with the stream");
  });
});
