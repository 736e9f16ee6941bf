/**
 * `taskline events` without a task: the project-wide feed merged by event
 * cursor, resumed after a cursor, and followed live (delivery rule 4), with
 * real processes: the follower is the real program; the writers are this
 * test process and the run recorder in a writer process.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type CliProcess, env, runCli, spawnCli, taskWithLog, tempProject } from "./helpers.ts";
import { encodeEnvelope } from "../src/codec/encode.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { assertTaggedOnce, sleep, spoofingLines, startWriter } from "./events_util.ts";

const R1 = "11111111-1111-4111-8111-111111111111";
const R2 = "22222222-2222-4222-8222-222222222222";

async function append(state: StateDir, task: Task, e: Envelope): Promise<void> {
  await Deno.writeTextFile(state.logPath(task.dir), encodeEnvelope(e) + "\n", { append: true });
}

/**
 * Appends probe events to `task` until the follower prints one: it is live
 * then. Then one last probe, and waits until it is printed: every probe
 * before it (same log) is printed by then, so that no late probe is taken
 * for what a test waits for next. Returns the lines printed.
 */
async function waitLive(f: CliProcess, state: StateDir, task: Task): Promise<number> {
  const probe = (message: string) =>
    append(
      state,
      task,
      env(undefined, new Date().toISOString(), { type: "log", level: "info", message }),
    );
  for (let i = 0; i < 60; i++) {
    await probe("probe");
    await sleep(250);
    if (f.lines.length > 0) {
      const last = `last probe ${crypto.randomUUID()}`;
      await probe(last);
      await until(() => f.lines.some((l) => l.includes(last)), `the follower printed "${last}"`, f);
      return f.lines.length;
    }
  }
  throw new Error(`the follower never printed a probe; stderr: ${f.stderr}`);
}

/** Waits for `ok` (every 50 ms), at most 20 s; then fails naming `what`. */
async function until(ok: () => boolean, what: string, f: CliProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!ok()) {
    if (Date.now() > deadline) {
      throw new Error(`not in 20 s: ${what}; stdout:\n${f.lines.join("\n")}\nstderr: ${f.stderr}`);
    }
    await sleep(50);
  }
}

Deno.test("feed: a late event stamped earlier by another task is delivered once, live", async () => {
  await using p = await tempProject();
  const t1 = await createTask(p.state, "one");
  const t2 = await createTask(p.state, "two");
  await Deno.writeTextFile(p.state.logPath(t2.dir), "");
  await using f = spawnCli(["events", "--follow", "--json"], { cwd: p.dir });
  const probes = await waitLive(f, p.state, t1);
  const base = f.lines.length;
  const now = Date.now();
  const later = new Date(now).toISOString();
  const earlier = new Date(now - 5_000).toISOString();
  await append(p.state, t1, env(1, later, { type: "run_started", run: R1, task: t1.id }));
  await f.waitLines(base + 1);
  // Another process stamped this before the event already delivered.
  await append(p.state, t2, env(1, earlier, { type: "run_started", run: R2, task: t2.id }));
  await f.waitLines(base + 2);
  await sleep(1_500); // past the slow poll: nothing comes twice
  const got = f.lines.slice(base).map((l) => JSON.parse(l));
  assertEquals(got.map((g) => [g.number, g.seq, g.at]), [[1, 1, later], [2, 1, earlier]]);
  assertEquals(got[1].task, t2.id);
  assert(probes >= 1);
});

