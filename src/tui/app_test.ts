import { assert, assertEquals, assertMatch, assertStringIncludes } from "../../tests/assert.ts";
import { type TuiActions, TuiApp } from "./app.ts";
import { columns } from "./view.ts";
import type { Key } from "./keys.ts";
import type { FeedEntry, TraceCallRow, TuiModel } from "./model.ts";
import { textWidth } from "./text.ts";

function fakeModel(feed: FeedEntry[] = [], gate2 = ""): TuiModel {
  const call = (n: number): TraceCallRow => ({
    key: `c${n}`,
    call: `00000000000${n}`,
    time: "10:00:00.000",
    role: "coder",
    tool: n === 1 ? "bash" : "read_file",
    summary: n === 1 ? "cargo test" : "README.md",
    result: n === 1 ? "exit 1" : "ok",
    duration: "12 ms",
    tone: n === 1 ? "fail" : "ok",
    detail: ["input:", `  call ${n}`],
    preview: `preview of ${n}`,
    outputFile: null,
    outputChars: 10,
  });
  return {
    board: () => [
      {
        number: 1,
        title: "Add login",
        status: "done",
        phase: "merge",
        approval: "",
        progress: "ok",
        tone: "ok",
      },
      {
        number: 2,
        title: "Fix \x1b[2Jtests",
        status: "running",
        phase: "build",
        approval: gate2,
        progress: "→ coder calls bash",
        tone: "run",
      },
    ],
    feed: () => feed,
    history: () => ({
      header: ["#", "Title", "Status"],
      align: ["right", "left", "left"],
      flex: 1,
      drop: [2],
      rows: [{ number: 1, cells: ["#1", "Add login", "done"], tone: "ok" }],
      notes: [],
    }),
    detail: (n) => ({ title: `#${n} detail`, lines: [`detail line of #${n}`] }),
    trace: (n) => ({ title: `Trace of #${n}`, calls: [call(0), call(1)], notes: [] }),
    output: (_n, c) => ({ text: `output of ${c.call}`, note: "complete" }),
    status: () => "live · 2 tasks",
  };
}

