/**
 * Kept tool outputs several to a message (`taskline.<project>.<task>.outs`):
 * the mirror's outputs equal the source's byte for byte, each output is on
 * the stream once, also when ship is SIGKILLed while it ships them; outputs
 * larger than a message still go alone, in parts; and a stream written by a
 * ship of before (one output a message) is still mirrored.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { type CliProcess, spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { connect, headers } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { ensureStream } from "../src/fleet/nats.ts";
import { shortHash } from "../src/fleet/raw_lines.ts";
import {
  eventsSubject,
  lineKeysOfBytes,
  lineMsgId,
  outputSubject,
  taskSubject,
} from "../src/fleet/wire.ts";
import {
  HoldingProxy,
  killShipWhilePublishing,
  outputFiles,
  sleep,
  SourceWriter,
  startNats,
  streamLines,
  streamOutputs,
  untilMirrored,
} from "./fleet_util.ts";

/** Bytes that no line break or UTF-8 rule makes special: every byte value. */
function bigBytes(size: number, seed: number): Uint8Array {
  const b = new Uint8Array(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    b[i] = x >>> 16;
  }
  return b;
}

Deno.test("kept outputs go several to a message: the mirror's outputs equal the source's byte for byte, each stored once", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(3);
  await w.appendBulk(1000, w.tasks, { toolEvery: 5 });
  // Two outputs larger than a message of outputs (256 KiB), one of them
  // larger than a message at all (1 MiB): alone, the second in parts.
  const files = outputFiles(w.state);
  await Deno.writeFile(`${w.state.toolOutputDir}/${files[7]}`, bigBytes(300_000, 7));
  await Deno.writeFile(`${w.state.toolOutputDir}/${files[11]}`, bigBytes(2_500_000, 11));
  await using ship = spawnCli(["ship", nats.url, "--project", "outs"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const sources = [{ project: "outs", root: a.dir }];
  assertEquals(await untilMirrored(sources, m.dir, 60_000), [], ship.stderr + mir.stderr);
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], ship.stderr);
  const outs = await streamOutputs(nats.url);
  assertEquals(outs.held.size, files.length);
  assertEquals([...outs.held.values()].filter((n) => n !== 1), [], "an output stored twice");
  assertEquals(outs.unreadable, 0);
  // Several to a message: far fewer messages than outputs (600 of them).
  assert(outs.multi > 0 && outs.single + outs.multi < files.length / 20, JSON.stringify(outs));
  // The two large ones went alone (the second in parts), as before.
  assert(outs.single >= 2, JSON.stringify(outs));
});

