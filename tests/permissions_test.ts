/**
 * The sandbox (docs/permissions.md): the program as `deno task install` and
 * `deno task compile` start it holds the four permissions and no others, as
 * the running process says through `taskline doctor` and `/api/health`; each
 * command gives up what the table of docs/permissions.md says it does not
 * keep.
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO, runCli, taskWithLog, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { denoArgs } from "../scripts/install.ts";
import type { HeldPermissions } from "../src/sandbox.ts";

const LOOPBACK = ["127.0.0.1", "localhost", "[::1]"];

/** Runs `argv` (a program and its arguments) in `cwd` to its end. */
async function exec(argv: string[], cwd: string, env: Record<string, string> = {}) {
  const out = await new Deno.Command(argv[0], {
    args: argv.slice(1),
    cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0", ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

/** `taskline serve` started by `argv` in `cwd`: its `/api/health`, then stopped. */
async function healthOf(argv: string[], cwd: string): Promise<Record<string, unknown>> {
  const child = new Deno.Command(argv[0], {
    args: [...argv.slice(1), "serve", "--port", "0", "--json", "--exit-on-stdin-eof"],
    cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let first = "";
  try {
    while (!first.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) {
        throw new Error(`serve printed nothing: ${await new Response(child.stderr).text()}`);
      }
      first += value;
    }
    const info = JSON.parse(first.split("\n")[0]) as { url: string; token: string };
    const res = await fetch(new URL("/api/health", info.url), {
      headers: { authorization: `Bearer ${info.token}` },
    });
    assertEquals(res.status, 200);
    return await res.json();
  } finally {
    await child.stdin.close();
    await reader.cancel();
    await child.stderr.cancel();
    await child.status;
  }
}

/** The four permissions, as the running process reports them (the server keeps all four). */
function assertFour(held: HeldPermissions, what: string) {
  assertEquals(held.read, { all: false, granted: ["state_dir"] }, `${what}: read`);
  assertEquals(held.write, { all: false, granted: ["state_dir"] }, `${what}: write`);
  assertEquals(held.net, { all: false, granted: LOOPBACK }, `${what}: net`);
  assertEquals(held.env.all, true, `${what}: env`);
  for (const name of ["run", "ffi", "sys"] as const) {
    assertEquals(held[name], { all: false, granted: [] }, `${what}: ${name}`);
  }
}

Deno.test({
  name: "taskline as `deno task install` installs it holds the four permissions and no others",
  sanitizeResources: false,
}, async () => {
  const root = await Deno.makeTempDir({ prefix: "taskline-install-" });
  await using p = await tempProject();
  try {
    const installed = await exec(
      [Deno.execPath(), "run", "-A", `${REPO}/scripts/install.ts`, "install"],
      REPO,
      { DENO_INSTALL_ROOT: root },
    );
    assertEquals(installed.code, 0, installed.stderr);
    const taskline = `${root}/bin/taskline`;
    const script = await Deno.readTextFile(taskline);
    for (const bad of ["--allow-ffi", "--allow-run", "--allow-sys", "--allow-all", " -A "]) {
      assert(!script.includes(bad), `the installed command has ${bad}: ${script}`);
    }
    await taskWithLog(p.state, "one", []);
    const health = await healthOf([taskline], p.dir);
    assertFour(health.permissions as HeldPermissions, "installed serve");
    assertEquals(health.read_outside_state_dir, false);
    // doctor keeps read alone, and says so.
    const doctor = await exec([taskline, "doctor", "--json"], p.dir);
    assertEquals(doctor.code, 0, doctor.stderr);
    const report = JSON.parse(doctor.stdout);
    assertEquals(report.permissions.read.granted, ["state_dir"]);
    assertEquals(report.permissions.write.granted, []);
    assertEquals(report.permissions.net.granted, []);
    assertEquals(report.warnings, 0, doctor.stdout);
  } finally {
    await Deno.remove(root, { recursive: true }).catch(() => {});
  }
});

Deno.test("taskline as `deno task compile` builds it runs with the four permissions and no others", async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "one", []);
  // The compiled binary cannot be built here (no denort runtime): its flags are run with `deno run`.
  const args = denoArgs("compile", [...PERMISSION_FLAGS], MAIN);
  const flags = args.filter((a) => a.startsWith("--allow-") || a.startsWith("--v8-flags"));
  assertEquals(flags.filter((f) => f.startsWith("--allow-")).length, 4, flags.join(" "));
  const health = await healthOf([Deno.execPath(), "run", "--quiet", ...flags, MAIN], p.dir);
  assertFour(health.permissions as HeldPermissions, "compiled serve");
  assertEquals(health.read_outside_state_dir, false);
});

/** The rows of docs/permissions.md's table: a command line and what it keeps. */
async function table(): Promise<{ line: string; read: boolean; write: boolean; net: boolean }[]> {
  const text = await Deno.readTextFile(`${REPO}/docs/permissions.md`);
  const rows = [];
  for (const m of text.matchAll(/^\| `([^`]+)` \| (yes|no) \| (yes|no) \| (yes|no) \|/gm)) {
    rows.push({ line: m[1], read: m[2] === "yes", write: m[3] === "yes", net: m[4] === "yes" });
  }
  return rows;
}

/** What a command's process holds, from its `TASKLINE_SHOW_PERMISSIONS` line. */
function heldOf(stderr: string, command: string): HeldPermissions {
  const m = new RegExp(`^taskline ${command}: holds (\\{.*\\})$`, "m").exec(stderr);
  assert(m !== null, `no permissions line for ${command}: ${stderr}`);
  return JSON.parse(m[1]);
}

Deno.test("each command keeps what docs/permissions.md says, and gives up the rest", async () => {
  const rows = await table();
  assert(rows.length >= 20, `the table has ${rows.length} rows`);
  const commands = new Set(rows.map((r) => r.line.split(" ")[0]));
  // Every command of the program has a row.
  const help = await runCli(["--help"], { cwd: "/tmp" });
  for (const m of help.stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)) {
    assert(commands.has(m[1]), `docs/permissions.md has no row for ${m[1]}`);
  }
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "one", []);
  for (const row of rows) {
    const [name, ...rest] = row.line.split(" ");
    // Arguments that make each command run a moment and stop: the keeping is done before it runs.
    const args = [name, ...rest];
    if (name === "events" || name === "trace" || name === "record" || name === "run") {
      args.push(task.dir);
    }
    if (name === "task" && rest[0] === "new") args.push("a title");
    if (name === "task" && (rest[0] === "show" || rest[0] === "discard")) args.push("#999");
    if (name === "ship" || name === "mirror") args.push("nats://127.0.0.1:1");
    if (name === "serve") args.push("--port", "0", "--exit-on-stdin-eof");
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "--quiet", ...PERMISSION_FLAGS, MAIN, ...args],
      cwd: p.dir,
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0", TASKLINE_SHOW_PERMISSIONS: "1" },
      stdin: "piped",
      stdout: "null",
      stderr: "piped",
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let stderr = "";
    const deadline = setTimeout(() => child.kill("SIGKILL"), 20_000);
    while (!/holds \{.*\}\n/.test(stderr)) {
      const { value, done } = await reader.read();
      if (done) break;
      stderr += value;
    }
    // Long-running commands (follow, serve, tui, ship) are stopped once they said it.
    try {
      child.kill("SIGTERM");
    } catch { /* ended already */ }
    await child.stdin.close().catch(() => {});
    await reader.cancel();
    await child.status;
    clearTimeout(deadline);
    const held = heldOf(stderr, name);
    const what = `taskline ${args.join(" ")}`;
    assertEquals(held.read.granted.includes("state_dir"), row.read, `${what}: read`);
    assertEquals(held.write.granted.includes("state_dir"), row.write, `${what}: write`);
    assertEquals(held.net.granted.length > 0, row.net, `${what}: net`);
    for (const n of ["run", "ffi", "sys"] as const) {
      assertEquals(held[n], { all: false, granted: [] }, `${what}: ${n}`);
    }
  }
});

Deno.test("doctor warns when taskline holds more than its four permissions", async () => {
  await using p = await tempProject();
  const out = await exec([
    Deno.execPath(),
    "run",
    "--quiet",
    ...PERMISSION_FLAGS,
    "--allow-sys=hostname",
    "--allow-run=sh",
    MAIN,
    "doctor",
  ], p.dir);
  assertStringIncludes(
    out.stdout,
    "holds more than taskline's four permissions: run sh, sys hostname",
  );
  assertStringIncludes(out.stdout, "fix: run taskline as `deno task install` installs it");
});

Deno.test("nothing in src/ loads a library through FFI or starts a process", async () => {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (path.endsWith(".ts") && !path.endsWith("_test.ts")) {
        const text = await Deno.readTextFile(path);
        for (const api of ["Deno.dlopen", "Deno.Command", "Deno.run(", "UnsafePointer"]) {
          if (text.includes(api)) found.push(`${path.slice(REPO.length + 1)}: ${api}`);
        }
      }
    }
  };
  await walk(`${REPO}/src`);
  assertEquals(found, []);
  for (const flag of PERMISSION_FLAGS) {
    assert(!/^--allow-(ffi|run|sys|all)\b|^-A$/.test(flag), `the shipped flags hold ${flag}`);
  }
  const tasks = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`)).tasks.taskline as string;
  assert(!/--allow-(ffi|run|sys|all)\b/.test(tasks), `deno task taskline: ${tasks}`);
});
