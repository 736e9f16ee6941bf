/**
 * A connection that does not complete a request in time is closed: a client
 * that sends nothing, or its headers a byte at a time, held its connection
 * (a file descriptor and kernel buffers) for ever, since `Deno.serve` has no
 * such timeout (server/sockets.ts). A connection that made a request and
 * waits before the next (keep-alive) is left alone.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { serveInProcess, startServer } from "./serve_util.ts";
import { HEAD_MS_MAX } from "../src/server/sockets.ts";

const linux = Deno.build.os === "linux";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const enc = new TextEncoder();

/** Resolves with the ms until the server closes `c` (a read gives the end), or null by `withinMs`. */
async function closedWithin(c: Deno.TcpConn, withinMs: number): Promise<number | null> {
  const t0 = Date.now();
  const buf = new Uint8Array(4096);
  const read = (async () => {
    try {
      while ((await c.read(buf)) !== null) { /* an answer: keep reading */ }
    } catch { /* reset: closed too */ }
    return Date.now() - t0;
  })();
  return await Promise.race([read, sleep(withinMs).then(() => null)]);
}

Deno.test({
  name:
    "a connection that sends nothing or its headers a byte at a time is closed; one that made a request stays",
  ignore: !linux,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  await using server = await serveInProcess(p.state, { headMsMax: 1500 });
  const { port, token, warnings } = server;
  const conns: Deno.TcpConn[] = [];
  const connect = async () => {
    const c = await Deno.connect({ hostname: "127.0.0.1", port });
    conns.push(c);
    return c;
  };
  let trickling = true;
  try {
    const silent = await connect();
    const slow = await connect();
    const head = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\nX-Slow: ${"z".repeat(10_000)}`;
    const trickle = (async () => {
      for (let k = 0; k < head.length && trickling; k++) {
        try {
          await slow.write(enc.encode(head[k]));
        } catch {
          return;
        }
        await sleep(50);
      }
    })();
    // A keep-alive client: one request answered, then it waits.
    const kept = await connect();
    const ask = `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Authorization: Bearer ${token}\r\n\r\n`;
    await kept.write(enc.encode(ask));
    const buf = new Uint8Array(65536);
    const first = new TextDecoder().decode(buf.subarray(0, (await kept.read(buf)) ?? 0));
    assert(first.startsWith("HTTP/1.1 200"), first);

    const [silentMs, slowMs] = await Promise.all([
      closedWithin(silent, 15_000),
      closedWithin(slow, 15_000),
    ]);
    assert(silentMs !== null, "the silent connection is still open");
    assert(slowMs !== null, "the byte-a-time connection is still open");
    trickling = false;
    await trickle;
    // The one that made a request was not closed with them: it asks again.
    await kept.write(enc.encode(ask));
    const again = new TextDecoder().decode(buf.subarray(0, (await kept.read(buf)) ?? 0));
    assert(again.startsWith("HTTP/1.1 200"), again);
    // And new clients are served as usual.
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assertEquals(res.status, 200);
    await res.body?.cancel();
    assertEquals(warnings.filter((w) => w.includes("not bounded")), []);
  } finally {
    trickling = false;
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed */ }
    }
  }
});

Deno.test({
  name:
    "taskline serve closes a connection that sends nothing within the bound docs/server.md states",
  ignore: !linux,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  await using s = await startServer(p.dir);
  const c = await Deno.connect({ hostname: "127.0.0.1", port: s.port });
  try {
    const ms = await closedWithin(c, HEAD_MS_MAX + 10_000);
    assert(ms !== null, `still open after ${HEAD_MS_MAX + 10_000} ms`);
    assert(ms >= HEAD_MS_MAX - 1000, `closed after ${ms} ms, before the bound`);
  } finally {
    try {
      c.close();
    } catch { /* closed */ }
  }
  const res = await s.get("/api/health");
  assertEquals(res.status, 200);
  await res.body?.cancel();
});

Deno.test({
  name:
    "a keep-alive connection idle past the bound is closed; a quiet stream beside it stays open",
  ignore: !linux,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  await using server = await serveInProcess(p.state, { idleMsMax: 1500, heartbeatMs: 500 });
  const { port, token } = server;
  const kept = await Deno.connect({ hostname: "127.0.0.1", port });
  const stream = await Deno.connect({ hostname: "127.0.0.1", port });
  try {
    const ask = (path: string) =>
      enc.encode(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
    await kept.write(ask("/api/health"));
    const buf = new Uint8Array(65536);
    const first = new TextDecoder().decode(buf.subarray(0, (await kept.read(buf)) ?? 0));
    assert(first.startsWith("HTTP/1.1 200"), first);
    await stream.write(ask("/api/stream"));
    const t0 = Date.now();
    const keptMs = await closedWithin(kept, 10_000);
    assert(keptMs !== null, "the idle keep-alive connection is still open after 10 s");
    assert(keptMs >= 1000, `closed after ${keptMs} ms, before the bound`);
    // The stream, quiet but for its heartbeat, outlived it and still gets its comments.
    const sbuf = new Uint8Array(65536);
    let got = "";
    while (Date.now() - t0 < keptMs + 1500) {
      const n = await stream.read(sbuf);
      assert(n !== null, "the stream was closed");
      got += new TextDecoder().decode(sbuf.subarray(0, n));
    }
    assert(got.includes(": keep-alive"), got.slice(0, 300));
  } finally {
    for (const c of [kept, stream]) {
      try {
        c.close();
      } catch { /* closed */ }
    }
  }
});
