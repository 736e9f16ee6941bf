/**
 * Files that are not logs (issue #23, part 2): a task whose `events.jsonl` is
 * a FIFO, a socket, a directory, a device, or a link out of `.taskline/` or
 * to nothing is that task's problem and no one else's. Every command returns
 * promptly (a deadline fails the test instead of a hang), every good task is
 * all there, and each bad file is named.
 *
 * @module
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { badProject, cliWithin, PROMPT_MS } from "./badfiles_util.ts";
import { spawnCli } from "./helpers.ts";
import { SseReader, startServer } from "./serve_util.ts";
import { EXITED, TuiSession } from "./tui_tmux.ts";

function assertNamesEach(text: string, paths: string[]): void {
  for (const p of paths) assertStringIncludes(text, p);
}

Deno.test("events, history, trace and doctor return at once beside every kind of bad log, with every good task, naming each bad file", async () => {
  await using b = await badProject();
  const cwd = b.p.dir;
  assert(b.bad.length >= 5, `bad kinds built: ${b.bad.map((x) => x.kind)}`);
  const paths = b.bad.map((x) => x.path);

  // Every task: every good event, each bad file named on stderr, exit 1.
  for (
    const args of [["events", "--json"], ["events"], ["events", "--since", "2000-01-01T00:00:00Z"]]
  ) {
    const r = await cliWithin(args, cwd);
    assertEquals(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
    assertEquals(r.stdout.trimEnd().split("\n").length, b.goodEvents, args.join(" "));
    assertNamesEach(r.stderr, paths);
    assert(!r.stdout.includes(b.leak) && !r.stderr.includes(b.leak), "text of the file outside");
  }
  const json = await cliWithin(["events", "--json"], cwd);
  const numbers = new Set(json.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).number));
  assertEquals([...numbers].sort(), b.good.map((t) => t.number).sort());

  // A good task alone: as usual.
  const one = await cliWithin(["events", String(b.good[0].number), "--json"], cwd);
  assertEquals(one.code, 0, one.stderr);
  assertEquals(one.stderr, "");

  // A bad task named: fails at once naming its file, with or without --follow.
  for (const x of b.bad) {
    for (
      const args of [
        ["events", x.task.dir],
        ["events", x.task.dir, "--follow"],
        ["events", x.task.dir, "--all", "--json"],
        ["trace", x.task.dir],
        ["trace", x.task.dir, "--json"],
        ["task", "show", x.task.dir],
      ]
    ) {
      const r = await cliWithin(args, cwd);
      assertEquals(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
      assertStringIncludes(r.stderr, x.path);
      assertEquals(r.stdout, "");
    }
  }

  // Writing to such a log is refused the same way: run, record, approve.
  for (
    const args of [["run", b.bad[0].task.dir], ["record", b.bad[0].task.dir], [
      "approve",
      b.bad[0].task.dir,
    ]]
  ) {
    const r = await cliWithin(args, cwd);
    assertEquals(r.code, 1, `${args.join(" ")}: ${r.stderr}`);
    assertStringIncludes(r.stderr, b.bad[0].path);
  }

  // History: every task listed, a bad one with its problem (bad_log), named on stderr, exit 1.
  const h = await cliWithin(["history", "--all", "--json"], cwd);
  assertEquals(h.code, 1, h.stderr);
  assertNamesEach(h.stderr, paths);
  const docs = JSON.parse(h.stdout) as Array<
    { number: number; runs: unknown[]; bad_log?: { path: string; kind: string }; errors: string[] }
  >;
  assertEquals(docs.length, b.good.length + b.bad.length);
  for (const t of b.good) {
    const d = docs.find((d) => d.number === t.number)!;
    assertEquals(d.runs.length, 1);
    assertEquals(d.bad_log, undefined);
  }
  for (const x of b.bad) {
    const d = docs.find((d) => d.number === x.task.number)!;
    assertEquals(d.bad_log?.kind, x.kind, x.task.dir);
    assertStringIncludes(d.bad_log!.path, `tasks/${x.task.dir}/events.jsonl`);
    assertStringIncludes(d.errors.join("\n"), x.path);
  }
  const table = await cliWithin(["history", "--all"], cwd);
  assertEquals(table.code, 1);
  for (const x of b.bad) {
    const row = table.stdout.split("\n").find((l) => l.startsWith(`${x.task.number} `)) ?? "";
    assertStringIncludes(row, "(log unreadable)");
  }
  const detail = await cliWithin(["history", b.bad[0].task.dir], cwd);
  assertEquals(detail.code, 1);
  assertStringIncludes(detail.stdout, "Problems:");
  assertStringIncludes(detail.stdout, b.bad[0].path);
  const goodDetail = await cliWithin(["history", String(b.good[1].number)], cwd);
  assertEquals(goodDetail.code, 0, goodDetail.stderr);

  // Doctor: one error finding per bad file, the good tasks checked.
  const d = await cliWithin(["doctor", "--json"], cwd);
  assertEquals(d.code, 1);
  const report = JSON.parse(d.stdout) as {
    tasks: number;
    findings: Array<{ level: string; file: string; message: string }>;
  };
  assertEquals(report.tasks, b.good.length + b.bad.length);
  for (const x of b.bad) {
    const f = report.findings.find((f) => f.file.endsWith(`tasks/${x.task.dir}/events.jsonl`));
    assertEquals(f?.level, "error", x.kind);
    assertStringIncludes(f!.message, "not a regular file");
  }
  for (const t of b.good) {
    assert(!report.findings.some((f) => f.file.includes(t.dir) && f.level === "error"), t.dir);
  }
});

Deno.test("serve starts, serves every good task, and answers each bad task's routes with problem+json at once", async () => {
  await using b = await badProject();
  await using server = await startServer(b.p.dir);
  const within = (path: string) =>
    server.get(path, {}).then(async (res) => ({ res, text: await res.text() }));
  const timed = <T>(p: Promise<T>, what: string): Promise<T> =>
    Promise.race([
      p,
      new Promise<T>((_, reject) =>
        setTimeout(() => reject(new Error(`${what}: no answer within ${PROMPT_MS} ms`)), PROMPT_MS)
      ),
    ]);

  const tasks = await timed(server.json("/api/tasks"), "/api/tasks") as unknown[];
  assertEquals(tasks.length, b.good.length + b.bad.length);
  const events = await timed(server.json("/api/events?after=0-0-0"), "/api/events") as Array<
    { number: number }
  >;
  assertEquals(events.length, b.goodEvents);
  assertEquals(
    [...new Set(events.map((e) => e.number))].sort(),
    b.good.map((t) => t.number).sort(),
  );
  const recent = await timed(server.json("/api/events"), "/api/events") as unknown[];
  assertEquals(recent.length, b.goodEvents);
  for (const t of b.good) {
    const evs = await timed(server.json(`/api/tasks/${t.number}/events`), t.dir) as unknown[];
    assert(evs.length > 0);
    const trace = await timed(server.json(`/api/tasks/${t.number}/trace`), t.dir);
    assert(trace !== null);
  }
  const history = await timed(server.json("/api/history?all=true"), "/api/history") as Array<
    { number: number; bad_log?: { kind: string } }
  >;
  assertEquals(history.length, b.good.length + b.bad.length);

  for (const x of b.bad) {
    for (const route of ["events", "stream", "trace", "events?all=true"]) {
      const path = `/api/tasks/${x.task.number}/${route}`;
      const { res, text } = await timed(within(path), path);
      assertEquals(res.status, 409, `${path}: ${text}`);
      assertEquals(res.headers.get("content-type"), "application/problem+json");
      const body = JSON.parse(text) as { code: string; detail: string };
      assertEquals(body.code, "bad-log-file");
      assertStringIncludes(body.detail, `tasks/${x.task.dir}/events.jsonl`);
    }
    const row = await timed(server.json(`/api/tasks/${x.task.number}`), x.task.dir) as {
      number: number;
    };
    assertEquals(row.number, x.task.number);
    const doc = await timed(server.json(`/api/history/${x.task.number}`), x.task.dir) as {
      bad_log?: { kind: string };
    };
    assertEquals(doc.bad_log?.kind, x.kind);
    assertEquals(history.find((h) => h.number === x.task.number)?.bad_log?.kind, x.kind);
  }

  // The server named each bad file once on stderr, and serves on.
  for (const x of b.bad) assertStringIncludes(server.proc.stderr, x.path);

  // The project stream replays every good event and nothing of the bad tasks.
  const res = await server.get("/api/stream?after=0-0-0");
  assertEquals(res.status, 200);
  const sse = new SseReader(res.body!);
  await sse.until((f) => f.filter((x) => x.id).length >= b.goodEvents, PROMPT_MS);
  await new Promise((r) => setTimeout(r, 300));
  assertEquals(sse.frames.filter((x) => x.id).length, b.goodEvents);
  assert(!sse.frames.some((f) => f.data?.includes(b.leak)));
  await sse.cancel();
});

Deno.test("a log replaced by a FIFO while followed: events -f of that task fails at once naming it; events -f of every task and the server's stream go on with the others", async () => {
  await using b = await badProject();
  const cwd = b.p.dir;
  const [one, two] = b.good;
  // #1's run is open again: its follower waits for more.
  const openRun = crypto.randomUUID();
  await Deno.writeTextFile(
    b.p.state.logPath(one.dir),
    JSON.stringify({
      schema: 2,
      seq: 1,
      at: new Date().toISOString(),
      event: { type: "run_started", run: openRun, task: one.record.id },
    }) + "\n",
  );
  // A process holds #1's lock, so its open run is not taken for a dead one.
  const lock = await Deno.open(b.p.state.lockPath(one.dir), {
    read: true,
    write: true,
    create: true,
  });
  await lock.lock(true);

  await using server = await startServer(cwd);
  const res = await server.get("/api/stream");
  const sse = new SseReader(res.body!);
  await using task = spawnCli(["events", one.dir, "--follow"], { cwd });
  await using all = spawnCli(["events", "--follow"], { cwd });
  await task.waitLines(1, PROMPT_MS);
  await new Promise((r) => setTimeout(r, 1500)); // both followers are caught up

  // #1's log becomes a FIFO.
  const fifo = `${b.p.state.taskDir(one.dir)}/events.fifo`;
  await new Deno.Command("mkfifo", { args: [fifo] }).output();
  await Deno.rename(fifo, b.p.state.logPath(one.dir));

  const timeout = (ms: number) => new Promise((r) => setTimeout(() => r("timeout"), ms));
  const st = await Promise.race([task.done, timeout(PROMPT_MS)]);
  assert(st !== "timeout", `events ${one.dir} -f did not end: ${task.stderr}`);
  assertEquals((st as Deno.CommandStatus).code, 1);
  assertStringIncludes(task.stderr, `.taskline/tasks/${one.dir}/events.jsonl`);
  assertStringIncludes(task.stderr, "FIFO");

  // The others go on: an event appended to #2 reaches both followers.
  await Deno.writeTextFile(
    b.p.state.logPath(two.dir),
    JSON.stringify({
      schema: 2,
      seq: 99,
      at: new Date().toISOString(),
      event: { type: "log", run: openRun, level: "info", message: "after the FIFO" },
    }) + "\n",
    { append: true },
  );
  const deadline = Date.now() + PROMPT_MS;
  while (!all.lines.some((l) => l.includes("after the FIFO")) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  assert(all.lines.some((l) => l.includes("after the FIFO")), all.stderr);
  assertStringIncludes(all.stderr, `.taskline/tasks/${one.dir}/events.jsonl`);
  await sse.until((f) => f.some((x) => x.data?.includes("after the FIFO")), PROMPT_MS);
  const health = await server.json("/api/health") as { ok: boolean };
  assert(health.ok);
  const { status } = await server.get(`/api/tasks/${one.number}/events`);
  assertEquals(status, 409);
  await sse.cancel();
  // Told to stop, both stop at once: Deno's watcher thread, which opens the
  // paths it reports, is not left waiting in the FIFO's open.
  server.proc.kill("SIGTERM");
  all.kill("SIGTERM");
  for (const [name, p] of [["serve", server.proc], ["events --follow", all]] as const) {
    const end = await Promise.race([p.done, timeout(PROMPT_MS)]);
    assert(end !== "timeout", `${name} did not stop on SIGTERM: ${p.stderr}`);
  }
  lock.close();
});

Deno.test("a FIFO elsewhere in a task's directory: the server holds it open, serves on, and stops when told to", async () => {
  await using b = await badProject();
  const cwd = b.p.dir;
  const [one] = b.good;
  await using server = await startServer(cwd);
  // Deno's watcher opens each path it reports: the FIFO's creation leaves its
  // thread waiting in the open until someone holds the FIFO open for writing.
  const junk = `${b.p.state.taskDir(one.dir)}/junk.fifo`;
  assertEquals((await new Deno.Command("mkfifo", { args: [junk] }).output()).code, 0);
  const held = () => {
    for (const e of Deno.readDirSync(`/proc/${server.proc.child.pid}/fd`)) {
      try {
        if (Deno.readLinkSync(`/proc/${server.proc.child.pid}/fd/${e.name}`) === junk) return true;
      } catch { /* closed meanwhile */ }
    }
    return false;
  };
  const deadline = Date.now() + PROMPT_MS;
  while (!held() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  assert(held(), "the server holds the FIFO open");
  const health = await server.json("/api/health") as { ok: boolean };
  assert(health.ok);
  server.proc.kill("SIGTERM");
  const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), PROMPT_MS));
  const end = await Promise.race([server.proc.done, timeout]);
  assert(end !== "timeout", `serve did not stop on SIGTERM: ${server.proc.stderr}`);
});