Deno.test("ship SIGKILLed while it ships outputs several to a message: nothing lost, each line stored once, the mirror equal", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(4);
  const bulk = () => w.appendBulk(3000, w.tasks, { toolEvery: 4, outputLines: (s) => s % 40 });
  await bulk();
  const sources = [{ project: "killed", root: a.dir }];
  let ship: CliProcess | null = null;
  const start = () => spawnCli(["ship", nats.url, "--project", "killed"], { cwd: a.dir });
  let stderr = "";
  try {
    stderr = await killShipWhilePublishing({
      nats,
      dir: a.dir,
      project: "killed",
      rounds: 5,
      seed: 4242,
      maxDelayMs: 60,
      afterKill: async (round) => {
        const lines = await streamLines(nats.url).then((h) => h.lines, () => 0);
        const outs = await streamOutputs(nats.url);
        console.log(
          `round ${round}: ship killed with ${lines} of ${w.lines} lines, ${outs.held.size} outputs on the stream`,
        );
        await bulk();
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
    const outs = await streamOutputs(nats.url);
    assertEquals(outs.held.size, outputFiles(w.state).length);
    assert(outs.multi > 0, JSON.stringify(outs));
    const twice = [...outs.held.values()].filter((n) => n > 1).length;
    console.log(
      `${outs.held.size} outputs in ${outs.single} messages of one and ${outs.multi} of several; ${twice} stored twice`,
    );
  } finally {
    if (ship) await ship[Symbol.asyncDispose]();
  }
});

Deno.test("a stream written by a ship of before (one output a message) is mirrored, and a new ship goes on after it", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(100, w.tasks, { toolEvery: 5 });
  const files = outputFiles(w.state);
  // One output that went in parts (of 64 KiB here) as the ship of before cut it.
  await Deno.writeFile(`${w.state.toolOutputDir}/${files[3]}`, bigBytes(150_000, 3));
  const nc = await connect({ servers: nats.url.replace("nats://", "") });
  try {
    const jsm = await jetstreamManager(nc);
    await ensureStream(jsm, "TASKLINE");
    const js = jetstream(nc);
    const dec = new TextDecoder();
    for (const t of w.tasks) {
      const h = (id: string, part?: string) => {
        const hs = headers();
        hs.set("Nats-Msg-Id", id);
        hs.set("Taskline-Dir", t.dir);
        if (part) hs.set("Taskline-Part", part);
        return hs;
      };
      await js.publish(
        taskSubject("old", t.id),
        await Deno.readFile(w.state.taskJsonPath(t.dir)),
        { headers: h(`${t.id}:task:old`) },
      );
      const log = await Deno.readFile(w.state.logPath(t.dir));
      let start = 0;
      while (start < log.length) {
        const end = log.indexOf(10, start) + 1;
        const line = log.subarray(start, end);
        const ev = JSON.parse(dec.decode(line)).event;
        if (ev.type === "tool_returned") {
          // Each output alone, before its line, in parts of 64 KiB.
          const data = await Deno.readFile(w.state.traceFile(t.dir, ev.run, ev.call));
          const n = Math.max(1, Math.ceil(data.length / 65536));
          for (let i = 0; i < n; i++) {
            await js.publish(
              outputSubject("old", t.id, ev.run, ev.call),
              data.subarray(i * 65536, Math.min(data.length, (i + 1) * 65536)),
              {
                headers: h(`${t.id}:out:${ev.run}:${ev.call}:${shortHash(data)}#${i}`, `${i}/${n}`),
              },
            );
          }
        }
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
  const sources = [{ project: "old", root: a.dir }];
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], mir.stderr);
  // A new ship goes on after it, its outputs several to a message.
  await w.appendBulk(400, w.tasks, { toolEvery: 5 });
  await using ship = spawnCli(["ship", nats.url, "--project", "old"], { cwd: a.dir });
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], ship.stderr + mir.stderr);
  const held = await streamLines(nats.url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], ship.stderr);
  const outs = await streamOutputs(nats.url);
  assertEquals(outs.held.size, outputFiles(w.state).length);
  assertEquals([...outs.held.values()].filter((n) => n !== 1), []);
  assert(outs.multi > 0, JSON.stringify(outs));
});

Deno.test("outputs several to a message sent again after a lost acknowledgement, and stored late, are stored once", async () => {
  await using nats = await startNats();
  await using proxy = new HoldingProxy(nats.port);
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  await w.appendBulk(20, w.tasks, { toolEvery: 3 });
  const sources = [{ project: "late", root: a.dir }];
  await using ship = spawnCli(["ship", proxy.url, "--project", "late"], { cwd: a.dir });
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const lines = () => streamLines(nats.url).then((h) => h.lines, () => 0);
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
  // What ship sends from now on (outputs, then lines) does not reach the
  // server; after 5 s without acknowledgements ship sends it again.
  proxy.hold();
  await w.appendBulk(60, w.tasks, { toolEvery: 3 });
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
  assertStringIncludes(ship.stderr, "NATS session ended");
  // The first messages reach the server late: cut otherwise, their outputs
  // would be stored a second time under other ids.
  await proxy.release();
  await sleep(1000);
  assertEquals(await untilMirrored(sources, m.dir, 30_000), [], mir.stderr);
  const outs = await streamOutputs(nats.url);
  assertEquals(outs.held.size, outputFiles(w.state).length);
  assertEquals([...outs.held.values()].filter((n) => n !== 1), [], JSON.stringify(outs));
  assert(outs.multi >= 2, JSON.stringify(outs));
});
