/**
 * Lines no log should hold, already handled and kept so (issue #23, part 2):
 * a 100 MB line is skipped with a warning naming it, a line nested 200,000
 * deep is read and printed exactly, and a 100 MB last line without its
 * newline is left unread (it is being written). Every command and route
 * returns promptly (a deadline fails the test instead of a hang).
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { cliWithin } from "./badfiles_util.ts";
import { env, taskWithLog, tempProject } from "./helpers.ts";
import { startServer } from "./serve_util.ts";

const MB = 1024 * 1024;
/**
 * A reader that has not returned after this long hangs, in ms. Generous: the
 * log is 200 MB and the machine may be shared; what is tested is that every
 * reader returns, not how fast.
 */
const DEADLINE_MS = 90_000;

Deno.test("a 100 MB line, a line nested 200,000 deep and a 100 MB unfinished last line: every reader returns, skips or keeps each as it should", async () => {
  await using p = await tempProject();
  const run = crypto.randomUUID();
  const task = await taskWithLog(p.state, "Big lines", [
    env(1, "2026-01-01T00:00:01Z", { type: "run_started", run, task: "t" }),
  ]);
  const path = p.state.logPath(task.dir);
  const enc = new TextEncoder();
  const chunk = enc.encode("x".repeat(MB));
  const deep =
    `{"schema":2,"seq":3,"at":"2026-01-01T00:00:03Z","event":{"type":"log","run":"${run}",` +
    `"level":"info","message":"deep","x":${"[".repeat(200_000)}${"]".repeat(200_000)}}}`;
  const after = JSON.stringify(
    env(4, "2026-01-01T00:00:04Z", { type: "log", run, level: "info", message: "after" }),
  );
  {
    const f = await Deno.open(path, { append: true });
    try {
      // Line 2: an agent_text of 100 MB.
      await f.write(enc.encode(
        `{"schema":2,"seq":2,"at":"2026-01-01T00:00:02Z","event":{"type":"agent_text","run":"${run}","role":"coder","text":"`,
      ));
      for (let i = 0; i < 100; i++) await f.write(chunk);
      await f.write(enc.encode(`"}}\n${deep}\n${after}\n`));
      // Line 5: 100 MB being written, no newline yet.
      await f.write(enc.encode(
        `{"schema":2,"seq":5,"at":"2026-01-01T00:00:05Z","event":{"type":"agent_text","run":"${run}","role":"coder","text":"`,
      ));
      for (let i = 0; i < 100; i++) await f.write(chunk);
    } finally {
      f.close();
    }
  }

  for (
    const args of [
      ["events", "--json"],
      ["events", task.dir, "--json"],
      ["events", task.dir, "--all", "--json"],
      ["events", "--since", "2000-01-01T00:00:00Z", "--json"],
    ]
  ) {
    const r = await cliWithin(args, p.dir, DEADLINE_MS);
    assertEquals(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
    const lines = r.stdout.trimEnd().split("\n");
    assertEquals(lines.map((l) => JSON.parse(l).seq), [1, 3, 4], args.join(" "));
    // The deep line comes out exactly as written (a task's --json is the read form).
    if (args[1] === task.dir) assertEquals(lines[1], deep);
    else assertStringIncludes(lines[1], `"x":${"[".repeat(200_000)}`);
    assertStringIncludes(r.stderr, `.taskline/tasks/${task.dir}/events.jsonl: line 2:`);
    assertStringIncludes(r.stderr, "longer than the reader's limit");
    assert(!r.stderr.includes("line 5"), "the unfinished last line is not reported");
  }
  const human = await cliWithin(["events", task.dir], p.dir, DEADLINE_MS);
  assertEquals(human.code, 0, human.stderr);
  assertEquals(human.stdout.trimEnd().split("\n").length, 3);
  const h = await cliWithin(["history", task.dir, "--json"], p.dir, DEADLINE_MS);
  assertEquals(h.code, 0, h.stderr);
  assertStringIncludes((JSON.parse(h.stdout) as { errors: string[] }).errors.join(), "line 2");
  const t = await cliWithin(["trace", task.dir, "--json"], p.dir, DEADLINE_MS);
  assertEquals(t.code, 0, t.stderr);

  await using server = await startServer(p.dir);
  const race = <T>(x: Promise<T>) =>
    Promise.race([
      x,
      new Promise<never>((_, no) => setTimeout(() => no(new Error("no answer")), DEADLINE_MS)),
    ]);
  const events = await race(server.json(`/api/tasks/${task.number}/events`)) as Array<
    { seq: number }
  >;
  assertEquals(events.map((e) => e.seq), [1, 3, 4]);
  const all = await race(server.json("/api/events?after=0-0-0")) as Array<{ seq: number }>;
  assertEquals(all.map((e) => e.seq), [1, 3, 4]);
  const recent = await race(server.json("/api/events")) as Array<{ seq: number }>;
  assertEquals(recent.map((e) => e.seq), [1, 3, 4]);
});
