/**
 * `taskline tui` driven in tmux over a project with finished, paused and
 * new tasks: what each screen shows, the keys, the filter, the help, and a
 * terminal given back as it was on `q`.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { type TempProject, tempProject } from "./helpers.ts";
import { EXITED, TuiSession } from "./tui_tmux.ts";
import { createTask } from "../src/store/tasks.ts";
import { RunRecorder } from "../src/store/recorder.ts";

/** A project: #1 done with tool calls and kept outputs, #2 waiting for approval, #3 new. */
async function project(): Promise<TempProject> {
  const p = await tempProject();
  const done = await createTask(p.state, "Add login page", { status: "done" });
  const rec = await RunRecorder.open(p.state, done);
  rec.start();
  rec.emit({ type: "phase_started", phase: "build" });
  rec.emit({ type: "agent_started", role: "coder", subtask: null, model: "m-1" });
  rec.emit({
    type: "tool_called",
    role: "coder",
    tool: "write_file",
    input: { path: "src/login.ts", content: "export {}" },
    call: "aaaaaaaaaaa1",
    subtask: null,
  });
  await rec.toolReturned({
    role: "coder",
    tool: "write_file",
    call: "aaaaaaaaaaa1",
    subtask: null,
    output: "wrote 9 bytes",
    is_error: false,
    duration_ms: 3,
  });
  rec.emit({
    type: "tool_called",
    role: "coder",
    tool: "bash",
    input: { command: "deno test src/login_test.ts" },
    call: "bbbbbbbbbbb2",
    subtask: null,
  });
  const lines = Array.from({ length: 60 }, (_, i) => `test case ${i + 1} ... ok`);
  await rec.toolReturned({
    role: "coder",
    tool: "bash",
    call: "bbbbbbbbbbb2",
    subtask: null,
    output: `running 60 tests\n${lines.join("\n")}\nLAST LINE OF THE KEPT OUTPUT\n`,
    is_error: true,
    exit_code: 3,
    duration_ms: 1250,
  });
  rec.emit({
    type: "agent_finished",
    role: "coder",
    steps: 2,
    usage: { input_tokens: 5000, output_tokens: 1700, cache_read_tokens: 0, cache_write_tokens: 0 },
    stop: "completed",
  });
  rec.emit({ type: "phase_finished", phase: "build", success: true, summary: "1 done" });
  await rec.finish({ success: true, status: "done" });
  await rec.close();

  const waiting = await createTask(p.state, "Rework the settings", { status: "planning" });
  const rec2 = await RunRecorder.open(p.state, waiting);
  rec2.start();
  rec2.emit({ type: "phase_started", phase: "spec" });
  rec2.emit({ type: "phase_finished", phase: "spec", success: true, summary: "spec written" });
  rec2.emit({ type: "approval_requested", gate: "spec" });
  rec2.emit({ type: "paused", reason: "waiting for approval of spec" });
  await rec2.finish({ success: false, status: "planning" });
  await rec2.close();

  await createTask(p.state, "Write the changelog", { status: "backlog" });
  return p;
}