Deno.test("the TUI opens beside every kind of bad log: every task on the board, a bad one showing its problem, and q quits", async () => {
  await using b = await badProject();
  await using tui = new TuiSession("badfiles");
  await tui.start(b.p.dir, ["tui"], { width: 200, height: 40 });
  const s = await tui.waitFor(
    (t) => b.bad.every((x) => t.includes(`#${x.task.number} `)),
    PROMPT_MS,
  );
  for (const t of b.good) assertMatch(s, new RegExp(`#${t.number} +${t.record.title} +done`));
  // The board's row of a bad task says what its log is.
  const fifo = b.bad.find((x) => x.kind === "fifo")!;
  const row = s.split("\n").find((l) => l.includes(`#${fifo.task.number} `)) ?? "";
  assertStringIncludes(row, "FIFO");
  const screen = await tui.waitFor((t) => !t.includes("loading"), PROMPT_MS);
  assert(!screen.includes(b.leak));
  // The Activity screen has the good tasks' events.
  await tui.type("2");
  await tui.waitFor(/Activity · \d+ events/, PROMPT_MS);
  await tui.type("q");
  const end = await tui.waitFor(EXITED, PROMPT_MS);
  assertEquals(EXITED.exec(end)![1], "0");
});

Deno.test("a config.jsonc that is a FIFO holds no command up: it is named, and the defaults are used", async () => {
  await using b = await badProject();
  const cwd = b.p.dir;
  const config = ".taskline/config.jsonc";
  await Deno.remove(`${cwd}/${config}`).catch(() => {});
  const mk = await new Deno.Command("mkfifo", { args: [config], cwd }).output();
  assertEquals(mk.code, 0);
  for (const args of [["run", String(b.good[0].number), "--restart"], ["doctor"]]) {
    const r = await cliWithin(args, cwd);
    assertStringIncludes(r.stderr + r.stdout, "config.jsonc", args.join(" "));
    assertStringIncludes(r.stderr + r.stdout, "FIFO", args.join(" "));
  }
  const run = await cliWithin(["run", String(b.good[1].number), "--restart"], cwd);
  assertStringIncludes(run.stderr, "the default settings are used");
  const made = await cliWithin(["task", "new", "after the fifo"], cwd);
  assertEquals(made.code, 0, made.stderr);
});

Deno.test("a task.json that is a FIFO holds no command up: that task is named, the others are all there", async () => {
  await using b = await badProject();
  const cwd = b.p.dir;
  const [gone, kept] = b.good;
  const taskJson = `.taskline/tasks/${gone.dir}/task.json`;
  await Deno.remove(`${cwd}/${taskJson}`);
  assertEquals((await new Deno.Command("mkfifo", { args: [taskJson], cwd }).output()).code, 0);
  const all = await cliWithin(["events", "--json"], cwd);
  assertStringIncludes(all.stderr, `${gone.dir}: ${taskJson} is not a regular file`);
  const numbers = new Set(all.stdout.trimEnd().split("\n").map((l) => JSON.parse(l).number));
  assert(numbers.has(kept.number) && !numbers.has(gone.number), [...numbers].join(" "));
  const one = await cliWithin(["events", String(kept.number), "--json"], cwd);
  assertEquals(one.code, 0, one.stderr);
  assert(one.stdout.length > 0);
});
