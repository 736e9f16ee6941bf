/**
 * Real processes on one task, under the shipped permissions: a second run
 * fails while the first holds the task, and a writer killed with SIGKILL at
 * random moments is resumed with no gap and no lost complete event.
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { Writer } from "./reliability_harness.ts";
import { createTask, type Task } from "../src/store/tasks.ts";
import { decodeLine } from "../src/codec/decode.ts";
import { readAll } from "../src/store/log_reader.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import { isTaskRunning } from "../src/store/lock.ts";

async function logText(state: StateDir, task: Task): Promise<string> {
  try {
    return await Deno.readTextFile(state.logPath(task.dir));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return "";
    throw e;
  }
}

Deno.test("a second run on a running task fails with a clear error and changes nothing", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Add login");
  // The first run holds the task until both others have tried (not for a time: a
  // loaded machine can take longer to start a process than a short run lasts).
  const release = ".taskline/release-first";
  const first = new Writer(p.dir, [task.dir, "new", "40", "25"], { WRITER_HOLD: release });
  try {
    const started = await first.waitFor("started ");
    assert(started, `the first writer did not start: ${first.stderr}`);
    const runA = started.split(" ")[1];
    assertEquals(await isTaskRunning(p.state, task.dir), true);

    for (const mode of ["new", "resume"]) {
      const second = new Writer(p.dir, [task.dir, mode, "5", "0"]);
      const status = await second.done;
      assertEquals(status.code, 1, `second writer (${mode}) exit code`);
      assertStringIncludes(second.stderr, "task-running: ");
      assertStringIncludes(
        second.stderr,
        `Cannot run task ${task.dir}: another process is running it`,
      );
      assertEquals(second.lines.some((l) => l.startsWith("started")), false);
    }
    assertEquals(first.lines.some((l) => l.startsWith("finished")), false, "the first still ran");

    await Deno.writeTextFile(`${p.dir}/${release}`, "");
    const status = await first.done;
    assertEquals(status.code, 0, first.stderr);
    assertEquals(await isTaskRunning(p.state, task.dir), false);
    const lines = (await logText(p.state, task)).trimEnd().split("\n").map((l) => JSON.parse(l));
    // Only the first run is in the log, whole and gapless.
    assertEquals(new Set(lines.map((l) => l.event.run)), new Set([runA]));
    assertEquals(lines.map((l) => l.seq), lines.map((_, i) => i + 1));
    assertEquals(lines.length, 42);
    assertEquals(lines.at(-1).event.type, "run_finished");
    const runJson = JSON.parse(await Deno.readTextFile(p.state.runJsonPath(task.dir)));
    assertEquals(runJson.run, runA);
  } finally {
    first.kill();
    await first.done;
  }
});

Deno.test("a writer killed with SIGKILL at random moments is resumed with no gap and no lost event", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Survive crashes");
  const kills = 20;
  let torn = 0, completed = 0, startedRuns = 0;
  for (let i = 0; i <= kills; i++) {
    const before = await logText(p.state, task);
    const cut = before.lastIndexOf("\n") + 1;
    const whole = before.slice(0, cut);
    const tail = before.slice(cut);
    const tailIsEvent = tail !== "" && decodeLine(tail).ok;
    if (tail !== "") {
      if (tailIsEvent) completed++;
      else torn++;
    }

    const last = i === kills;
    // Events of up to 20 kB, written back to back, so that a kill may land inside a write.
    const w = new Writer(p.dir, [task.dir, "auto", last ? "3" : "40", "0", last ? "50" : "20000"]);
    let reachedStart = false;
    if (last) {
      reachedStart = (await w.waitFor("started ")) !== null;
    } else if (Math.random() < 0.25) {
      // Sometimes before the run has even started (during open or repair).
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      w.kill();
    } else {
      reachedStart = (await w.waitFor("started ")) !== null;
      await new Promise((r) => setTimeout(r, Math.random() * 60));
      w.kill();
    }
    const status = await w.done;
    if (reachedStart) startedRuns++;
    if (last) assertEquals(status.code, 0, w.stderr);
    else assert(status.code === 0 || status.signal === "SIGKILL", `writer ${i}: ${w.stderr}`);

    // Nothing complete before this writer was lost, whatever moment it died at.
    const after = await logText(p.state, task);
    assert(after.startsWith(whole), `writer ${i} lost a complete line`);
    if (reachedStart && tailIsEvent) {
      assert(
        after.startsWith(whole + tail + "\n"),
        `writer ${i} did not complete a whole torn event`,
      );
    }
    // A kill inside a write leaves a short line (the kernel stops a write at a
    // page boundary when the process gets SIGKILL). That timing is rare, so
    // the short write is made here, sometimes: the last line loses its
    // newline, or more.
    if (!last && status.signal === "SIGKILL" && after.endsWith("\n") && Math.random() < 0.5) {
      const start = after.lastIndexOf("\n", after.length - 2) + 1;
      const lineBytes = new TextEncoder().encode(after.slice(start)).length;
      const keep = Math.random() < 0.5
        ? lineBytes - 1
        : Math.floor(Math.random() * (lineBytes - 1));
      const size = new TextEncoder().encode(after.slice(0, start)).length + keep;
      await Deno.truncate(p.state.logPath(task.dir), size);
    }
  }

  // Every line is a whole event of one run, seq 1..N without a gap, run_finished last.
  const text = await logText(p.state, task);
  assert(text.endsWith("\n"));
  const lines = text.slice(0, -1).split("\n");
  const envs = lines.map((l, n) => {
    const d = decodeLine(l);
    assert(d.ok, `line ${n + 1} is broken`);
    return d.env;
  });
  assertEquals(envs.map((e) => e.seq), envs.map((_, n) => n + 1));
  assertEquals(new Set(envs.map((e) => (e.event as { run: string }).run)).size, 1);
  assertEquals(envs.at(-1)!.event.type, "run_finished");
  assert(envs.every((e) => e.schema === 2));
  const runStarts = envs.filter((e) => e.event.type === "run_started").length;
  // Every writer that got past its start wrote one run_started; a killed one may have too.
  assert(
    runStarts >= 2 && runStarts <= kills + 1,
    `${runStarts} run_started for ${kills + 1} writers`,
  );
  console.log(
    `${kills} kills: ${envs.length} events, ${runStarts} starts (${startedRuns} seen), ${torn} torn tails removed, ${completed} completed`,
  );
});

Deno.test("a reader never sees half an event while a writer process appends", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Read while writing");
  const w = new Writer(p.dir, [task.dir, "new", "300", "0", "60000"]);
  const problems: string[] = [];
  let reads = 0;
  let ended = false;
  w.done.then(() => ended = true);
  try {
    while (!ended || reads === 0) {
      const recs = await readAll(p.state.logPath(task.dir), {
        chunkBytes: 4096,
        onProblem: (x) => problems.push(`line ${x.line}: ${x.reason}`),
      });
      // What is read is always seq 1..k: a prefix of the run, nothing torn.
      assertEquals(recs.map((r) => r.env.seq), recs.map((_, i) => i + 1));
      reads++;
    }
  } finally {
    w.kill();
  }
  assertEquals((await w.done).code, 0, w.stderr);
  assertEquals(problems, []);
  assertEquals((await readAll(p.state.logPath(task.dir))).length, 302);
  assert(reads > 1, `${reads} reads`);
});

Deno.test("a new run on a task whose last run's process was killed first ends that run with run_finished", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Outlive a crash");
  const dead = new Writer(p.dir, [task.dir, "new", "1000", "5"]);
  const started = await dead.waitFor("started ");
  assert(started, `the first writer did not start: ${dead.stderr}`);
  const runA = started.split(" ")[1];
  // Killed once it has written a few events (not after a time: under load it may have written none).
  const deadline = Date.now() + 20_000;
  while ((await logText(p.state, task)).split("\n").length <= 3) {
    assert(Date.now() < deadline, `the first writer wrote no events in 20 s: ${dead.stderr}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  dead.kill();
  assertEquals((await dead.done).signal, "SIGKILL");
  const before = (await logText(p.state, task)).trimEnd().split("\n").map((l) => JSON.parse(l));
  assert(before.length > 2, "the killed run wrote some events");
  assert(before.at(-1).event.type !== "run_finished");

  const next = new Writer(p.dir, [task.dir, "new", "3", "0"]);
  const status = await next.done;
  assertEquals(status.code, 0, next.stderr);
  const runB = next.lines.find((l) => l.startsWith("started "))!.split(" ")[1];
  assert(runB !== runA);

  const lines = (await logText(p.state, task)).trimEnd().split("\n").map((l) => JSON.parse(l));
  const ofA = lines.filter((l) => l.event.run === runA);
  const ofB = lines.filter((l) => l.event.run === runB);
  // Run A: its events, then an error and its run_finished, seq without a gap.
  assertEquals(ofA.map((l) => l.seq), ofA.map((_, i) => i + 1));
  assertEquals(ofA.length, before.length + 2);
  assertEquals(ofA.at(-2).event.type, "log");
  assertEquals(ofA.at(-2).event.level, "error");
  assertStringIncludes(ofA.at(-2).event.message, "its process died");
  const finished = ofA.at(-1).event;
  assertEquals([finished.type, finished.success, finished.status], [
    "run_finished",
    false,
    "failed",
  ]);
  assertEquals(finished.started_at, before[0].at);
  // Then run B, from seq 1, whole; and A's end comes before B's start in the log.
  assertEquals(lines.indexOf(ofA.at(-1)) + 1, lines.indexOf(ofB[0]));
  assertEquals(ofB.map((l) => l.seq), [1, 2, 3, 4, 5]);
  assertEquals(ofB.at(-1).event.type, "run_finished");
  // A third run finds nothing to finish.
  const third = new Writer(p.dir, [task.dir, "new", "1", "0"]);
  assertEquals((await third.done).code, 0, third.stderr);
  const all = (await logText(p.state, task)).trimEnd().split("\n").map((l) => JSON.parse(l));
  assertEquals(all.length, lines.length + 3);
});
