/**
 * End-to-end tests of who may talk to `taskline serve`: the token (missing,
 * wrong, in the query only on stream routes), the Host and Origin checks, the
 * token file's life, the stop on stdin EOF, and the token kept out of logs.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";
import { rawGet, startServer } from "./serve_util.ts";
import { createTask } from "../src/store/tasks.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "the token is required on every /api/ route, and compared exactly",
  sanitize,
  async () => {
    await using p = await tempProject();
    await createTask(p.state, "Add login");
    await using s = await startServer(p.dir);
    assertEquals(s.token.length, 64, "256 bits as hex");
    for (const path of ["/api/health", "/api/tasks", "/api/events", "/api/openapi.json"]) {
      for (const token of [null, "", "wrong", s.token.slice(0, -1), s.token + "0"]) {
        const res = await s.get(path, { token });
        assertEquals(res.status, 401, `${path} with ${JSON.stringify(token)}`);
        assertEquals(res.headers.get("content-type"), "application/problem+json");
        assertStringIncludes(res.headers.get("www-authenticate") ?? "", "Bearer");
        await res.body?.cancel();
      }
      const ok = await s.get(path);
      assertEquals(ok.status, 200, path);
      await ok.body?.cancel();
    }
    // ?token= is for the stream routes only (EventSource cannot send headers).
    const q = await s.get(`/api/tasks?token=${s.token}`, { token: null });
    assertEquals(q.status, 401);
    await q.body?.cancel();
    for (const path of ["/api/stream", "/api/tasks/1/stream"]) {
      const bad = await s.get(`${path}?token=nope`, { token: null });
      assertEquals(bad.status, 401);
      await bad.body?.cancel();
      const good = await s.get(`${path}?token=${s.token}`, { token: null });
      assertEquals(good.status, 200, path);
      await good.body?.cancel();
    }
    // The token never shows in the server's output (problem `instance` hides it too).
    const res = await s.get(`/api/stream?token=${s.token}x`, { token: null });
    const body = await res.text();
    assert(!body.includes(s.token), "the problem does not echo the token");
    assert(!s.proc.stderr.includes(s.token), "stderr does not carry the token");
  },
);

Deno.test("requests for another Host or from another Origin get 403", sanitize, async () => {
  await using p = await tempProject();
  await using s = await startServer(p.dir);
  const auth = { Authorization: `Bearer ${s.token}` };
  for (const host of [`127.0.0.1:${s.port}`, `localhost:${s.port}`, `[::1]:${s.port}`]) {
    const r = await rawGet(s.port, "/api/health", { Host: host, ...auth });
    assertEquals(r.status, 200, host);
  }
  for (
    const host of [
      "evil.example",
      `evil.example:${s.port}`,
      `127.0.0.1:${s.port + 1}`,
      `127.0.0.1`,
      `localhost.evil.example:${s.port}`,
    ]
  ) {
    const r = await rawGet(s.port, "/api/health", { Host: host, ...auth });
    assertEquals(r.status, 403, host);
    assertStringIncludes(r.head.toLowerCase(), "application/problem+json");
    // The web UI too: a DNS-rebound page must not read anything.
    assertEquals((await rawGet(s.port, "/", { Host: host })).status, 403, `/ for ${host}`);
  }
  const host = { Host: `127.0.0.1:${s.port}` };
  for (const origin of [`http://127.0.0.1:${s.port}`, `http://localhost:${s.port}`]) {
    const r = await rawGet(s.port, "/api/health", { ...host, ...auth, Origin: origin });
    assertEquals(r.status, 200, origin);
  }
  for (
    const origin of [
      "http://evil.example",
      `http://evil.example:${s.port}`,
      `https://127.0.0.1:${s.port}`,
      `http://127.0.0.1:${s.port + 1}`,
      "null",
    ]
  ) {
    const r = await rawGet(s.port, "/api/health", { ...host, ...auth, Origin: origin });
    assertEquals(r.status, 403, origin);
  }
});

Deno.test(
  "the token file lives while the server runs; stdin EOF stops it cleanly",
  sanitize,
  async () => {
    await using p = await tempProject();
    const s = await startServer(p.dir);
    try {
      const info = await Deno.stat(p.state.tokenPath);
      assertEquals(info.mode! & 0o777, 0o600);
      assertEquals((await Deno.readTextFile(p.state.tokenPath)).trim(), s.token);
      await s.proc.closeStdin();
      const status = await s.proc.done;
      assertEquals(status.code, 0, s.proc.stderr);
      await assertGone(p.state.tokenPath);
      await assertGone(p.state.liveChannelPath);
    } finally {
      await s[Symbol.asyncDispose]();
    }
  },
);

Deno.test("SIGTERM stops the server and removes the token file", sanitize, async () => {
  await using p = await tempProject();
  await using proc = spawnCli(["serve", "--port", "0"], { cwd: p.dir });
  const [line, token] = await proc.waitLines(2, 20_000);
  assertStringIncludes(line, "taskline serve on http://127.0.0.1:");
  assertStringIncludes(token, (await Deno.readTextFile(p.state.tokenPath)).trim());
  proc.kill("SIGTERM");
  const status = await proc.done;
  assertEquals(status.code, 130);
  await assertGone(p.state.tokenPath);
});

Deno.test("a non-loopback --host is warned about", sanitize, async () => {
  await using p = await tempProject();
  const r = await runCli(["serve", "--host", "0.0.0.0", "--port", "0"], { cwd: p.dir });
  assertStringIncludes(r.stderr, "not a loopback address");
  // The shipped permissions allow the network on loopback only.
  assertEquals(r.code, 1);
  await assertGone(p.state.tokenPath);
});

Deno.test("serve outside a project fails clearly", sanitize, async () => {
  await using p = await tempProject({ init: false });
  const r = await runCli(["serve", "--port", "0"], { cwd: p.dir });
  assertEquals(r.code, 1);
  assertStringIncludes(r.stderr, "No taskline project here");
});

async function assertGone(path: string) {
  try {
    await Deno.stat(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  throw new Error(`${path} still exists`);
}

Deno.test(
  "a second server on the project keeps its token file when the first stops",
  sanitize,
  async () => {
    await using p = await tempProject();
    const first = await startServer(p.dir);
    await using second = await startServer(p.dir);
    assertEquals((await Deno.readTextFile(p.state.tokenPath)).trim(), second.token);
    await first[Symbol.asyncDispose]();
    assertEquals((await Deno.readTextFile(p.state.tokenPath)).trim(), second.token);
    assertEquals((await second.get("/api/health")).status, 200);
    const info = JSON.parse(await Deno.readTextFile(p.state.liveChannelPath));
    assertEquals(typeof info.port, "number");
  },
);
