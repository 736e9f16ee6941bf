/**
 * A project file that is not a regular file (a FIFO: opening it for reading
 * waits for a writer that never comes) never holds `ship` up: a task's log,
 * its task.json or a kept output made a FIFO, before ship starts, while it
 * runs, or before it starts again on a stream that holds the task. That
 * task's file is reported and not shipped; every other task goes on. The
 * same holds for `mirror` and the files of its replica; its own checkpoint
 * (`mirror.json`) that is not a regular file ends it with an error.
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { type CliProcess, spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { sleep, SourceWriter, startNats, streamLines } from "./fleet_util.ts";
import { eventsSubject, mirrorDir } from "../src/fleet/wire.ts";
import { StateDir } from "../src/store/state_dir.ts";
import type { Task } from "../src/store/tasks.ts";

/** Replaces `path` with a FIFO, in one step (a rename). */
async function mkfifo(path: string): Promise<void> {
  const tmp = `${path}.fifo-tmp`;
  const out = await new Deno.Command("mkfifo", { args: [tmp] }).output();
  assert(out.success, new TextDecoder().decode(out.stderr));
  await Deno.rename(tmp, path);
}

/** Lines of `task` the stream holds (0 without a stream). */
async function held(url: string, project: string, task: Task): Promise<number> {
  try {
    return (await streamLines(url)).bySubject.get(eventsSubject(project, task.id)) ?? 0;
  } catch {
    return 0;
  }
}

/** Lines of a task's log on disk. */
async function logLines(w: SourceWriter, task: Task): Promise<number> {
  let n = 0;
  for (const b of await Deno.readFile(w.state.logPath(task.dir))) if (b === 10) n++;
  return n;
}

/** Waits until the stream holds every line of `task`'s log. */
async function untilShipped(
  url: string,
  project: string,
  w: SourceWriter,
  task: Task,
  ship: CliProcess,
): Promise<void> {
  const want = await logLines(w, task);
  assert(
    await until(async () => (await held(url, project, task)) === want, 20_000),
    `${task.dir}: ${await held(url, project, task)} of ${want} lines shipped\n${ship.stderr}`,
  );
}

/** Waits until ship says that `file` of `dir`, a FIFO, is not shipped. */
async function untilReported(ship: CliProcess, dir: string, file: string): Promise<void> {
  const re = new RegExp(`task ${dir}: Cannot read [^\\n]*${file}: it is a FIFO[^\\n]*not shipped`);
  assert(await until(() => Promise.resolve(re.test(ship.stderr)), 20_000), ship.stderr);
}

/** Stops ship with Ctrl-C: it must end (a ship blocked on a FIFO does not), having shipped `lines`. */
async function stop(ship: CliProcess, lines: number): Promise<void> {
  ship.kill("SIGINT");
  const ended = await Promise.race([ship.done.then(() => true), sleep(10_000).then(() => false)]);
  assert(ended, `ship did not end on SIGINT\n${ship.stderr}`);
  assertMatch(ship.stderr, new RegExp(`taskline ship: ${lines} lines,`));
}

Deno.test("a task whose log is a FIFO is reported and not shipped; the other task's lines go on being shipped", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(30);
  const [good, bad] = w.tasks;
  await mkfifo(w.state.logPath(bad.dir));
  await using ship = spawnCli(["ship", nats.url, "--project", "fifo"], { cwd: a.dir });
  await untilShipped(nats.url, "fifo", w, good, ship);
  await untilReported(ship, bad.dir, "events.jsonl");
  // Appended after: shipped too (ship is not waiting on the FIFO).
  await w.appendBulk(20, [good]);
  await untilShipped(nats.url, "fifo", w, good, ship);
  assertEquals(await held(nats.url, "fifo", bad), 0);
  await stop(ship, 50);
  // Said once, not at every poll.
  assertEquals(ship.stderr.match(/it is a FIFO/g)?.length, 1, ship.stderr);
});

