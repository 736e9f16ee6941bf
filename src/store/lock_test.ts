import { assert, assertEquals } from "../../tests/assert.ts";
import { tempProject } from "../../tests/helpers.ts";
import { TasklineError } from "../errors.ts";
import { acquireTaskLock, isTaskRunning } from "./lock.ts";

Deno.test("taking a task's lock is not refused because a reader asks whether the task runs", async () => {
  await using p = await tempProject();
  const dir = "001-x";
  await Deno.mkdir(p.state.taskDir(dir), { recursive: true });
  let stop = false;
  let probes = 0;
  // A follower or the server asks, again and again (each ask holds a shared lock an instant).
  const prober = (async () => {
    while (!stop) {
      await isTaskRunning(p.state, dir);
      probes++;
    }
  })();
  try {
    for (let i = 0; i < 300; i++) {
      const lock = await acquireTaskLock(p.state, dir);
      lock.release();
    }
  } finally {
    stop = true;
    await prober;
  }
  assert(probes > 100, `only ${probes} probes ran`);
});

Deno.test("a task's lock held by a run is refused, and isTaskRunning says so", async () => {
  await using p = await tempProject();
  const dir = "001-x";
  await Deno.mkdir(p.state.taskDir(dir), { recursive: true });
  const held = await acquireTaskLock(p.state, dir);
  try {
    assertEquals(await isTaskRunning(p.state, dir), true);
    const e = await acquireTaskLock(p.state, dir).then(() => null, (e) => e);
    assert(e instanceof TasklineError && e.code === "task-running", String(e));
  } finally {
    held.release();
  }
  assertEquals(await isTaskRunning(p.state, dir), false);
  (await acquireTaskLock(p.state, dir)).release();
});
