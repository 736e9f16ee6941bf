/**
 * Past its file descriptor limit, `taskline serve` cannot accept new
 * connections ("Too many open files"): it says so once, keeps serving the
 * connections it has, and accepts again as soon as some close (new clients
 * wait in the kernel's backlog meanwhile) — it neither stops nor dies
 * (docs/server.md, "Idle connections and slow requests").
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, taskWithLog, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";

const quote = (w: string) => `'${w.replaceAll("'", `'\\''`)}'`;

Deno.test({
  name:
    "past its descriptor limit serve says why, keeps running, and accepts again once clients go",
  ignore: Deno.build.os !== "linux",
  sanitizeResources: false,
  sanitizeOps: false,
}, async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "one", []);
  const argv = [
    Deno.execPath(),
    "run",
    "--quiet",
    ...PERMISSION_FLAGS,
    MAIN,
    "serve",
    "--port",
    "0",
  ];
  const child = new Deno.Command("bash", {
    args: ["-c", `ulimit -n 256 && exec ${argv.map(quote).join(" ")} --json`],
    cwd: p.dir,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "null",
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
  const info = JSON.parse(first.split("\n")[0]) as { port: number; token: string };
  const health = async () => {
    const res = await fetch(`http://127.0.0.1:${info.port}/api/health`, {
      headers: { authorization: `Bearer ${info.token}` },
      signal: AbortSignal.timeout(5_000),
    });
    await res.body?.cancel();
    return res.status;
  };
  const idle: Deno.Conn[] = [];
  try {
    // Well under the limit: the server answers while 150 connections say nothing.
    for (let i = 0; i < 150; i++) idle.push(await Deno.connect({ port: info.port }));
    assertEquals(await health(), 200);
    // Past it: accepting fails; the server says so and goes on.
    for (let i = 0; i < 200; i++) {
      try {
        idle.push(await Deno.connect({ port: info.port }));
      } catch { /* the kernel's backlog is full */ }
    }
    const stderr = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let said = "";
    const deadline = Date.now() + 10_000;
    while (!said.includes("ulimit -n") && Date.now() < deadline) {
      const { value, done } = await stderr.read();
      if (done) break;
      said += value;
    }
    assertStringIncludes(said, "cannot accept connections for now");
    assertStringIncludes(said, "ulimit -n");
    assert(!said.includes("Uncaught"), said);
    // Clients go: the server accepts again and answers, still the same process.
    for (const c of idle.splice(0)) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = await health().catch(() => 0);
    }
    assertEquals(status, 200, "the server accepts again once descriptors are free");
    const ended = await Promise.race([
      child.status.then(() => true),
      new Promise<false>((r) => setTimeout(() => r(false), 100)),
    ]);
    assert(!ended, "the server stopped");
    await stderr.cancel().catch(() => {});
  } finally {
    for (const c of idle) {
      try {
        c.close();
      } catch { /* closed */ }
    }
    try {
      child.kill("SIGKILL");
    } catch { /* ended */ }
    await lines.cancel().catch(() => {});
    await child.status;
  }
});
