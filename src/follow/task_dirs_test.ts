import { assert, assertEquals } from "../../tests/assert.ts";
import { tempState } from "../../tests/log_lines.ts";
import { heldFifoPaths } from "./hold_fifo.ts";
import { taskDirOfPath, TaskDirs } from "./task_dirs.ts";

Deno.test("taskDirOfPath names the task directory of a notified path, and nothing outside", () => {
  assertEquals(
    taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/001-x/events.jsonl"),
    "001-x",
  );
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/002-y"), "002-y");
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks-other/001-x/a"), null);
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks"), null);
  assertEquals(taskDirOfPath("", "/p/.taskline/tasks/001-x/events.jsonl"), null);
});

Deno.test("TaskDirs tells of task directories found, changed and gone, and holds a FIFO put in one", async () => {
  const { state, dir } = await tempState();
  const ac = new AbortController();
  const found: string[] = [];
  const removed: string[] = [];
  let notYet = true;
  const dirs = new TaskDirs(state, {
    pollIntervalMs: 100,
    onFound: (d, initial) => {
      found.push(`${d}${initial ? " (initial)" : ""}`);
      if (d === "003-later") {
        // Not a readable task at first: told again at the next listing.
        if (notYet) return (notYet = false, null);
        return true;
      }
      return d !== "002-ignored";
    },
    onRemoved: (d) => removed.push(d),
  });
  /** Runs turns until `done` holds (at most 10 s); the changed directories taken at each. */
  const changed = new Set<string>();
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!done() && Date.now() < deadline) {
      await dirs.turn();
      for (const d of dirs.dirty) changed.add(d);
      dirs.dirty.clear();
      await dirs.wait(ac.signal);
    }
    assert(done(), `found ${found}, removed ${removed}, changed ${[...changed]}`);
  };
  try {
    await Deno.mkdir(state.taskDir("001-a"));
    await Deno.mkdir(state.taskDir("002-ignored"));
    await dirs.scan();
    dirs.watch(ac.signal);
    assertEquals(found, ["001-a (initial)", "002-ignored (initial)"]);
    assertEquals([...dirs.dirty], ["001-a"], "a directory found is to be read");
    assert(dirs.has("001-a") && !dirs.has("002-ignored"));
    dirs.dirty.clear();
    // A change in a followed directory.
    await Deno.writeTextFile(`${state.taskDir("001-a")}/events.jsonl`, "{}\n");
    await until(() => changed.has("001-a"));
    // A directory made later, found at a later listing (once it reads as a task).
    await Deno.mkdir(state.taskDir("003-later"));
    await until(() => dirs.has("003-later"));
    assertEquals(found.slice(2), ["003-later", "003-later"]);
    // The ignored one is never told again.
    assertEquals(found.filter((f) => f.startsWith("002")).length, 1);
    // A FIFO in a task's directory is held by the sweep.
    const fifo = `${state.taskDir("001-a")}/out.fifo`;
    const mk = await new Deno.Command("mkfifo", { args: [fifo] }).output();
    assertEquals(mk.code, 0);
    await until(() => heldFifoPaths().includes(fifo));
    // And let go of once it is gone.
    await Deno.remove(fifo);
    await until(() => !heldFifoPaths().includes(fifo));
    // A directory gone is told, and no longer followed.
    await Deno.remove(state.taskDir("001-a"), { recursive: true });
    await until(() => removed.includes("001-a"));
    assert(!dirs.has("001-a"));
  } finally {
    ac.abort();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("TaskDirs tells of a file changed in a followed directory by its notification, not by the poll", async () => {
  const { state, dir } = await tempState();
  const ac = new AbortController();
  const told: Array<[string, string]> = [];
  // A poll of a minute: within this test, only the watch can tell of the change.
  const dirs = new TaskDirs(state, {
    pollIntervalMs: 60_000,
    onFound: () => true,
    onChanged: (d, path) => told.push([d, path]),
  });
  try {
    await Deno.mkdir(state.taskDir("001-a"));
    await dirs.scan();
    dirs.watch(ac.signal);
    await dirs.turn();
    dirs.dirty.clear();
    // Give the watcher its start before the write it is to tell of.
    await new Promise((r) => setTimeout(r, 50));
    await Deno.writeTextFile(`${state.taskDir("001-a")}/events.jsonl`, "{}\n");
    const deadline = Date.now() + 10_000;
    while (told.length === 0 && Date.now() < deadline) await dirs.wait(ac.signal);
    await dirs.turn();
    assertEquals(told[0]?.[0], "001-a");
    assert(told[0][1].endsWith("/001-a/events.jsonl"), told[0][1]);
    assertEquals([...dirs.dirty], ["001-a"]);
  } finally {
    ac.abort();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("TaskDirs lists the tasks directory again only when its mtime moved", async () => {
  const { state, dir } = await tempState();
  await Deno.mkdir(state.taskDir("001-a"));
  // A tasks directory last changed an hour ago.
  const old = new Date(Date.now() - 3_600_000);
  await Deno.utime(state.tasksDir, old, old);
  const found: string[] = [];
  const dirs = new TaskDirs(state, { pollIntervalMs: 1, onFound: (d) => (found.push(d), true) });
  const original = Deno.readDirSync;
  let listings = 0;
  Deno.readDirSync = (path) => {
    if (String(path) === state.tasksDir) listings++;
    return original(path);
  };
  try {
    await dirs.scan();
    assertEquals(listings, 1);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 3));
      await dirs.turn();
    }
    assertEquals(listings, 1, "polls of an unchanged tasks directory list nothing");
    await Deno.mkdir(state.taskDir("002-b"));
    await new Promise((r) => setTimeout(r, 3));
    await dirs.turn();
    assertEquals(listings, 2, "a task made moves the mtime: listed again");
    assertEquals(found, ["001-a", "002-b"]);
  } finally {
    Deno.readDirSync = original;
    await Deno.remove(dir, { recursive: true });
  }
});