Deno.test("feed: resuming after any cursor loses nothing and repeats nothing", async () => {
  await using p = await tempProject();
  const T = "2026-03-01T12:00:00.000001Z";
  const T2 = "2026-03-01T12:00:00.000002Z";
  await taskWithLog(p.state, "one", [
    env(1, T, { type: "run_started", run: R1, task: "a" }),
    env(2, T, { type: "phase_started", run: R1, phase: "build" }),
    env(3, T2, { type: "phase_finished", run: R1, phase: "build", success: true, summary: "" }),
  ]);
  await taskWithLog(p.state, "two", [
    env(1, T, { type: "run_started", run: R2, task: "b" }),
    env(undefined, T, { type: "log", run: null, level: "info", message: "no seq" }),
    env(2, T2, { type: "phase_started", run: R2, phase: "spec" }),
  ]);
  const all = await runCli(["events", "--json"], { cwd: p.dir });
  assertEquals(all.code, 0, all.stderr);
  const lines = all.stdout.trim().split("\n");
  const key = (l: string) => {
    const o = JSON.parse(l);
    return `${o.number}/${o.seq ?? 0}/${o.event.type}`;
  };
  // Cursor order: time, then task number, then seq (0 when absent).
  assertEquals(lines.map(key), [
    "1/1/run_started",
    "1/2/phase_started",
    "2/0/log",
    "2/1/run_started",
    "1/3/phase_finished",
    "2/2/phase_started",
  ]);
  const ns = (at: string) =>
    BigInt(Date.parse(at.slice(0, 19) + "Z")) * 1_000_000n +
    BigInt(at.slice(20, 26)) * 1000n;
  const cursors = lines.map((l) => {
    const o = JSON.parse(l);
    return `${ns(o.at)}-${o.number}-${o.seq ?? 0}`;
  });
  for (let i = 0; i < cursors.length; i++) {
    const r = await runCli(["events", "--json", "--after-cursor", cursors[i]], { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.stdout.trim().split("\n").filter((l) => l), lines.slice(i + 1), cursors[i]);
  }
  // A live follower that resumes gets the rest, then new events, once each.
  await using f = spawnCli(["events", "-f", "--json", "--after-cursor", cursors[2]], {
    cwd: p.dir,
  });
  await f.waitLines(3);
  assertEquals(f.lines.slice(0, 3), lines.slice(3));
  const t1 = { dir: "001-one" } as Task;
  await append(
    p.state,
    t1,
    env(4, "2026-03-01T12:00:01Z", { type: "log", run: R1, level: "info", message: "new" }),
  );
  await f.waitLines(4);
  await sleep(1_500);
  assertEquals(f.lines.length, 4);
  assertEquals(key(f.lines[3]), "1/4/log");
});

Deno.test("feed: a task created while following is picked up; lines start with #N", async () => {
  await using p = await tempProject();
  const t1 = await createTask(p.state, "first");
  await using f = spawnCli(["events", "-f"], { cwd: p.dir });
  await waitLive(f, p.state, t1);
  const before = f.lines.length;
  assert(f.lines[0].startsWith("#1 "), f.lines[0]);
  const t3 = await createTask(p.state, "later", { number: 3 });
  await using w = startWriter(p.dir, t3.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await w.emit({ type: "phase_started", phase: "build" });
  await f.waitLines(before + 2);
  const mine = f.lines.slice(before).filter((l) => l.startsWith("#3 "));
  assertEquals(mine.length, 2, f.lines.join("\n"));
  assertStringIncludes(mine[0], "▶ run ");
  assertStringIncludes(mine[1], "▸ phase build started");
  f.kill("SIGINT");
  assertEquals((await f.done).code, 130);
});

Deno.test("feed: --task, --type and --since filter; a bad cursor is a usage error", async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "one", [
    env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: R1, task: "a" }),
    env(2, "2026-01-01T00:10:00Z", { type: "paused", run: R1, reason: "wait" }),
  ]);
  await taskWithLog(p.state, "two", [
    env(1, "2026-01-01T00:05:00Z", { type: "run_started", run: R2, task: "b" }),
  ]);
  const byTask = await runCli(["events", "--task", "2"], { cwd: p.dir });
  assertEquals(byTask.stdout, "#2 00:05:00.000 ▶ run 22222222 started\n");
  const byType = await runCli(["events", "--type", "paused"], { cwd: p.dir });
  assertEquals(byType.stdout, "#1 00:10:00.000 ⏸ paused: wait\n");
  const since = await runCli(["events", "--since", "2026-01-01T00:05:00Z"], { cwd: p.dir });
  assertEquals(since.stdout.split("\n").filter((l) => l).map((l) => l.slice(0, 2)), ["#2", "#1"]);
  const bad = await runCli(["events", "--after-cursor", "yesterday"], { cwd: p.dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, 'Cannot read cursor "yesterday"');
  const badJson = await runCli(["events", "--after-cursor", "1-2", "--json"], { cwd: p.dir });
  assertEquals(badJson.code, 2);
  assertEquals(JSON.parse(badJson.stderr).error.code, "bad-cursor");
  assertEquals(badJson.stdout, "");
  const noTask = await runCli(["events", "--task", "9"], { cwd: p.dir });
  assertEquals(noTask.code, 1);
});