Deno.test("a log replaced by a FIFO while ship runs, and still one when ship starts again, holds neither up; made a log again, it is shipped on", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(30);
  const [good, bad] = w.tasks;
  const first = spawnCli(["ship", nats.url, "--project", "swap"], { cwd: a.dir });
  try {
    await untilShipped(nats.url, "swap", w, good, first);
    await untilShipped(nats.url, "swap", w, bad, first);
    const log = await Deno.readFile(w.state.logPath(bad.dir));
    await mkfifo(w.state.logPath(bad.dir));
    await untilReported(first, bad.dir, "events.jsonl");
    await w.appendBulk(10, [good]);
    await untilShipped(nats.url, "swap", w, good, first);
    await stop(first, 70);

    // Started again: the stream holds the task's 30 lines, its log is a FIFO.
    await using again = spawnCli(["ship", nats.url, "--project", "swap"], { cwd: a.dir });
    await untilReported(again, bad.dir, "events.jsonl");
    await w.appendBulk(10, [good]);
    await untilShipped(nats.url, "swap", w, good, again);
    // A log again, with the lines shipped and more: those go on.
    await Deno.writeFile(`${w.state.logPath(bad.dir)}.tmp`, log);
    await Deno.rename(`${w.state.logPath(bad.dir)}.tmp`, w.state.logPath(bad.dir));
    await w.appendBulk(5, [bad]);
    await untilShipped(nats.url, "swap", w, bad, again);
    assertEquals(await held(nats.url, "swap", bad), 35);
    await stop(again, 15);
  } finally {
    await first[Symbol.asyncDispose]();
  }
});

Deno.test("a task.json or a kept output that is a FIFO is reported and not shipped; ship goes on", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  const w = new SourceWriter(a.dir);
  await w.addTasks(3);
  // 60 lines each: a tool_returned with a kept output at seq 50.
  await w.appendBulk(60);
  const [good, noTask, noOutput] = w.tasks;
  await mkfifo(w.state.taskJsonPath(noTask.dir));
  const outputs = [...Deno.readDirSync(`${w.state.toolOutputDir}/${noOutput.dir}`)];
  assertEquals(outputs.length, 1);
  const runDir = `${w.state.toolOutputDir}/${noOutput.dir}/${outputs[0].name}`;
  const kept = [...Deno.readDirSync(runDir)].filter((e) => e.name.endsWith(".txt"));
  assertEquals(kept.length, 1);
  await mkfifo(`${runDir}/${kept[0].name}`);
  await using ship = spawnCli(["ship", nats.url, "--project", "fifos"], { cwd: a.dir });
  await untilShipped(nats.url, "fifos", w, good, ship);
  // The lines of the task whose output is a FIFO go, without that output.
  await untilShipped(nats.url, "fifos", w, noOutput, ship);
  await untilReported(ship, noTask.dir, "task.json");
  await untilReported(ship, noOutput.dir, kept[0].name);
  // task.json made a FIFO while ship runs.
  await mkfifo(w.state.taskJsonPath(good.dir));
  await untilReported(ship, good.dir, "task.json");
  await w.appendBulk(10, [good, noOutput]);
  await untilShipped(nats.url, "fifos", w, good, ship);
  await untilShipped(nats.url, "fifos", w, noOutput, ship);
  assertEquals(await held(nats.url, "fifos", noTask), 0);
  await stop(ship, 140);
});

Deno.test("a credentials file that is a FIFO makes ship end with an error naming it, not wait", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await mkfifo(`${a.dir}/.taskline/nats.token`);
  await using ship = spawnCli(["ship", nats.url, "--project", "creds"], { cwd: a.dir });
  const ended = await Promise.race([ship.done.then(() => true), sleep(10_000).then(() => false)]);
  assert(ended, `ship did not end\n${ship.stderr}`);
  assert((await ship.done).code !== 0);
  assertMatch(ship.stderr, /nats\.token: it is a FIFO/);
});

/** Whether two files hold the same bytes (false when one is missing or not a regular file). */
async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    if (!(await Deno.lstat(b)).isFile) return false;
    const [x, y] = [await Deno.readFile(a), await Deno.readFile(b)];
    return x.length === y.length && x.every((v, i) => v === y[i]);
  } catch {
    return false;
  }
}

