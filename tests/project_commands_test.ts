/**
 * End-to-end tests of the project commands: init, task, memory, doctor.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { env, runCli, taskWithLog, tempProject } from "./helpers.ts";
import { parseSettings } from "../src/store/settings.ts";
import { defaultSettings } from "../src/store/settings.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const TASK = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";

Deno.test("init creates .taskline/ with every setting and the ignore file, and is safe twice", async () => {
  await using p = await tempProject({ init: false });
  const first = await runCli(["init"], { cwd: p.dir });
  assertEquals(first.code, 0, first.stderr);
  const config = await Deno.readTextFile(p.state.configPath);
  assertStringIncludes(config, "// ");
  const parsed = parseSettings(config);
  assertEquals(parsed.warnings, []);
  assertEquals(parsed.settings, defaultSettings());
  for (const key of Object.keys(defaultSettings().pipeline)) {
    assertStringIncludes(config, `"${key}"`);
  }
  const ignore = await Deno.readTextFile(`${p.state.root}/.gitignore`);
  for (const l of ["tool-output/", "server.token", "*.lock", "cancel.request"]) {
    assertStringIncludes(ignore, l);
  }
  await Deno.writeTextFile(
    p.state.configPath,
    config.replace('"auto_merge": false', '"auto_merge": true'),
  );
  const second = await runCli(["init"], { cwd: p.dir });
  assertEquals(second.code, 0, second.stderr);
  assertStringIncludes(second.stdout, "Nothing to do");
  assertStringIncludes(await Deno.readTextFile(p.state.configPath), '"auto_merge": true');
});

Deno.test("task new, list, show, import and discard", async () => {
  await using p = await tempProject();
  const created = await runCli(["task", "new", "Add login", "--description", "OAuth", "--json"], {
    cwd: p.dir,
  });
  assertEquals(created.code, 0, created.stderr);
  const row = JSON.parse(created.stdout);
  assertEquals([row.number, row.dir, row.status], [1, "001-add-login", "ready"]);
  const imported = await runCli(["task", "import", "-"], {
    cwd: p.dir,
    stdin: JSON.stringify({ tasks: [{ title: "Second" }, { title: "Third", status: "backlog" }] }),
  });
  assertEquals(imported.code, 0, imported.stderr);
  assertStringIncludes(imported.stdout, "Created task #3 Third");
  const outside = await runCli(["task", "import", "tasks.json"], { cwd: p.dir });
  assertEquals(outside.code, 2);
  assertStringIncludes(outside.stderr, "reads only inside .taskline/");
  const list = await runCli(["task", "list", "--json"], { cwd: p.dir });
  assertEquals(JSON.parse(list.stdout).map((t: { title: string }) => t.title), [
    "Add login",
    "Second",
    "Third",
  ]);
  const human = await runCli(["task", "list"], { cwd: p.dir });
  assertStringIncludes(human.stdout, "#3    backlog  Third");
  assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 0);
  const show = await runCli(["task", "show", "1", "--json"], { cwd: p.dir });
  const shown = JSON.parse(show.stdout);
  assertEquals([shown.status, shown.description], ["done", "OAuth"]);
  assertEquals(shown.run.phases.map((ph: { phase: string }) => ph.phase), [
    "spec",
    "plan",
    "build",
    "validate",
    "qa",
    "merge",
  ]);
  const showHuman = await runCli(["task", "show", "#1"], { cwd: p.dir });
  assertStringIncludes(showHuman.stdout, "status:   done");
  const outputs = `${p.state.toolOutputDir}/001-add-login`;
  assert((await Deno.stat(outputs)).isDirectory);
  const discard = await runCli(["task", "discard", "1"], { cwd: p.dir });
  assertEquals(discard.code, 0, discard.stderr);
  for (const gone of [outputs, p.state.taskDir("001-add-login")]) {
    await Deno.stat(gone).then(() => assert(false, `${gone} removed`), () => {});
  }
  const missing = await runCli(["task", "show", "1"], { cwd: p.dir });
  assertEquals(missing.code, 1);
});

Deno.test("tasks made at the same moment, by eight processes, get eight numbers", async () => {
  await using p = await tempProject();
  const made = async (title: string) => {
    const r = await runCli(["task", "new", title, "--json"], { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).number as number;
  };
  assertEquals(await made("first"), 1);
  const at = await Promise.all(Array.from({ length: 8 }, (_, i) => made(`at once ${i}`)));
  assertEquals([...at].sort((a, b) => a - b), [2, 3, 4, 5, 6, 7, 8, 9]);
  const list = await runCli(["task", "list", "--json"], { cwd: p.dir });
  assertEquals(JSON.parse(list.stdout).length, 9);
  // Nothing is left of the reservations.
  assertEquals([...Deno.readDirSync(p.state.numbersDir)], []);
});

Deno.test("memory list shows lessons of finished tasks; clear needs --yes without a terminal", async () => {
  await using p = await tempProject();
  await runCli(["task", "new", "Add login"], { cwd: p.dir });
  assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 0);
  const list = await runCli(["memory", "list", "--json"], { cwd: p.dir });
  const lessons = JSON.parse(list.stdout);
  assertEquals(lessons.length, 1);
  assertEquals(lessons[0].number, 1);
  const refused = await runCli(["memory", "clear"], { cwd: p.dir });
  assertEquals(refused.code, 2);
  assertStringIncludes(refused.stderr, "--yes");
  assertEquals(
    (await runCli(["memory", "list", "--json"], { cwd: p.dir })).stdout.trim().length > 2,
    true,
  );
  const cleared = await runCli(["memory", "clear", "--yes"], { cwd: p.dir });
  assertEquals(cleared.code, 0);
  assertEquals(JSON.parse((await runCli(["memory", "list", "--json"], { cwd: p.dir })).stdout), []);
});

Deno.test("doctor finds a seq gap, a torn last line and an unfinished run, naming file and line", async () => {
  await using p = await tempProject();
  const at = "2026-09-27T10:00:00Z";
  const task = await taskWithLog(p.state, "Broken", [
    env(1, at, { type: "run_started", run: RUN, task: TASK }),
    env(2, at, { type: "phase_started", run: RUN, phase: "build" }),
    env(4, at, { type: "phase_finished", run: RUN, phase: "build", success: true, summary: "" }),
  ]);
  const log = p.state.logPath(task.dir);
  await Deno.writeTextFile(log, '{"schema":2,"seq":5,"at":"2026', { append: true });
  const r = await runCli(["doctor", "--json"], { cwd: p.dir });
  assertEquals(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout);
  const messages = report.findings.map((f: { line: number; message: string }) =>
    `${f.line}: ${f.message}`
  );
  assert(
    messages.some((m: string) => m.startsWith("3: seq of run 5f0c1d2e jumps from 2 to 4")),
    messages.join("\n"),
  );
  assert(messages.some((m: string) => m.startsWith("4: torn last line")), messages.join("\n"));
  assert(
    messages.some((m: string) => m.startsWith("1: run 5f0c1d2e started here")),
    messages.join("\n"),
  );
  const human = await runCli(["doctor"], { cwd: p.dir });
  assertEquals(human.code, 1);
  assertStringIncludes(human.stdout, `.taskline/tasks/001-broken/events.jsonl:3`);
  assertStringIncludes(human.stdout, "fix: ");
  // A healthy project passes.
  await Deno.remove(p.state.taskDir(task.dir), { recursive: true });
  await runCli(["task", "new", "Fine"], { cwd: p.dir });
  assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 0);
  await Deno.mkdir(`${p.state.toolOutputDir}/009-gone`, { recursive: true });
  const ok = await runCli(["doctor", "--json"], { cwd: p.dir });
  assertEquals(ok.code, 0, ok.stdout);
  const orphan = JSON.parse(ok.stdout).findings.find((f: { file: string }) =>
    f.file.endsWith("009-gone")
  );
  assertEquals(orphan.level, "warning");
});

Deno.test("the program lists every command, answers help for each, and refuses an unknown one as a usage error", async () => {
  await using p = await tempProject({ init: false });
  const usage = await runCli([], { cwd: p.dir });
  assertEquals(usage.code, 2);
  const names = [
    "approve",
    "cancel",
    "doctor",
    "events",
    "history",
    "init",
    "memory",
    "mirror",
    "pr",
    "record",
    "reject",
    "run",
    "schema",
    "serve",
    "ship",
    "task",
    "trace",
    "tui",
  ];
  for (const n of names) assert(new RegExp(`^  ${n} +\\S`, "m").test(usage.stdout), n);
  for (const n of ["serve", "tui", "events"]) {
    const help = await runCli(["help", n], { cwd: p.dir });
    assertEquals(help.code, 0, help.stderr);
    assertStringIncludes(help.stdout, `Usage: taskline ${n}`);
  }
  const helpOfNone = await runCli(["help", "constructor"], { cwd: p.dir });
  assertEquals(helpOfNone.code, 0, helpOfNone.stderr);
  assertStringIncludes(helpOfNone.stdout, "Usage: taskline <command>");
  // Names of the command table's object itself are no commands.
  for (const n of ["constructor", "__proto__", "toString", "nope"]) {
    const r = await runCli([n], { cwd: p.dir });
    assertEquals(r.code, 2, `${n}: ${r.stderr}`);
    assertStringIncludes(r.stderr, `Unknown command "${n}"`);
  }
});

Deno.test({
  name: "a project where the runtime refuses to read (under /dev) is named as such, not as missing",
  ignore: (() => {
    try {
      return !Deno.statSync("/dev/shm").isDirectory;
    } catch {
      return true;
    }
  })(),
  fn: async () => {
    const dir = Deno.makeTempDirSync({ dir: "/dev/shm", prefix: "taskline-" });
    try {
      Deno.mkdirSync(`${dir}/.taskline/tasks`, { recursive: true });
      const r = await runCli(["events"], { cwd: dir });
      assertEquals(r.code, 1, r.stderr);
      assertStringIncludes(r.stderr, "Cannot read .taskline/ here");
      assert(!r.stderr.includes("does not exist"), r.stderr);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