Deno.test("feed: envelope members named task or number never override the tagged task", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "spoofed");
  await Deno.writeTextFile(p.state.logPath(task.dir), spoofingLines(R1));
  const r = await runCli(["events", "--json"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split("\n");
  assertEquals(lines.length, 3);
  for (const l of lines) assertTaggedOnce(l, task);
  assertEquals(JSON.parse(lines[2]).extra, 1);
  // The per-task view keeps them: they are unknown fields there.
  const one = await runCli(["events", "1", "--json"], { cwd: p.dir });
  assertEquals(JSON.parse(one.stdout.split("\n")[0]).number, 99);
  // Followed live, too.
  await using f = spawnCli(["events", "--follow", "--json"], { cwd: p.dir });
  await waitLive(f, p.state, task);
  const base = f.lines.length;
  await Deno.writeTextFile(p.state.logPath(task.dir), spoofingLines(R1), { append: true });
  await f.waitLines(base + 3);
  for (const l of f.lines.slice(base, base + 3)) assertTaggedOnce(l, task);
});

Deno.test("feed: an event whose `at` gives no cursor is named on stderr, never dropped silently", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "times");
  const line = (seq: number, at: string, message: string) =>
    JSON.stringify({
      schema: 2,
      seq,
      at,
      event: { type: "log", run: R1, level: "info", message },
    }) + "\n";
  await Deno.writeTextFile(
    p.state.logPath(t.dir),
    line(1, "2026-11-27T10:00:00Z", "first") + line(2, "2026-11-27T10:00:01,5Z", "comma") +
      line(3, "1969-12-31T23:59:59Z", "before 1970") + line(4, "2026-11-27T10:00:02Z", "last"),
  );
  for (const args of [["events"], ["events", "--json"]]) {
    const r = await runCli(args, { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    assertEquals(r.stdout.trim().split("\n").length, 2, r.stdout);
    assertStringIncludes(r.stdout, "last");
    // One warning for the file, at its first such line.
    assertStringIncludes(r.stderr, `${t.dir}/events.jsonl: line 2: `);
    assertStringIncludes(r.stderr, "no event cursor");
    assertEquals(r.stderr.trim().split("\n").length, 1, r.stderr);
  }
  // The follow of every task says so too; the task's own replay shows every line.
  await using f = spawnCli(["events", "-f", "--since", "2026-01-01T00:00:00Z"], { cwd: p.dir });
  await f.waitLines(2);
  await until(() => f.stderr.includes("no event cursor"), "the warning of line 2", f);
  assertStringIncludes(f.stderr, "line 2: ");
  f.kill("SIGINT");
  await f.done;
  const one = await runCli(["events", "1"], { cwd: p.dir });
  assertEquals(one.stdout.trim().split("\n").length, 4, one.stdout);
});

Deno.test("feed: a task discarded and made again in a directory of the same name is tagged with its own id", async () => {
  await using p = await tempProject();
  const old = await createTask(p.state, "same title");
  await using f = spawnCli(["events", "-f", "--json"], { cwd: p.dir });
  await waitLive(f, p.state, old);
  // A task discarded and another made with its number and title (a mirror's, or one made by
  // hand): the directory 001-same-title again, between two scans of the follower.
  await Deno.remove(p.state.taskDir(old.dir), { recursive: true });
  const made = await createTask(p.state, "same title", { number: old.number });
  assertEquals(made.dir, old.dir);
  const before = f.lines.length;
  await append(
    p.state,
    made,
    env(1, new Date().toISOString(), { type: "log", run: R1, level: "info", message: "new" }),
  );
  await f.waitLines(before + 1);
  const line = JSON.parse(f.lines.at(-1)!) as { task: string; event: { message: string } };
  assertEquals(line.event.message, "new");
  assertEquals(line.task, made.id, "tagged with the discarded task's id");
});

Deno.test("feed: a followed task that is discarded is named on stderr; the follow goes on", async () => {
  await using p = await tempProject();
  const a = await createTask(p.state, "kept");
  const b = await createTask(p.state, "discarded");
  await using f = spawnCli(["events", "-f", "--json"], { cwd: p.dir });
  await waitLive(f, p.state, a);
  const r = await runCli(["task", "discard", "2"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  await until(() => f.stderr.includes("discarded"), "the warning of the discard", f);
  assertStringIncludes(f.stderr, `Task #2 (${b.dir}) was discarded while it was followed`);
  const before = f.lines.length;
  await append(
    p.state,
    a,
    env(undefined, new Date().toISOString(), { type: "log", level: "info", message: "after" }),
  );
  await f.waitLines(before + 1);
  f.kill("SIGINT");
  assertEquals((await f.done).code, 130);
});
