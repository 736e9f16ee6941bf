/**
 * Sources that are hard on ship: many tasks, a log truncated or rewritten
 * under it, the stream deleted under it.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import {
  deleteStream,
  sleep,
  SourceWriter,
  startNats,
  streamLines,
  untilMirrored,
} from "./fleet_util.ts";
import { eventsSubject } from "../src/fleet/wire.ts";

/** Lines the stream holds (0 without a stream); each held once, else an error. */
async function evCount(url: string): Promise<number> {
  let held;
  try {
    held = await streamLines(url);
  } catch {
    return 0; // no stream (yet)
  }
  assertEquals([held.overlaps, held.gaps], [[], []]);
  return held.lines;
}

Deno.test("a source with many tasks is shipped whole and mirrored", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  const tasks = Number(Deno.env.get("FLEET_TASKS") ?? 300);
  await w.addTasks(tasks);
  await w.append(tasks * 6);
  await using ship = spawnCli(["ship", nats.url, "--project", "many"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const diffs = await untilMirrored([{ project: "many", root: a.dir }], m.dir, 90_000);
  assertEquals(diffs.slice(0, 5), [], ship.stderr + mir.stderr);
  assertEquals(await evCount(nats.url), w.lines);
  // New tasks are picked up while it runs.
  await w.addTasks(3);
  await w.append(30);
  assertEquals(await untilMirrored([{ project: "many", root: a.dir }], m.dir, 30_000), []);
});

Deno.test("a log truncated or rewritten on the source is reported, not shipped twice", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.append(40);
  const ship = spawnCli(["ship", nats.url, "--project", "cut"], { cwd: a.dir });
  try {
    assert(await until(async () => (await evCount(nats.url)) === 40, 20_000), ship.stderr);
    const [t1, t2] = w.tasks;
    // Truncated: half of the log, then more lines.
    const log1 = w.state.logPath(t1.dir);
    const bytes = await Deno.readFile(log1);
    await Deno.writeFile(log1, bytes.subarray(0, bytes.indexOf(10, bytes.length / 2) + 1));
    // Rewritten: longer than before, its lines moved.
    const log2 = w.state.logPath(t2.dir);
    const text = await Deno.readTextFile(log2);
    await Deno.writeTextFile(log2, text.replaceAll("step", "a longer step") + text);
    assert(
      await until(
        () => Promise.resolve((ship.stderr.match(/not shipped again/g) ?? []).length >= 2),
        20_000,
      ),
      ship.stderr,
    );
    assertStringIncludes(ship.stderr, t1.dir);
    assertStringIncludes(ship.stderr, t2.dir);
    await sleep(1500);
    assertEquals(await evCount(nats.url), 40);
  } finally {
    await ship[Symbol.asyncDispose]();
  }
  // A new ship finds the same and ships nothing of them.
  await using again = spawnCli(["ship", nats.url, "--project", "cut"], { cwd: a.dir });
  assert(
    await until(
      () => Promise.resolve((again.stderr.match(/not shipped again/g) ?? []).length >= 2),
      20_000,
    ),
    again.stderr,
  );
  await sleep(1000);
  assertEquals(await evCount(nats.url), 40);
});

Deno.test("a stream deleted under a running ship is created again and filled again; the mirror stays equal", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(3);
  await w.append(60);
  await using ship = spawnCli(["ship", nats.url, "--project", "del"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const sources = [{ project: "del", root: a.dir }];
  assertEquals(await untilMirrored(sources, m.dir, 30_000), []);
  await deleteStream(nats.url);
  await w.append(30);
  assert(await until(async () => (await evCount(nats.url)) === w.lines, 30_000), ship.stderr);
  assertStringIncludes(ship.stderr, "created again");
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], mir.stderr);
  // Every task's subject holds each of its lines once.
  const held = await streamLines(nats.url);
  assertEquals([held.overlaps, held.gaps], [[], []]);
  for (const t of w.tasks) {
    const lines = (await Deno.readTextFile(w.state.logPath(t.dir))).split("\n").length - 1;
    assertEquals(held.bySubject.get(eventsSubject("del", t.id)), lines);
  }
});

Deno.test("a ship started again on a shipped project of many tasks sends only what is new", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  const w = new SourceWriter(a.dir);
  await w.addTasks(40);
  await w.append(400);
  const first = spawnCli(["ship", nats.url, "--project", "again"], { cwd: a.dir });
  try {
    assert(await until(async () => (await evCount(nats.url)) === 400, 30_000), first.stderr);
  } finally {
    first.kill("SIGINT");
    await first.done;
  }
  assertStringIncludes(first.stderr, "400 lines");
  const second = spawnCli(["ship", nats.url, "--project", "again"], { cwd: a.dir });
  try {
    assert(await until(() => Promise.resolve(second.stderr.includes("to stream")), 20_000));
    await w.append(7);
    assert(await until(async () => (await evCount(nats.url)) === 407, 30_000), second.stderr);
    await sleep(500);
  } finally {
    second.kill("SIGINT");
    await second.done;
  }
  // The 400 lines already held were not published again (not even as duplicates).
  assertStringIncludes(second.stderr, "taskline ship: 7 lines,");
  assertEquals(await evCount(nats.url), 407);
});
