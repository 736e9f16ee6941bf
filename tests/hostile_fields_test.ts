/**
 * Hostile values in places the hostile fixture does not reach: a log line's
 * own top-level `task` and `number` (which must not forge the tag of the views
 * over every task), a `task.json` whose number is not a task number (whose
 * cursors no client could resume from), `taskline record` input whose
 * unknown fields are named like `Object.prototype`'s members, a scenario
 * named by a run request that is a FIFO, a directory or missing, and a
 * `memory.jsonl` that is a FIFO.
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, runCli, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { postJson, SseReader, startServer } from "./serve_util.ts";
import { cliWithin } from "./badfiles_util.ts";
import { createTask } from "../src/store/tasks.ts";

const RUN = "11111111-1111-1111-1111-111111111111";

function line(seq: number, message: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    schema: 2,
    seq,
    at: `2026-11-27T19:00:0${seq}Z`,
    event: seq === 1
      ? { type: "run_started", run: RUN, task: "x" }
      : { type: "log", run: RUN, level: "info", message },
    ...extra,
  });
}

Deno.test("a log line's own task and number never change the tag of the views over every task", async () => {
  await using p = await tempProject();
  const a = await createTask(p.state, "a");
  const b = await createTask(p.state, "b");
  const forged = { task: b.id, number: b.number };
  const lines = [
    line(1, ""),
    // The fields first, last, and in another serialiser's form.
    JSON.stringify({ ...forged, ...JSON.parse(line(2, "first")) }),
    line(3, "last", forged),
    line(4, "spaced", forged).replaceAll(",", ", ").replaceAll(":", ": ").replace(
      /: (\d\d): (\d\d)Z/,
      ":$1:$2Z",
    ),
  ];
  await Deno.writeTextFile(p.state.logPath(a.dir), lines.map((l) => l + "\n").join(""));
  const check = (text: string, where: string) => {
    const env = JSON.parse(text);
    assertEquals([env.task, env.number], [a.id, a.number], `${where}: ${text}`);
    // One `task` and one `number` at the top: no key a parser could take instead.
    assertEquals(text.split(`"number":`).length, 2, `${where}: ${text}`);
  };

  const cli = await runCli(["events", "--json"], { cwd: p.dir });
  assertEquals(cli.code, 0, cli.stderr);
  const out = cli.stdout.trimEnd().split("\n");
  assertEquals(out.length, 4);
  for (const l of out) check(l, "events --json");
  const typed = await runCli(["events", "--json", "--type", "log"], { cwd: p.dir });
  for (const l of typed.stdout.trimEnd().split("\n")) check(l, "events --json --type log");
  assertEquals(
    (await runCli(["events", "--json", "--task", "2"], { cwd: p.dir })).stdout,
    "",
  );

  await using s = await startServer(p.dir);
  const recent = await s.json("/api/events") as unknown[];
  assertEquals(recent.length, 4);
  const text = await (await s.get("/api/events")).text();
  assertEquals(text.split(`"number":`).length, 5, text);
  for (const env of recent) check(JSON.stringify(env), "/api/events");

  // From a cursor (read from the logs), then live (read by the follower).
  const res = await s.get("/api/stream?after=0-0-0");
  const sse = new SseReader(res.body!);
  try {
    await sse.until((f) => f.filter((x) => x.data).length >= 4);
    await Deno.writeTextFile(
      p.state.logPath(a.dir),
      line(5, "live", forged) + "\n",
      { append: true },
    );
    await sse.until((f) => f.filter((x) => x.data).length >= 5);
    for (const f of sse.frames.filter((x) => x.data)) {
      check(f.data!, "/api/stream");
      assert(f.id!.includes(`-${a.number}-`), f.id);
    }
  } finally {
    await sse.cancel();
  }
});

Deno.test("a task.json whose number is not a task number is that task's problem: no cursor nobody can resume from", async () => {
  await using p = await tempProject();
  const good = await createTask(p.state, "good");
  const bad = await createTask(p.state, "bad");
  for (const t of [good, bad]) {
    await Deno.writeTextFile(p.state.logPath(t.dir), line(1, "") + "\n" + line(2, "m") + "\n");
  }
  for (const number of [-7, 0]) {
    const path = p.state.taskJsonPath(bad.dir);
    const rec = JSON.parse(await Deno.readTextFile(path));
    await Deno.writeTextFile(path, JSON.stringify({ ...rec, number }));
    const r = await runCli(["events", "--json"], { cwd: p.dir });
    const envs = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    assertEquals(envs.map((e) => e.number), [good.number, good.number], r.stdout);
    assertStringIncludes(r.stderr, bad.dir);
  }
  await using s = await startServer(p.dir);
  const res = await s.get("/api/stream?after=0-0-0");
  const sse = new SseReader(res.body!);
  try {
    await sse.until((f) => f.filter((x) => x.data).length >= 2);
    // Every id is a cursor the server takes back.
    for (const f of sse.frames.filter((x) => x.data)) {
      const again = await s.get("/api/stream", { headers: { "Last-Event-ID": f.id! } });
      assertEquals(again.status, 200, f.id);
      await again.body!.cancel();
    }
  } finally {
    await sse.cancel();
  }
});

Deno.test("record keeps unknown fields named like Object.prototype's members", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "a");
  const input = [
    { type: "log", level: "info", message: "m", constructor: 1, toString: "x", valueOf: [2] },
    { type: "log", level: "info", message: "n", hasOwnProperty: { a: 1 }, isPrototypeOf: null },
    { type: "run_finished", success: true, status: "done" },
  ].map((e) => JSON.stringify(e) + "\n").join("");
  const r = await runCli(["record", t.dir], { cwd: p.dir, stdin: input });
  assertEquals(r.code, 0, r.stderr);
  const logged = (await Deno.readTextFile(p.state.logPath(t.dir))).trimEnd().split("\n")
    .map((l) => JSON.parse(l).event);
  const [m, n] = logged.filter((e) => e.type === "log");
  assertEquals(Object.hasOwn(m, "constructor"), true, JSON.stringify(m));
  assertEquals([m.constructor, m.toString, m.valueOf], [1, "x", [2]]);
  assertEquals([n.hasOwnProperty, n.isPrototypeOf], [{ a: 1 }, null]);
});

Deno.test("record says a line that is not UTF-8 is not UTF-8", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "a");
  const r = await runCliBytes(["record", t.dir], p.dir, [
    new TextEncoder().encode('{"type":"log","level":"info","message":"'),
    new Uint8Array([0xff, 0xfe]),
    new TextEncoder().encode('"}\n{"type":"run_finished","success":true,"status":"done"}\n'),
  ]);
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, "line 1 of stdin not written: not valid UTF-8");
  assert(!r.stderr.includes("\\x00"), r.stderr);
});

async function runCliBytes(
  args: string[],
  cwd: string,
  chunks: Uint8Array[],
): Promise<{ code: number; stderr: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", ...PERMISSION_FLAGS, MAIN, ...args],
    cwd,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = child.stdin.getWriter();
  for (const c of chunks) await w.write(c);
  await w.close();
  const out = await child.output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

Deno.test("a scenario that is a FIFO, a directory or missing is the request's problem: an answer at once, never a hang or a 500", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "a");
  await Deno.mkdir(`${p.state.root}/scenarios/dir.jsonc`, { recursive: true });
  const fifo = new Deno.Command("mkfifo", { args: [`${p.state.root}/scenarios/fifo.jsonc`] });
  assertEquals((await fifo.output()).code, 0);
  await Deno.writeTextFile(`${p.state.root}/not-a-dir`, "x");
  const cases: Array<[string, number]> = [
    ["fifo", 400],
    ["dir", 400],
    ["nope", 404],
    [".taskline/not-a-dir/x.jsonc", 404],
  ];
  for (const [scenario] of cases) {
    const r = await runCli(["run", t.dir, "--scenario", scenario], { cwd: p.dir });
    assert(r.code === 1 || r.code === 2, `${scenario}: ${r.code} ${r.stderr}`);
    assertStringIncludes(r.stderr, "Cannot read scenario");
  }
  await using s = await startServer(p.dir);
  for (const [scenario, status] of cases) {
    const r = await postJson(s, `/api/tasks/${t.number}/run`, { scenario });
    assertEquals(r.status, status, `${scenario}: ${JSON.stringify(r.body)}`);
  }
  // The task was never started, and still can be.
  const ok = await postJson(s, `/api/tasks/${t.number}/run`, { speed: 1000 });
  assertEquals(ok.status, 202, JSON.stringify(ok.body));
});

Deno.test("a memory.jsonl that is a FIFO holds no run up: it is named, the lock is let go, the server stops", async () => {
  await using p = await tempProject();
  const [a, b, c] = [
    await createTask(p.state, "a"),
    await createTask(p.state, "b"),
    await createTask(p.state, "c"),
  ];
  const memory = `${p.state.root}/memory.jsonl`;
  assertEquals((await new Deno.Command("mkfifo", { args: [memory] }).output()).code, 0);
  // The run does its work and names the file; its process ends (before: it
  // waited for a reader of the FIFO for ever, holding the task's lock).
  const run = await cliWithin(["run", a.dir, "--speed", "1000"], p.dir);
  assertStringIncludes(run.stderr, "memory.jsonl");
  const again = await cliWithin(["run", a.dir, "--restart", "--speed", "1000"], p.dir);
  assert(!again.stderr.includes("another process"), again.stderr);
  for (const args of [["memory", "list"], ["memory", "clear", "--yes"]]) {
    const r = await cliWithin(args, p.dir);
    assertEquals(r.code, 1, args.join(" "));
    assertStringIncludes(r.stderr, "memory.jsonl", args.join(" "));
  }
  const s = await startServer(p.dir);
  try {
    const started = await postJson(s, `/api/tasks/${b.number}/run`, { speed: 1000 });
    assertEquals(started.status, 202, JSON.stringify(started.body));
    const deadline = Date.now() + 15_000;
    for (;;) {
      const row = await s.json(`/api/tasks/${b.number}`) as { running: boolean };
      if (!row.running) break;
      assert(Date.now() < deadline, "the run of the server still holds the task");
      await new Promise((r) => setTimeout(r, 100));
    }
    const next = await postJson(s, `/api/tasks/${c.number}/run`, { speed: 1000 });
    assertEquals(next.status, 202, JSON.stringify(next.body));
  } finally {
    await s.proc.closeStdin();
    const timer = setTimeout(() => s.proc.kill("SIGKILL"), 10_000);
    const status = await s.proc.done;
    clearTimeout(timer);
    assertEquals(status.signal, null, "the server did not stop: killed");
  }
});

Deno.test("the run route reads scenarios of .taskline/scenarios/ only: never the token or credentials files", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "a");
  await Deno.writeTextFile(`${p.state.root}/nats.token`, "Xsecret-nats-token\n");
  await Deno.writeTextFile(`${p.state.root}/elsewhere.jsonc`, '{"phases": []}');
  await Deno.mkdir(`${p.state.root}/scenarios`, { recursive: true });
  await Deno.symlink(`${p.state.root}/nats.token`, `${p.state.root}/scenarios/link.jsonc`);
  await using s = await startServer(p.dir);
  for (
    const scenario of [
      ".taskline/nats.token",
      ".taskline/server.token",
      ".taskline/elsewhere.jsonc",
      "link",
    ]
  ) {
    const r = await postJson(s, `/api/tasks/${t.number}/run`, { scenario });
    assertEquals(r.status, 400, `${scenario}: ${JSON.stringify(r.body)}`);
    const text = JSON.stringify(r.body);
    assertStringIncludes(text, "scenarios/");
    for (const secret of ["Xsecret", "'X'", s.token.slice(0, 6)]) {
      assert(!text.includes(secret), `${scenario}: ${text}`);
    }
  }
  // The command line, run by the project's owner, still plays a file anywhere in .taskline/.
  const cli = await runCli(["run", "1", "--scenario", ".taskline/elsewhere.jsonc"], { cwd: p.dir });
  assert(!cli.stderr.includes("Cannot read scenario"), cli.stderr);
});

Deno.test("a run.json that is a FIFO: the run route answers 409 at once, the CLI exits 1 naming it, the list is served", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "a");
  await createTask(p.state, "b");
  const fifo = new Deno.Command("mkfifo", { args: [p.state.runJsonPath(t.dir)] });
  assertEquals((await fifo.output()).code, 0);
  await using s = await startServer(p.dir);
  const r = await postJson(s, `/api/tasks/${t.number}/run`, {});
  assertEquals(r.status, 409, JSON.stringify(r.body));
  assertEquals(r.body.code, "bad-state-file");
  assertStringIncludes(String(r.body.detail), "run.json is not a regular file");
  const rows = await (await s.get("/api/tasks")).json();
  assertEquals(rows.length, 2);
  const cli = await runCli(["run", "1"], { cwd: p.dir });
  assertEquals(cli.code, 1);
  assertStringIncludes(cli.stderr, "run.json is not a regular file");
  // The other task runs.
  const ok = await postJson(s, `/api/tasks/2/run`, { speed: 1000 });
  assertEquals(ok.status, 202, JSON.stringify(ok.body));
});
