/**
 * Past its file descriptor limit, `taskline serve` cannot accept connections
 * any more (Deno 2.9's accept loop ends on "Too many open files"). It holds
 * idle connections up to the limit and answers others meanwhile; at the
 * limit it stops cleanly, says why, and removes its token and live-channel
 * files, instead of dying of an unhandled error (docs/server.md, "Idle
 * connections and slow requests").
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, taskWithLog, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";

const quote = (w: string) => `'${w.replaceAll("'", `'\\''`)}'`;

Deno.test({
  name: "serve holds idle connections up to its descriptor limit, then stops cleanly and says why",
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
    // Past it: the runtime's accept loop fails, and the server stops on its own.
    for (let i = 0; i < 200; i++) {
      try {
        idle.push(await Deno.connect({ port: info.port }));
      } catch { /* refused once it stopped listening */ }
    }
    const status = await Promise.race([
      child.status,
      new Promise<null>((r) => setTimeout(() => r(null), 20_000)),
    ]);
    assert(status !== null, "the server went on past its descriptor limit");
    assertEquals(status.code, 1);
    const stderr = await new Response(child.stderr).text();
    assertStringIncludes(stderr, "cannot accept connections any more");
    assertStringIncludes(stderr, "ulimit -n");
    assert(!stderr.includes("Uncaught"), stderr);
    for (const file of ["server.token", "live.json"]) {
      const gone = await Deno.stat(`${p.state.root}/${file}`).then(() => false, () => true);
      assert(gone, `${file} was left behind`);
    }
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