const SIZE = { width: 100, height: 20 };
// deno-lint-ignore no-control-regex
const plain = (rows: string[]) => rows.map((r) => r.replace(/\x1b\[[0-9;]*m/g, ""));
const ch = (c: string): Key => ({ name: "char", char: c });

Deno.test("every row of a frame is exactly the terminal's width and no escape from data gets out", () => {
  const app = new TuiApp(fakeModel(), { colour: false });
  for (const screen of ["1", "2", "3"]) {
    app.key(ch(screen));
    const rows = plain(app.frame(SIZE));
    assertEquals(rows.length, SIZE.height);
    for (const r of rows) assertEquals(textWidth(r), SIZE.width, JSON.stringify(r));
  }
  app.key(ch("1"));
  const text = app.frame(SIZE).join("\n");
  assert(!text.includes("\x1b[2J"), "a title's escape sequence is made harmless");
  assertStringIncludes(plain(app.frame(SIZE)).join("\n"), "Fix \\x1b[2Jtests");
});

Deno.test("keys move between screens, open a task's detail and its trace, and quit", () => {
  const app = new TuiApp(fakeModel(), { colour: false });
  assertEquals(app.screen, "tasks");
  app.key({ name: "tab" });
  assertEquals(app.screen, "activity");
  app.key({ name: "backtab" });
  assertEquals(app.screen, "tasks");
  app.key({ name: "down" });
  app.key({ name: "enter" });
  assertEquals([app.screen, app.historyDetail, app.task], ["history", true, 2]);
  assertStringIncludes(plain(app.frame(SIZE)).join("\n"), "detail line of #2");
  app.key({ name: "escape" });
  assertEquals(app.historyDetail, false);
  app.key(ch("1"));
  app.key(ch("t"));
  assertEquals(app.screen, "trace");
  const rows = plain(app.frame(SIZE));
  assertMatch(rows[0], /4 Trace #2/);
  assertStringIncludes(rows.join("\n"), "output of 000000000000");
  app.key({ name: "down" });
  assertStringIncludes(plain(app.frame(SIZE)).join("\n"), "output of 000000000001");
  assertEquals(app.key(ch("q")), "quit");
  assertEquals(app.key({ name: "ctrl-c" }), "interrupt");
});

Deno.test("the filter narrows the rows as it is typed and Escape clears it", () => {
  const app = new TuiApp(fakeModel(), { colour: false });
  app.key(ch("/"));
  for (const c of "login") app.key(ch(c));
  let text = plain(app.frame(SIZE)).join("\n");
  assertStringIncludes(text, "Add login");
  assert(!text.includes("Fix"), text);
  assertStringIncludes(text, "/login█");
  // q while typing is part of the filter, not quit.
  assertEquals(app.key(ch("q")), null);
  app.key({ name: "escape" });
  text = plain(app.frame(SIZE)).join("\n");
  assertStringIncludes(text, "Fix");
  assertEquals(app.filters.tasks, "");
});

Deno.test("Activity follows the newest event until the user scrolls up", () => {
  const feed: FeedEntry[] = [];
  const add = (i: number) =>
    feed.push({ key: `k${i}`, number: 1, text: `event ${i}`, tone: "none" });
  for (let i = 0; i < 50; i++) add(i);
  const app = new TuiApp(fakeModel(feed), { colour: false, screen: "activity" });
  let rows = plain(app.frame(SIZE));
  assertStringIncludes(rows.join("\n"), "event 49");
  add(50);
  rows = plain(app.frame(SIZE));
  assertStringIncludes(rows.join("\n"), "event 50");
  assert(!rows.join("\n").includes("event 10"), "old events scrolled off");
  app.key({ name: "home" });
  assertEquals(app.follow, false);
  add(51);
  rows = plain(app.frame(SIZE));
  assertStringIncludes(rows.join("\n"), "event 0");
  assertStringIncludes(rows[1], "paused");
  app.key({ name: "end" });
  assertEquals(app.follow, true);
  assertStringIncludes(plain(app.frame(SIZE)).join("\n"), "event 51");
});

Deno.test("a terminal too small gets a note instead of a broken layout", () => {
  const app = new TuiApp(fakeModel(), { colour: false });
  const rows = app.frame({ width: 30, height: 5 });
  assert(rows.length <= 5);
  assertStringIncludes(rows.join(" "), "too small");
  for (const r of rows) assert(textWidth(r) <= 30, r);
});

Deno.test("columns share the room left among flexible columns", () => {
  assertEquals(columns(100, [10, -1, -1]), [10, 45, 45]);
  assertEquals(columns(20, [10, -1, 5]), [10, 5, 5]);
  const narrow = columns(12, [10, -1, 10]);
  assert(narrow.reduce((s, w) => s + w, 0) <= 12, String(narrow));
});

Deno.test("every row keeps to the width on every screen from narrow to wide", () => {
  const app = new TuiApp(fakeModel(), { colour: false, task: 1 });
  for (const width of [40, 41, 57, 80, 133, 200]) {
    for (const screen of ["1", "2", "3", "4"]) {
      app.key(ch(screen));
      for (const r of plain(app.frame({ width, height: 12 }))) {
        assertEquals(textWidth(r), width, `screen ${screen} at ${width}: ${JSON.stringify(r)}`);
      }
    }
  }
});

/** Actions that record what they were asked. */
function fakeActions(log: string[], running = 0): TuiActions {
  const done = (s: string) => {
    log.push(s);
    return Promise.resolve(`did ${s}`);
  };
  return {
    create: (title) => done(`create ${title}`),
    run: (n, resume) => done(`${resume ? "resume" : "run"} ${n}`),
    cancel: (n) => done(`cancel ${n}`),
    approve: (n, comment) => done(`approve ${n} ${comment}`),
    reject: (n, reason) =>
      reason === "boom"
        ? Promise.reject(new Error("Cannot reject: no"))
        : done(`reject ${n} ${reason}`),
    running: () => running,
    onNotice: () => {},
  };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

Deno.test("task keys: n asks a title, c asks to confirm, x needs a reason, a takes an optional comment", async () => {
  const log: string[] = [];
  let updates = 0;
  const app = new TuiApp(fakeModel([], "plan"), {
    colour: false,
    actions: fakeActions(log),
    onUpdate: () => updates++,
  });
  // #1 waits for no approval: a and x say so, and ask nothing.
  app.key(ch("a"));
  assertEquals(app.prompt, null);
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "#1 waits for no approval");
  app.key(ch("x"));
  assertEquals(app.prompt, null);
  app.key({ name: "down" }); // #2, which waits for the plan gate
  app.key(ch("n"));
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "New task, its title:");
  app.key({ name: "enter" }); // an empty title is not sent
  assertEquals(log, []);
  for (const c of "Write docs") app.key(ch(c));
  assertEquals(app.key(ch("q")), null, "q while typing is text");
  app.key({ name: "backspace" });
  app.key({ name: "enter" });
  await tick();
  assertEquals(log, ["create Write docs"]);
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "did create Write docs");
  assert(updates > 0, "an answer redraws");

  app.key(ch("r"));
  app.key(ch("R"));
  await tick();
  assertEquals(log.slice(1), ["run 2", "resume 2"]);

  // Cancel cannot be undone: it asks, and only y goes on.
  app.key(ch("c"));
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "Cancel the run of #2?");
  app.key(ch("n"));
  app.key(ch("c"));
  app.key(ch("y"));
  await tick();
  assertEquals(log.slice(3), ["cancel 2"]);

  app.key(ch("a"));
  app.key({ name: "enter" });
  app.key(ch("a"));
  for (const c of "ok") app.key(ch(c));
  app.key({ name: "enter" });
  await tick();
  assertEquals(log.slice(4), ["approve 2 null", "approve 2 ok"]);

  app.key(ch("x"));
  app.key({ name: "enter" });
  assertEquals(log.length, 6, "no reason, no rejection");
  app.key({ name: "escape" });
  assertEquals(app.prompt, null);
  app.key(ch("x"));
  for (const c of "boom") app.key(ch(c));
  app.key({ name: "enter" });
  await tick();
  await tick();
  assertEquals(app.notice?.tone, "fail");
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "Cannot reject: no");
});