Deno.test("tui shows the board, the help, the filter, history, trace, and q gives the terminal back", async () => {
  await using p = await project();
  await using tui = new TuiSession("screens");
  await tui.start(p.dir, ["tui"]);

  // Tasks: every task with its status, phase, pending approval and outcome.
  // Loaded: the board's outcomes come with the history view, a moment after the titles.
  let s = await tui.waitFor(/#1 +Add login page +done +build +succeeded/);
  assertEquals(await tui.format("#{alternate_on}"), "1", "the UI runs on the alternate screen");
  assertMatch(s, /#1 +Add login page +done +build +succeeded \(done\)/);
  assertMatch(s, /#2 +Rework the settings +planning +spec +spec ⏸ +paused: waiting for approval/);
  assertMatch(s, /#3 +Write the changelog +backlog +no run yet/);
  assertStringIncludes(s, "1 Tasks");
  assertStringIncludes(s, "2 Activity");
  assertStringIncludes(s, "3 History");
  // The keys are on screen.
  const lines = s.split("\n");
  assertMatch(lines[39], /Enter detail .*Tab screens .*\/ filter .*\? help .*q quit/);

  // ? shows the help over the screen; any key closes it.
  await tui.type("?");
  s = await tui.waitFor("Shift-Tab");
  assertStringIncludes(s, "filter the rows");
  await tui.type("x");
  s = await tui.waitFor((t) => !t.includes("Shift-Tab"));
  assertStringIncludes(s, "Add login page");

  // / filters the rows as one types; Esc clears the filter.
  await tui.type("/sett");
  s = await tui.waitFor((t) => !t.includes("Add login page"));
  assertStringIncludes(s, "Rework the settings");
  assert(!s.includes("Write the changelog"), s);
  assertStringIncludes(s, "/sett");
  await tui.keys("Escape");
  s = await tui.waitFor("Add login page");
  assertStringIncludes(s, "Write the changelog");

  // Activity: the events already logged, merged across tasks, newest last.
  await tui.type("2");
  // The screen may draw before every logged event is in (the feed arrives in batches).
  s = await tui.waitFor((t) =>
    /Activity · \d+ events/.test(t) && /⏸ paused: waiting for approval of spec/.test(t)
  );
  assertMatch(s, /#1 +\S+ ↩ bash exit 3 in 1\.3s/);
  assertMatch(s, /#2 +\S+ ⏸ paused: waiting for approval of spec/);
  const feed = s.split("\n").filter((l) => /^#\d /.test(l));
  assert(feed.at(-1)!.startsWith("#2"), "the last event logged is #2's run_finished");

  // History: the table of finished work, and a task's detail with Enter.
  await tui.type("3");
  s = await tui.waitFor("History · 1 finished task");
  assertMatch(s, /#1 +Add login page +done +1 +0 +1 +6\.7k/);
  assert(!s.includes("Rework the settings"), "only finished work is in the history table");
  // a: every task (as taskline history --all), and back.
  await tui.type("a");
  s = await tui.waitFor("History · 3 tasks");
  assertMatch(s, /#2 +Rework the settings +planning/);
  await tui.type("a");
  s = await tui.waitFor("History · 1 finished task");
  await tui.keys("Enter");
  // The same text as `taskline history 1`.
  s = await tui.waitFor(/#1 Add login page · done · branch taskline\/001-add-login-page/);
  assertMatch(s, /Run [0-9a-f-]{36} \(current\) · finished done \(success\)/);
  assertMatch(s, /ok +build .* 1 done/);
  assertStringIncludes(s, "src/login.ts");

  // Trace: the calls with their results; the selected call's input and output.
  await tui.type("t");
  s = await tui.waitFor("Trace of #1 Add login page");
  assertStringIncludes(s, "4 Trace #1");
  assertMatch(s, /coder +write_file +src\/login\.ts +ok/);
  assertMatch(s, /coder +bash +deno test src\/login_test\.ts +exit 3 +1\.3 s/);
  s = await tui.waitFor("output: complete");
  assertStringIncludes(s, "wrote 9 bytes");
  await tui.keys("Down");
  s = await tui.waitFor("running 60 tests");
  assertStringIncludes(s, '"command": "deno test src/login_test.ts"');
  assert(!s.includes("LAST LINE OF THE KEPT OUTPUT"), "the output is longer than the pane");
  // The output pane scrolls to the end of the kept output.
  await tui.keys("PageDown", "PageDown", "PageDown");
  s = await tui.waitFor("LAST LINE OF THE KEPT OUTPUT");

  // Tab goes round the screens, Trace included.
  await tui.keys("Tab");
  s = await tui.waitFor("Tasks · 3 tasks");

  // q: the program ends with 0 and the terminal is as it was.
  await tui.type("q");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "0");
  assertEquals(await tui.format("#{alternate_on}"), "0", "the alternate screen is left");
  assertEquals(await tui.format("#{cursor_flag}"), "1", "the cursor is shown again");
  assertStringIncludes(s, "before the tui", "the screen from before is back");
  assert(!s.includes("Add login page"), "nothing of the UI is left on the screen");
  s = await tui.waitFor(/^-?icanon$/m);
  assertMatch(s, /^icanon$/m, "the terminal is back in line mode (raw mode left)");
});

Deno.test("tui <TASK> opens that task's Trace tab; an unknown task is refused before the screen is taken", async () => {
  await using p = await project();
  await using tui = new TuiSession("task-arg");
  await tui.start(p.dir, ["tui", "1"]);
  let s = await tui.waitFor("Trace of #1 Add login page");
  assertMatch(s, /coder +bash +deno test src\/login_test\.ts +exit 3/);
  await tui.type("q");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "0");

  await using bad = new TuiSession("task-arg-bad");
  await bad.start(p.dir, ["tui", "42"]);
  s = await bad.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "1");
  assertMatch(s, /taskline: .*42/);
  assertEquals(await bad.format("#{alternate_on}"), "0");
});
