import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { REPO, tempProject } from "../../tests/helpers.ts";
import { TasklineError } from "../errors.ts";
import { StateDir } from "./state_dir.ts";
import { resolveRef } from "./refs.ts";
import {
  branchOf,
  createTask,
  findTask,
  listTasks,
  readTask,
  slugify,
  taskDirName,
} from "./tasks.ts";

Deno.test("the directory is the number on three digits, a dash and a slug of the title", () => {
  assertEquals(taskDirName(7, "Audit error messages"), "007-audit-error-messages");
  assertEquals(taskDirName(1234, "x"), "1234-x");
  assertEquals(slugify("Export with a --csv flag!"), "export-with-a-csv-flag");
  assertEquals(slugify("Café über naïve"), "cafe-uber-naive");
  assertEquals(slugify("???"), "task");
  const long = slugify("a very long title that goes on and on past forty characters");
  assertEquals(long.length <= 40 && !long.endsWith("-"), true);
});

Deno.test("the branch is task.json's branch, or computed from the title until recorded", async () => {
  const state = new StateDir(`${REPO}/fixtures/projects/releases/.taskline`);
  assertEquals(
    branchOf(await readTask(state, "001-add-a-health-endpoint")),
    "taskline/001-add-a-health-endpoint",
  );
  const t = await readTask(state, "004-paginate-the-task-list");
  assertEquals(branchOf(t), "taskline/004-paginate-the-task-list");
  assertEquals(branchOf({ ...t, record: { ...t.record, branch: "feature/x" } }), "feature/x");
  assertEquals(
    branchOf({ ...t, record: { ...t.record, branch: "" } }),
    "taskline/004-paginate-the-task-list",
  );
  const peer = new StateDir(`${REPO}/fixtures/projects/peer/.taskline`);
  assertEquals(branchOf(await readTask(peer, "003-add-login")), "vibe/003-add-login");
});

Deno.test("tasks list in number order; unreadable directories are reported, not fatal", async () => {
  await using p = await tempProject();
  await createTask(p.state, "Second", { number: 2 });
  await createTask(p.state, "First", { number: 1 });
  await Deno.mkdir(p.state.taskDir("003-broken"));
  await Deno.writeTextFile(p.state.taskJsonPath("003-broken"), '{"title":"no id"}');
  const problems: string[] = [];
  const tasks = await listTasks(p.state, { onProblem: (x) => problems.push(x.dir) });
  assertEquals(tasks.map((t) => t.dir), ["001-first", "002-second"]);
  assertEquals(problems, ["003-broken"]);
  const next = await createTask(p.state, "Third one");
  assertEquals([next.number, next.dir, next.record.status], [3, "003-third-one", "ready"]);
});

Deno.test("creating a task over an existing one fails; an empty title is a usage error", async () => {
  await using p = await tempProject();
  await createTask(p.state, "Same", { number: 1 });
  const e = await assertRejects(() => createTask(p.state, "Same", { number: 1 }), TasklineError);
  assertEquals((e as TasklineError).code, "bad-state");
  const u = await assertRejects(() => createTask(p.state, "  "), TasklineError);
  assertEquals((u as TasklineError).code, "usage");
});

Deno.test("a task named by number or directory is found without reading the other tasks", async () => {
  await using p = await tempProject();
  const made = [];
  for (let n = 1; n <= 30; n++) made.push(await createTask(p.state, `Task ${n}`, { number: n }));
  // Every other task.json is unreadable: reading one would be reported.
  for (const t of made) {
    if (t.number !== 7) await Deno.writeTextFile(p.state.taskJsonPath(t.dir), "{");
  }
  const problems: string[] = [];
  const onProblem = (x: { dir: string }) => problems.push(x.dir);
  assertEquals((await findTask(p.state, "7", { onProblem })).dir, "007-task-7");
  assertEquals((await findTask(p.state, "#7", { onProblem })).dir, "007-task-7");
  assertEquals((await findTask(p.state, "007-task-7", { onProblem })).number, 7);
  assertEquals(problems, []);
  // An id reads every task, as before: the unreadable ones are reported once each.
  assertEquals((await findTask(p.state, made[6].id, { onProblem })).number, 7);
  assertEquals(problems.length, 29);
  assertEquals(new Set(problems).size, 29);
});

Deno.test("finding a task by number gives what reading every task gives", async () => {
  await using p = await tempProject();
  await createTask(p.state, "One", { number: 1 });
  await createTask(p.state, "Fix the parser", { number: 12 });
  await createTask(p.state, "Update the docs", { number: 12 });
  // A directory renamed by hand: its number is found by reading every task.
  const moved = await createTask(p.state, "Moved", { number: 40 });
  await Deno.rename(p.state.taskDir(moved.dir), p.state.taskDir("099-moved"));
  const all = await listTasks(p.state);
  for (const ref of ["1", "#1", "12", "40", "#40", "99", "#99", "5", "#5", "099-moved", "nope"]) {
    const fast = await findTask(p.state, ref).then((t) => t.dir, (e: TasklineError) => e.code);
    const full = await Promise.resolve().then(() => resolveRef(ref, all)).then(
      (t) => t.dir,
      (e: TasklineError) => e.code,
    );
    assertEquals(fast, full, ref);
  }
  const clash = await findTask(p.state, "12").catch((e: TasklineError) => e);
  assertEquals((clash as TasklineError).code, "ambiguous-ref");
  // Named in the order of the whole list.
  assertEquals(
    (clash as TasklineError).message,
    await Promise.resolve().then(() => resolveRef("12", all)).catch((e: Error) => e.message),
  );
  assertEquals((await findTask(p.state, "40")).dir, "099-moved");
});
