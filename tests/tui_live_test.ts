/**
 * `taskline tui` in tmux while `taskline run` writes a task's run live:
 * events appear in Activity and the board follows the run; resizes; Ctrl-C
 * gives the terminal back; refusal without a terminal.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";
import { EXITED, TuiSession } from "./tui_tmux.ts";
import { createTask } from "../src/store/tasks.ts";
import { RunRecorder } from "../src/store/recorder.ts";

Deno.test("tui follows a live run in Activity and on the board, and Ctrl-C restores the terminal", async () => {
  await using p = await tempProject();
  await createTask(p.state, "Add login page", { status: "ready" });
  await createTask(p.state, "Fix the flaky test", { status: "ready" });
  await using tui = new TuiSession("live");
  await tui.start(p.dir, ["tui", "--screen", "activity"]);
  let s = await tui.waitFor("Activity · 0 events");
  assertStringIncludes(s, "Waiting for events");

  // A scripted run writes task #2's log while the UI is open.
  await using run = spawnCli(["run", "2", "--speed", "1"], { cwd: p.dir });
  s = await tui.waitFor(/#2 +\d\d:\d\d:\d\d\.\d{3} ▶ run [0-9a-f]{8} started/);
  s = await tui.waitFor(/#2 +\S+ → \S+ calls /);
  assertStringIncludes(s, "following live");

  // The board shows the task running, its phase and its progress, live.
  await tui.type("1");
  s = await tui.waitFor(/#2 +Fix the flaky test +running/);
  assertMatch(s, /#1 +Add login page +ready +no run yet/);

  // When the run ends, the board shows its outcome, and the task's new status (the
  // run's last event comes before the status is written: wait for both on one row).
  const status = await run.done;
  assertEquals(status.code, 0, run.stderr);
  const task2 = JSON.parse(
    await Deno.readTextFile(`${p.state.taskDir("002-fix-the-flaky-test")}/task.json`),
  );
  assertEquals(task2.status, "done");
  s = await tui.waitFor(new RegExp(`#2 +Fix the flaky test +${task2.status} +\\S+ +succeeded`));

  // A task created meanwhile (no event yet) appears on the board.
  const created = await runCli(["task", "new", "Brand new task"], { cwd: p.dir });
  assertEquals(created.code, 0, created.stderr);
  s = await tui.waitFor(/#3 +Brand new task +\S+ +no run yet/);
  await tui.type("2");
  s = await tui.waitFor(/#2 +\S+ ✔ run [0-9a-f]{8} finished/);

  // Ctrl-C ends the UI with 130 and gives the terminal back.
  await tui.keys("C-c");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "130");
  assertEquals(await tui.format("#{alternate_on}"), "0");
  assertEquals(await tui.format("#{cursor_flag}"), "1");
  s = await tui.waitFor(/^-?icanon$/m);
  assertMatch(s, /^icanon$/m);
});

Deno.test("tui redraws cleanly when the terminal is resized", async () => {
  await using p = await tempProject();
  await createTask(p.state, "A rather long title for narrow screens", { status: "ready" });
  await using tui = new TuiSession("resize");
  await tui.start(p.dir, ["tui"], { width: 120, height: 40 });
  let s = await tui.waitFor("Tasks · 1 task");
  assertStringIncludes(s, "A rather long title for narrow screens");

  await tui.tmux("resize-window", "-x", "60", "-y", "20");
  s = await tui.waitFor((t) => t.split("\n")[19]?.includes("q quit") ?? false);
  const lines = s.split("\n").slice(0, 20);
  assertMatch(lines[0], /taskline +1 Tasks/);
  assertMatch(lines[3], /#1 A rather[^…]*… ready/, "the title is cut to the new width");
  for (const l of lines.slice(4, 18)) assertEquals(l.trim(), "", `nothing left over: "${l}"`);

  await tui.tmux("resize-window", "-x", "30", "-y", "6");
  s = await tui.waitFor("too small");

  await tui.tmux("resize-window", "-x", "100", "-y", "30");
  s = await tui.waitFor((t) => t.split("\n")[29]?.includes("q quit") ?? false);
  assert(!s.includes("too small"), s);
  assertStringIncludes(s, "Tasks · 1 task");

  await tui.type("q");
  s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "0");
});

Deno.test("tui gives the terminal back when it is sent SIGTERM", async () => {
  await using p = await tempProject();
  await createTask(p.state, "Some task");
  await using tui = new TuiSession("sigterm");
  await tui.start(p.dir, ["tui"]);
  await tui.waitFor("Tasks · 1 task");
  // The pane runs sh, which runs the program: signal the program itself.
  const sh = await tui.format("#{pane_pid}");
  const ps = await new Deno.Command("ps", { args: ["-o", "pid=", "--ppid", sh], stdout: "piped" })
    .output();
  const pids = new TextDecoder().decode(ps.stdout).trim().split(/\s+/).map(Number);
  assertEquals(pids.length, 1, `one child of the pane's shell: ${pids}`);
  Deno.kill(pids[0], "SIGTERM");
  const s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "130");
  assertEquals(await tui.format("#{alternate_on}"), "0");
  assertMatch(await tui.waitFor(/^-?icanon$/m), /^icanon$/m);
});

Deno.test("tui colours outcomes, and with NO_COLOR keeps only bold, dim and reverse video", async () => {
  await using p = await tempProject();
  await createTask(p.state, "Fresh task");
  const done = await createTask(p.state, "Finished task", { status: "done" });
  const rec = await RunRecorder.open(p.state, done);
  rec.start();
  await rec.finish({ success: true, status: "done" });
  await rec.close();
  // deno-lint-ignore no-control-regex
  const green = /\x1b\[[0-9;]*32m[^\n]*Finished task/;
  // deno-lint-ignore no-control-regex
  const reverse = /\x1b\[[0-9;]*7m[^\n]*Fresh task/;
  for (const noColor of ["", "1"]) {
    await using tui = new TuiSession(`colour${noColor}`);
    await tui.start(p.dir, ["tui"], { env: { NO_COLOR: noColor } });
    await tui.waitFor(/Finished task +done +\S* *succeeded/);
    const styled = await tui.tmux("capture-pane", "-p", "-e");
    assertMatch(styled, reverse, "the selection is reverse video");
    if (noColor === "") assertMatch(styled, green, "a success is green");
    // deno-lint-ignore no-control-regex
    else assert(!/\x1b\[[0-9;]*3[1-6]m/.test(styled), `no colour with NO_COLOR:\n${styled}`);
    await tui.type("q");
    await tui.waitFor(EXITED);
  }
});

Deno.test("tui refuses to start when standard output is not a terminal", async () => {
  await using p = await tempProject();
  const r = await runCli(["tui"], { cwd: p.dir });
  assertEquals(r.code, 2);
  assertEquals(r.stdout, "");
  assertStringIncludes(r.stderr, "standard output is not a terminal");
  assert(!r.stderr.includes("\x1b["), "nothing was drawn");

  const bad = await runCli(["tui", "--screen", "nope"], { cwd: p.dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "--screen takes tasks, activity, history");
});

Deno.test("tui says why when there is no project, before taking the screen", async () => {
  await using p = await tempProject({ init: false });
  await using tui = new TuiSession("noproject");
  await tui.start(p.dir, ["tui"]);
  const s = await tui.waitFor(EXITED);
  assertEquals(EXITED.exec(s)![1], "1");
  assertStringIncludes(s, "No taskline project here");
  assertEquals(await tui.format("#{alternate_on}"), "0");
});
