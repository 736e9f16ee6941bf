/**
 * The terminal UI's task keys in tmux, against real runs: a task created
 * with `n` and run with `r` to its gate, approved with `a`, resumed with
 * `R`, cancelled with `c` (after a confirmation), another rejected with `x`
 * (which asks the reason), and a run started in the UI stopped resumably by
 * quitting it. The log gets what the commands write.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, tempProject } from "./helpers.ts";
import { EXITED, TuiSession } from "./tui_tmux.ts";
import type { StateDir } from "../src/store/state_dir.ts";

interface Line {
  seq?: number;
  event: Record<string, unknown> & { type: string };
}

async function logOf(state: StateDir, dir: string): Promise<Line[]> {
  try {
    const text = await Deno.readTextFile(state.logPath(dir));
    return text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l));
  } catch {
    return [];
  }
}

/** Waits until the log's last run segment has ended (a run_finished after the last run_started). */
async function segmentEnded(state: StateDir, dir: string, timeoutMs = 30_000): Promise<Line[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = await logOf(state, dir);
    const i = log.findLastIndex((l) => l.event.type === "run_started");
    if (i >= 0 && log.slice(i).some((l) => l.event.type === "run_finished")) return log;
    if (Date.now() > deadline) {
      throw new Error(`the run did not end: ${log.map((l) => l.event.type).join(" ")}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const kinds = (log: Line[]) =>
  log.map((l) =>
    l.event.type === "approval_resolved"
      ? `approval_resolved ${l.event.gate} ${l.event.approved} ${l.event.comment}`
      : l.event.type === "run_finished"
      ? `run_finished ${l.event.status}`
      : l.event.type
  );

Deno.test("tui: n creates, r runs to the gate, a approves, R resumes, c cancels after y, as the commands do", async () => {
  // What the commands write, for comparison.
  await using cli = await tempProject();
  await Deno.writeTextFile(
    cli.state.configPath,
    JSON.stringify({ pipeline: { approvals: ["spec"] } }),
  );
  assertEquals((await runCli(["task", "new", "Add login"], { cwd: cli.dir })).code, 0);
  assertEquals((await runCli(["run", "1"], { cwd: cli.dir })).code, 2);
  assertEquals(
    (await runCli(["approve", "1", "--comment", "looks right"], { cwd: cli.dir })).code,
    0,
  );
  const cliLog = await logOf(cli.state, "001-add-login");

  await using p = await tempProject();
  await Deno.writeTextFile(
    p.state.configPath,
    JSON.stringify({ pipeline: { approvals: ["spec"] } }),
  );
  await using tui = new TuiSession("actions");
  await tui.start(p.dir, ["tui"]);
  // The board and its key hints, drawn once it has loaded (not while it says "loading…").
  let s = await tui.waitFor((screen) =>
    screen.includes("Tasks · 0 tasks") && /a\/x approve\/reject/.test(screen)
  );
  assertMatch(s, /n new .*r\/R run .*c cancel .*a\/x approve\/reject/);

  // n asks the title; Enter creates the task.
  await tui.type("n");
  s = await tui.waitFor("New task, its title:");
  await tui.type("Add login");
  await tui.keys("Enter");
  s = await tui.waitFor("Created task #1 Add login");
  s = await tui.waitFor(/#1 +Add login +ready/);

  // r runs it; the run pauses at the spec gate.
  await tui.type("r");
  s = await tui.waitFor(/Started run [0-9a-f]{8} of #1/);
  s = await tui.waitFor(/#1 +Add login +paused +spec +spec ⏸/);
  s = await tui.waitFor("#1 waits for approval of the spec gate");
  await segmentEnded(p.state, "001-add-login");

  // a asks for an optional comment; Enter approves.
  await tui.type("a");
  s = await tui.waitFor("Approve the spec gate of #1. Comment (optional):");
  await tui.type("looks right");
  await tui.keys("Enter");
  s = await tui.waitFor("Approved the spec gate of #1");
  let log = await logOf(p.state, "001-add-login");
  assertEquals(kinds(log), kinds(cliLog), "the UI logs what run and approve log");
  assertEquals(log.map((l) => l.seq), log.map((_, i) => i + 1));

  // R resumes the same run; c asks, n keeps it running, c y cancels it.
  await tui.type("R");
  s = await tui.waitFor(/Resumed run [0-9a-f]{8} of #1/);
  await tui.type("c");
  s = await tui.waitFor("Cancel the run of #1?");
  await tui.type("n");
  s = await tui.waitFor("Nothing done.");
  await tui.type("c");
  s = await tui.waitFor("Cancel the run of #1?");
  await tui.type("y");
  log = await segmentEnded(p.state, "001-add-login");
  const last = log.at(-1)!.event;
  assertEquals([last.type, last.status], ["run_finished", "cancelled"]);
  assertEquals(log.filter((l) => l.event.type === "run_started").length, 2);
  assertEquals(new Set(log.map((l) => l.event.run)).size, 1, "one run, resumed");
  assertEquals(log.map((l) => l.seq), log.map((_, i) => i + 1));
  s = await tui.waitFor(/The run of #1 stopped: cancelled/);
  s = await tui.waitFor(/#1 +Add login +cancelled/);

  // Cancel with nothing running says so, and changes nothing.
  await tui.type("c");
  await tui.waitFor("Cancel the run of #1?");
  await tui.type("y");
  s = await tui.waitFor("Cannot cancel task #1: no process is running it");

  await tui.type("q");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "0");
});

Deno.test("tui: x asks the reason and rejects; quitting with a run going stops it resumably", async () => {
  await using p = await tempProject();
  await Deno.writeTextFile(
    p.state.configPath,
    JSON.stringify({ pipeline: { approvals: ["spec"] } }),
  );
  assertEquals((await runCli(["task", "new", "First"], { cwd: p.dir })).code, 0);
  assertEquals((await runCli(["task", "new", "Second"], { cwd: p.dir })).code, 0);
  await using tui = new TuiSession("reject");
  await tui.start(p.dir, ["tui"]);
  let s = await tui.waitFor(/#2 +Second +ready/);

  // On the second task: run to the gate, then x without a reason does nothing.
  await tui.keys("Down");
  await tui.type("r");
  s = await tui.waitFor(/Started run [0-9a-f]{8} of #2/);
  s = await tui.waitFor(/#2 +Second +paused +spec +spec ⏸/);
  await segmentEnded(p.state, "002-second");
  await tui.type("x");
  s = await tui.waitFor("Reject the spec gate of #2. Reason:");
  await tui.keys("Enter");
  s = await tui.screen();
  assertStringIncludes(s, "Reject the spec gate of #2. Reason:", "no reason: still asking");
  await tui.type("too vague");
  await tui.keys("Enter");
  s = await tui.waitFor("Rejected the spec gate of #2");
  const log = await logOf(p.state, "002-second");
  const resolved = log.at(-1)!.event;
  assertEquals(
    [resolved.type, resolved.gate, resolved.approved, resolved.comment],
    ["approval_resolved", "spec", false, "too vague"],
  );
  // The same check as `taskline reject`: nothing waits any more.
  const again = await runCli(["reject", "2", "--reason", "twice"], { cwd: p.dir });
  assertEquals(again.code, 1);
  assertStringIncludes(again.stderr, "nothing is pending");

  // The help lists the task keys.
  await tui.type("?");
  s = await tui.waitFor("reject the gate (asks the reason)");
  assertStringIncludes(s, "cancel its run (asks to confirm)");
  await tui.type(" ");
  await tui.waitFor((t) => !t.includes("asks the reason"));

  // A run started here goes on only while the UI is open: q asks, y quits and stops it.
  // Without the gate the run lasts seconds (settings are read at each start).
  await Deno.writeTextFile(p.state.configPath, "{}");
  await tui.keys("Up");
  await tui.type("r");
  s = await tui.waitFor(/Started run [0-9a-f]{8} of #1/);
  await tui.type("q");
  s = await tui.waitFor("1 run started here stops when the UI quits");
  await tui.type("y");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "0");
  const first = await logOf(p.state, "001-first");
  const end = first.at(-1)!.event;
  assertEquals([end.type, end.status], ["run_finished", "cancelled"], kinds(first).join(" "));
  const why = first.findLast((l) => l.event.type === "log")!.event;
  assertStringIncludes(String(why.message), "the terminal UI that ran it quit");
  // It goes on from there.
  const resumed = await runCli(["run", "1", "--resume", "--speed", "20"], { cwd: p.dir });
  assertEquals(resumed.code, 0, resumed.stderr);
  const after = await logOf(p.state, "001-first");
  assertEquals(after.filter((l) => l.event.type === "run_started").length, 2);
  assertEquals(after.map((l) => l.seq), after.map((_, i) => i + 1));
});

Deno.test("tui: a on a run of taskline record names the way on, record --resume, not R", async () => {
  await using p = await tempProject();
  assertEquals((await runCli(["task", "new", "Engine of its own"], { cwd: p.dir })).code, 0);
  const bare = [
    { type: "approval_requested", gate: "plan" },
    { type: "paused", reason: "waiting for approval of the plan" },
    { type: "run_finished", success: false, status: "paused" },
  ].map((e) => JSON.stringify(e) + "\n").join("");
  assertEquals((await runCli(["record", "1"], { cwd: p.dir, stdin: bare })).code, 2);
  await using tui = new TuiSession("recorded");
  await tui.start(p.dir, ["tui"], { width: 160 });
  await tui.waitFor(/#1 +Engine of its own +paused/);
  await tui.type("a");
  await tui.waitFor("Approve the plan gate of #1. Comment (optional):");
  await tui.keys("Enter");
  const s = await tui.waitFor("Approved the plan gate of #1");
  assertStringIncludes(s, "taskline record 1 --resume");
  // R cannot play such a run, and says what can.
  await tui.type("R");
  await tui.waitFor("Cannot resume task #1");
  assertStringIncludes(await tui.screen(), "taskline record 1 --resume");
  // Nothing waits any more: a and x say so at once, before asking for any text.
  await tui.type("a");
  let t = await tui.waitFor("#1 waits for no approval: nothing to approve.");
  assert(!t.includes("Comment (optional)"), t);
  await tui.type("x");
  t = await tui.waitFor("#1 waits for no approval: nothing to reject.");
  assert(!t.includes("Reason:"), t);
});