Deno.test("replica files that are FIFOs (a task's log, a task.json, a kept output) are named by mirror and not written; the rest is mirrored and followed", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(3);
  // 60 lines each: a tool_returned with a kept output at seq 50.
  await w.appendBulk(60);
  const [noLog, noTask, noOutput] = w.tasks;
  const replica = new StateDir(`${m.dir}/.taskline`);
  const rdir = (t: Task) => mirrorDir("rfifo", t.dir);
  await Deno.mkdir(replica.taskDir(rdir(noLog)), { recursive: true });
  await mkfifo(replica.logPath(rdir(noLog)));
  await Deno.mkdir(replica.taskDir(rdir(noTask)), { recursive: true });
  await mkfifo(replica.taskJsonPath(rdir(noTask)));
  const run = [...Deno.readDirSync(`${w.state.toolOutputDir}/${noOutput.dir}`)][0].name;
  const call = [...Deno.readDirSync(`${w.state.toolOutputDir}/${noOutput.dir}/${run}`)][0].name;
  const keptPath = `${replica.toolOutputDir}/${rdir(noOutput)}/${run}/${call}`;
  await Deno.mkdir(`${replica.toolOutputDir}/${rdir(noOutput)}/${run}`, { recursive: true });
  await mkfifo(keptPath);
  await using ship = spawnCli(["ship", nats.url, "--project", "rfifo"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  // What is not a FIFO is mirrored: logs, task files, outputs.
  const mirrored = async () =>
    await sameFile(w.state.taskJsonPath(noLog.dir), replica.taskJsonPath(rdir(noLog))) &&
    await sameFile(w.state.logPath(noTask.dir), replica.logPath(rdir(noTask))) &&
    await sameFile(w.state.logPath(noOutput.dir), replica.logPath(rdir(noOutput))) &&
    await sameFile(w.state.taskJsonPath(noOutput.dir), replica.taskJsonPath(rdir(noOutput)));
  assert(await until(mirrored, 20_000), ship.stderr + mir.stderr);
  for (const name of ["events.jsonl", "task.json", call]) {
    assert(
      await until(
        () =>
          Promise.resolve(new RegExp(`${name}: it is a FIFO[^\\n]*not written`).test(mir.stderr)),
        10_000,
      ),
      mir.stderr,
    );
  }
  // Lines appended afterwards are mirrored too: the mirror is not held by a FIFO.
  await w.appendBulk(10);
  assert(await until(mirrored, 20_000), ship.stderr + mir.stderr);
  // The FIFOs are left as they were (not replaced, never opened).
  for (
    const p of [replica.logPath(rdir(noLog)), replica.taskJsonPath(rdir(noTask)), keptPath]
  ) assert((await Deno.lstat(p)).isFifo, p);
  mir.kill("SIGINT");
  const ended = await Promise.race([mir.done.then(() => true), sleep(10_000).then(() => false)]);
  assert(ended, `mirror did not end on SIGINT\n${mir.stderr}`);
});

Deno.test("a mirror.json that is a FIFO makes mirror end with an error naming it, not wait", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(1);
  await w.appendBulk(10);
  await using ship = spawnCli(["ship", nats.url, "--project", "cp"], { cwd: a.dir });
  assert(
    await until(async () => (await held(nats.url, "cp", w.tasks[0])) === 10, 20_000),
    ship.stderr,
  );
  await Deno.mkdir(`${m.dir}/.taskline`, { recursive: true });
  await mkfifo(`${m.dir}/.taskline/mirror.json`);
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const ended = await Promise.race([mir.done.then(() => true), sleep(10_000).then(() => false)]);
  assert(ended, `mirror did not end\n${mir.stderr}`);
  assert((await mir.done).code !== 0);
  assertMatch(mir.stderr, /mirror\.json: it is a FIFO[^\n]*remove it/);
  assert((await Deno.lstat(`${m.dir}/.taskline/mirror.json`)).isFifo);
});
