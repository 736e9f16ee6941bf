/**
 * What a client that never reads pins in the kernel of the server's machine:
 * a real `taskline serve` under the shipped permissions, a real TCP client
 * with a 4 KiB receive buffer that never reads (scripts/raw_socket.ts), and
 * `ss` (iproute2) to see the server's side of the connection. Without the
 * bound (server/send_buffer.ts) Linux lets about 2.7 MiB of unread events sit
 * in each such connection on loopback; 500 of them made every other client
 * wait seconds (docs/server.md).
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, taskWithLog, tempProject, waitUntil } from "./helpers.ts";
import { rawGet, serveInProcess, startServer } from "./serve_util.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { SEND_BUFFER_BYTES } from "../src/server/sockets.ts";
import { RawSocket } from "../scripts/raw_socket.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const linux = Deno.build.os === "linux";

/** The server's side of each connection to `port`: its send buffer and the bytes not yet taken. */
async function serverSockets(port: number): Promise<Array<{ sendQ: number; tb: number }>> {
  const out = await new Deno.Command("ss", {
    args: ["-tmnH", "state", "established", `( sport = :${port} )`],
    stdout: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const found: Array<{ sendQ: number; tb: number }> = [];
  // Each connection: "<recv-q> <send-q> <local> <peer>" then "skmem:(...,tb<n>,...)".
  for (const m of text.matchAll(/^\s*(\d+)\s+(\d+)\s+\S+\s+\S+[^\n]*\n\s*skmem:\(([^)]*)\)/gm)) {
    found.push({ sendQ: Number(m[2]), tb: Number(/\btb(\d+)/.exec(m[3])![1]) });
  }
  return found;
}

/**
 * Waits until the server has `n` stream clients (`/api/health`): a stream is
 * live from then, so what is written next is sent to it. Not a time: a
 * loaded machine can take longer to answer a stream than a sleep lasts.
 */
async function streamClients(port: number, token: string, n: number): Promise<void> {
  await waitUntil(async () => {
    // Its own connection, closed after the answer: the test counts the server's connections.
    const res = await rawGet(port, "/api/health", {
      Host: `127.0.0.1:${port}`,
      Authorization: `Bearer ${token}`,
    });
    const body = JSON.parse(res.body) as { streams: { clients: number } | null };
    return body.streams?.clients === n;
  }, `${n} stream clients`);
}

/** A line of a run's log: its run_started first (seq 1), then agent text. */
function line(seq: number, text: string): string {
  const run = "0d6c5a0e-8c59-4c5e-9a57-3f2b1c0d9e8f";
  return JSON.stringify({
    schema: 2,
    seq,
    at: new Date(Date.UTC(2026, 10, 27, 12, 0, 0, seq)).toISOString(),
    event: seq === 1
      ? { type: "run_started", run, task: "t" }
      : { type: "agent_text", run, role: "coder", text },
  }) + "\n";
}

/** 8 MB of a run's events, one O_APPEND write a line, as an engine writes them. */
async function writeRun(path: string): Promise<void> {
  const log = await Deno.open(path, { append: true });
  try {
    const text = "é → 漢字 ".repeat(200);
    for (let seq = 1; seq <= 4000; seq++) {
      await log.write(new TextEncoder().encode(line(seq, text)));
    }
  } finally {
    log.close();
  }
}

Deno.test({
  name: "a stream client that never reads pins at most 256 KiB in the server's kernel buffer",
  ignore: !linux,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "busy", []);
  await using server = await startServer(p.dir);
  const client = RawSocket.connect(server.port, { receiveBytes: 4096 });
  try {
    client.send(
      `GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
        `Authorization: Bearer ${server.token}\r\n\r\n`,
    );
    await streamClients(server.port, server.token, 1);
    await writeRun(p.state.logPath(task.dir));
    // Long enough for the server to push what the kernel takes (it drops the client after 10 s).
    let sockets: Array<{ sendQ: number; tb: number }> = [];
    for (const deadline = Date.now() + 8_000; Date.now() < deadline;) {
      await sleep(150);
      sockets = await serverSockets(server.port);
      if (sockets.some((s) => s.sendQ > 64 * 1024)) break;
    }
    assertEquals(sockets.length, 1, "one connection to the server");
    assert(sockets[0].sendQ > 0, "the server wrote to the client that does not read");
    assert(
      sockets[0].tb <= SEND_BUFFER_BYTES && sockets[0].sendQ <= SEND_BUFFER_BYTES,
      `the server's side holds ${sockets[0].sendQ} bytes in a buffer of ${sockets[0].tb}`,
    );
    // And the server is not held up by it.
    const health = await server.get("/api/health");
    assertEquals(health.status, 200);
    await health.body?.cancel();
  } finally {
    client.close();
  }
  assert(!server.proc.stderr.includes("not bounded"), server.proc.stderr);
});

Deno.test({
  name: "serve without the C library says its connections are not bounded, and serves",
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "one", []);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      ...PERMISSION_FLAGS.filter((f) => !f.startsWith("--allow-ffi")),
      MAIN,
      "serve",
      "--port",
      "0",
      "--json",
      "--exit-on-stdin-eof",
    ],
    cwd: p.dir,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let first = "";
  while (!first.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) break;
    first += value;
  }
  const info = JSON.parse(first.split("\n")[0]) as { url: string; token: string };
  const res = await fetch(new URL("/api/tasks", info.url), {
    headers: { authorization: `Bearer ${info.token}` },
  });
  assertEquals(res.status, 200);
  assertEquals((await res.json()).length, 1);
  await child.stdin.close();
  await lines.cancel();
  const stderr = await new Response(child.stderr).text();
  await child.status;
  assertStringIncludes(stderr, "kernel send buffers are not bounded to 256 KiB");
  assertStringIncludes(stderr, linux ? "not at a path taskline may open" : "not done on");
});

Deno.test({
  name: "a stream client dropped for taking nothing has its connection closed, its buffers freed",
  ignore: !linux,
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "busy", []);
  await using server = await serveInProcess(p.state, {
    heartbeatMs: 60_000,
    streams: { stallMsMax: 1000 },
  });
  const { port, token } = server;
  const project = RawSocket.connect(port, { receiveBytes: 4096 });
  const one = RawSocket.connect(port, { receiveBytes: 4096 });
  try {
    for (const [c, path] of [[project, "/api/stream"], [one, "/api/tasks/1/stream"]] as const) {
      c.send(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
      );
    }
    await streamClients(port, token, 2);
    await writeRun(p.state.logPath(task.dir));
    // Dropped after 1 s without taking a byte; then the server closes both connections.
    let open = -1;
    for (const deadline = Date.now() + 20_000; open !== 0 && Date.now() < deadline;) {
      await sleep(200);
      open = (await serverSockets(port)).length;
    }
    assertEquals(open, 0, "the server's side of both connections is gone");
    // Gone, not closing with what the clients did not read still held (a reset frees it).
    const all = await new Deno.Command("ss", {
      args: ["-tanH", `( sport = :${port} )`],
      stdout: "piped",
    }).output();
    const left = new TextDecoder().decode(all.stdout).split("\n")
      .filter((l) => l.trim() !== "" && !/^(LISTEN|TIME-WAIT)/.test(l));
    assertEquals(left, []);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assertEquals(health.status, 200);
    await health.body?.cancel();
  } finally {
    project.close();
    one.close();
  }
});