Deno.test("task keys act only on a task's views; q asks first while runs started here go on", () => {
  const log: string[] = [];
  const app = new TuiApp(fakeModel(), { colour: false, actions: fakeActions(log, 2) });
  app.key(ch("3")); // the History list: a toggles every task
  app.key(ch("a"));
  assertEquals([app.historyAll, app.prompt], [true, null]);
  app.key(ch("2")); // Activity: no task keys
  app.key(ch("r"));
  assertEquals(log, []);
  app.key(ch("1"));
  assertEquals(app.key(ch("q")), null);
  assertStringIncludes(plain(app.frame(SIZE)).at(-2)!, "2 runs started here stop");
  app.key(ch("n"));
  assertEquals(app.prompt, null, "anything but y keeps the UI");
  app.key(ch("q"));
  assertEquals(app.key(ch("y")), "quit");
  // Without actions, the keys say so.
  const bare = new TuiApp(fakeModel(), { colour: false });
  bare.key(ch("r"));
  assertStringIncludes(plain(bare.frame(SIZE)).at(-2)!, "cannot act");
  // The help lists the task keys.
  bare.key(ch("?"));
  const help = plain(bare.frame({ width: 100, height: 40 })).join("\n");
  for (
    const k of [
      "new task",
      "resume its run",
      "cancel its run",
      "approve the gate",
      "reject the gate",
    ]
  ) {
    assertStringIncludes(help, k);
  }
});
