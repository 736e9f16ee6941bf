import { assertEquals, assertRejects } from "../../tests/assert.ts";
import { REPO, tempProject } from "../../tests/helpers.ts";
import { TasklineError } from "../errors.ts";
import { StateDir } from "./state_dir.ts";
import { branchOf, createTask, listTasks, readTask, slugify, taskDirName } from "./tasks.ts";

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
