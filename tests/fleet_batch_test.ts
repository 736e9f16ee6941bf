/**
 * Lines in batches (several complete lines a message, while ship catches
 * up): exactly once still holds when ship and nats-server are killed during
 * a catch-up, and when a batch whose acknowledgement never came is stored
 * late, after ship asked the stream where it stands and sent the lines again.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type CliProcess, spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { connect, headers } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { ensureStream } from "../src/fleet/nats.ts";
import { eventsSubject, lineKeysOfBytes, lineMsgId, taskSubject } from "../src/fleet/wire.ts";
import {
  HoldingProxy,
  killShipWhilePublishing,
  mirrorDiff,
  sleep,
  SourceWriter,
  startNats,
  streamLines,
  untilMirrored,
} from "./fleet_util.ts";

Deno.test("ship and nats-server SIGKILLed while ship catches up in batches: the mirror equals the source, each line stored once", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(6);
  await w.appendBulk(2500);
  const sources = [{ project: "bulk", root: a.dir }];
  let ship: CliProcess | null = null;
  const start = () => spawnCli(["ship", nats.url, "--project", "bulk"], { cwd: a.dir });
  let stderr = "";
  try {
    stderr = await killShipWhilePublishing({
      nats,
      dir: a.dir,
      project: "bulk",
      rounds: 6,
      seed: 1717,
      // While it publishes: once the stream has grown, after a moment of up to 100 ms.
      maxDelayMs: 100,
      beforeKill: async (round) => {
        if (round % 3 === 2) {
          await nats.kill("SIGKILL");
          await nats.start();
        }
      },
      afterKill: async (round) => {
        const held = await streamLines(nats.url).then((h) => h.lines, () => 0);
        console.log(`round ${round}: ship killed with ${held} of ${w.lines} lines on the stream`);
        // More to catch up on for the next ship.
        await w.appendBulk(1500);
      },
    });
    ship = start();
    await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
    assertEquals(
      await untilMirrored(sources, m.dir, 60_000),
      [],
      stderr + ship.stderr + mir.stderr,
    );
    const held = await streamLines(nats.url);
    assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], ship.stderr);
    // The lines did go in batches.
    assert(held.batches > 0 && held.messages < w.lines / 10, JSON.stringify(held.messages));
  } finally {
    if (ship) await ship[Symbol.asyncDispose]();
  }
});

Deno.test("batches published before a lost acknowledgement and stored late are not stored twice", async () => {
  await using nats = await startNats();
  await using proxy = new HoldingProxy(nats.port);
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(20);
  const sources = [{ project: "late", root: a.dir }];
  await using ship = spawnCli(["ship", proxy.url, "--project", "late"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const lines = () => streamLines(nats.url).then((h) => h.lines, () => 0);
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
  // What ship sends from now on does not reach the server (nor its acknowledgements ship)...
  proxy.hold();
  await w.appendBulk(30);
  await sleep(300);
  await w.appendBulk(30);
  // ...so, after 5 s without them, ship starts again from what the stream
  // holds, on a new connection, and sends those lines again.
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
  assertStringIncludes(ship.stderr, "NATS session ended");
  // Then the server gets the first messages, late. Had the lines gone again
  // in other batches (another id), the server would store them twice.
  await proxy.release();
  await sleep(1000);
  await w.appendBulk(10);
  assert(await until(async () => (await lines()) >= w.lines, 30_000), ship.stderr);
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], ship.stderr);
  assert(held.batches >= 4, `${held.batches} batches`);
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], mir.stderr);
});

Deno.test("a stream written one line a message (before batches) is resumed by ship in batches and mirrored whole", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(100);
  // The first 60 lines of each task as the ship of before published them.
  const nc = await connect({ servers: nats.url.replace("nats://", "") });
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, "TASKLINE");
    const js = jetstream(nc);
    const dec = new TextDecoder();
    for (const t of w.tasks) {
      const h = (id: string) => {
        const hs = headers();
        hs.set("Nats-Msg-Id", id);
        hs.set("Taskline-Dir", t.dir);
        return hs;
      };
      await js.publish(
        taskSubject("old", t.id),
        await Deno.readFile(w.state.taskJsonPath(t.dir)),
        { headers: h(`${t.id}:task:old`) },
      );
      const log = await Deno.readFile(w.state.logPath(t.dir));
      let start = 0;
      for (let i = 0; i < 60; i++) {
        const end = log.indexOf(10, start) + 1;
        const line = log.subarray(start, end);
        const k = lineKeysOfBytes(line, dec);
        await js.publish(eventsSubject("old", t.id), line, {
          headers: h(lineMsgId(t.id, k.run, k.seq, start)),
        });
        start = end;
      }
    }
  } finally {
    await nc.close();
  }
  await using ship = spawnCli(["ship", nats.url, "--project", "old"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const sources = [{ project: "old", root: a.dir }];
  // The outputs of the first 60 lines were not published above: logs and task files are compared.
  let diffs: string[] = [];
  for (let i = 0; i < 300; i++) {
    diffs = await mirrorDiff(sources, m.dir, { outputs: false });
    if (diffs.length === 0) break;
    await sleep(100);
  }
  assertEquals(diffs, [], ship.stderr + mir.stderr);
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], ship.stderr);
  // 120 messages of one line, then the rest of each log in a batch.
  assertEquals([held.messages, held.batches], [122, 2]);
});
