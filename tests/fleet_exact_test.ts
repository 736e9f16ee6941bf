/**
 * Exactly once against another writer: what a killed ship sent and the
 * server stores only after a new ship asked the stream where each task
 * stands (so the new ship cuts its batches otherwise, under other ids) is
 * never stored beside what the new ship sends. Each publish of a task's
 * subject expects the sequence that subject ends at
 * (`Nats-Expected-Last-Subject-Sequence`), so the server refuses the one
 * that comes second.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { connect, headers } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import {
  batchMsgId,
  encodeOutputs,
  eventsSubject,
  H_EXPECT_LAST_SUBJECT_SEQ,
  H_OUTS_UPTO,
  type KeptOutput,
  lineKeysOfBytes,
  outputsMsgId,
  outputsSubject,
} from "../src/fleet/wire.ts";
import {
  HoldingProxy,
  outputFiles,
  sleep,
  SourceWriter,
  startNats,
  streamLines,
  streamOutputs,
  untilMirrored,
} from "./fleet_util.ts";

/** Each line once, no gap; each output once; the mirror equal to the source. */
async function assertExactlyOnce(
  url: string,
  w: SourceWriter,
  sources: Array<{ project: string; root: string }>,
  mirrorRoot: string,
  stderr: () => string,
): Promise<void> {
  const held = await streamLines(url);
  assertEquals([held.lines, held.overlaps, held.gaps], [w.lines, [], []], stderr());
  const outs = await streamOutputs(url);
  const twice = [...outs.held].filter(([, n]) => n !== 1).map(([k, n]) => `${k} ${n} times`);
  assertEquals(twice, [], stderr());
  assertEquals(outs.held.size, outputFiles(w.state).length, JSON.stringify(outs));
  await using mir = spawnCli(["mirror", url], { cwd: mirrorRoot });
  assertEquals(await untilMirrored(sources, mirrorRoot, 60_000), [], stderr() + mir.stderr);
}

Deno.test("what a killed ship sent, stored after a new ship resumed, is refused: each line and output stored once", async () => {
  await using nats = await startNats();
  await using proxy = new HoldingProxy(nats.port);
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(3);
  const bulk = { toolEvery: 5 };
  await w.appendBulk(200, w.tasks, bulk);
  const lines = () => streamLines(nats.url).then((h) => h.lines, () => 0);
  let stderr = "";
  {
    await using first = spawnCli(["ship", proxy.url, "--project", "race"], { cwd: a.dir });
    assert(await until(async () => (await lines()) === w.lines, 30_000), first.stderr);
    // From now on the server gets nothing of this ship (nor does it get an
    // acknowledgement): its outputs and lines of 300 more lines a task wait
    // in the proxy when it is killed.
    proxy.hold();
    await w.appendBulk(300, w.tasks, bulk);
    await sleep(700);
    first.kill("SIGKILL");
    await first.done.catch(() => {});
    stderr += first.stderr;
  }
  // More lines: the new ship cuts its batches (and the outputs before them)
  // otherwise than the killed one did, under other ids.
  await w.appendBulk(100, w.tasks, bulk);
  await using second = spawnCli(["ship", nats.url, "--project", "race"], { cwd: a.dir });
  assert(await until(async () => (await lines()) === w.lines, 30_000), second.stderr);
  // Then the server gets what the killed ship sent, late.
  await proxy.release();
  await sleep(1500);
  await w.appendBulk(20, w.tasks, bulk);
  assert(await until(async () => (await lines()) >= w.lines, 30_000), second.stderr);
  await sleep(500);
  await assertExactlyOnce(
    nats.url,
    w,
    [{ project: "race", root: a.dir }],
    m.dir,
    () => stderr + second.stderr,
  );
});

Deno.test("a message stored on a task's subjects by another writer after ship read where the task stands: ship's publish is refused and it goes on after it", async () => {
  await using nats = await startNats();
  await using a = await tempProject();
  await using m = await tempProject({ init: false });
  const w = new SourceWriter(a.dir);
  await w.addTasks(2);
  const bulk = { toolEvery: 5 };
  await w.appendBulk(100, w.tasks, bulk);
  const lines = () => streamLines(nats.url).then((h) => h.lines, () => 0);
  await using ship = spawnCli(["ship", nats.url, "--project", "other"], { cwd: a.dir });
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
  await sleep(300);
  // The next 200 lines of the first task; its first 40 lines and their
  // outputs are stored by another writer (as a killed ship's late messages
  // would be) after ship asked where the task stands, before they are in
  // the log ship reads.
  const task = w.tasks[0];
  const next = await w.bulkLines(task, 200, bulk);
  const logPath = w.state.logPath(task.dir);
  const offset = (await Deno.stat(logPath)).size;
  let end = 0;
  for (let i = 0; i < 40; i++) end = next.indexOf(10, end) + 1;
  const dec = new TextDecoder();
  const outs: KeptOutput[] = [];
  for (const line of dec.decode(next.subarray(0, end)).split("\n").slice(0, -1)) {
    const ev = JSON.parse(line).event;
    if (ev.type !== "tool_returned") continue;
    const data = await Deno.readFile(w.state.traceFile(task.dir, ev.run, ev.call));
    outs.push({ run: ev.run, call: ev.call, data });
  }
  assertEquals(outs.length, 8);
  const nc = await connect({ servers: nats.url.replace("nats://", "") });
  try {
    const jsm = await jetstreamManager(nc);
    const js = jetstream(nc);
    const hs = (id: string, more: [string, string][] = []) => {
      const h = headers();
      h.set("Nats-Msg-Id", id);
      h.set("Taskline-Dir", task.dir);
      for (const [k, v] of more) h.set(k, v);
      return h;
    };
    const lastSeq = async (subject: string) =>
      (await jsm.streams.getMessage("TASKLINE", { last_by_subj: subject }).catch(() => null))
        ?.seq ?? 0;
    const outsData = encodeOutputs(outs);
    const outsSubj = outputsSubject("other", task.id);
    await js.publish(outsSubj, outsData, {
      headers: hs(outputsMsgId(task.id, outs[0], outs.length, "other"), [
        [H_OUTS_UPTO, String(offset + next.lastIndexOf(10, end - 1) + 1)],
        [H_EXPECT_LAST_SUBJECT_SEQ, String(await lastSeq(outsSubj))],
      ]),
    });
    const first = lineKeysOfBytes(next.subarray(0, next.indexOf(10) + 1), dec);
    const lastAt = next.lastIndexOf(10, end - 2) + 1;
    const last = lineKeysOfBytes(next.subarray(lastAt, end), dec);
    const evSubj = eventsSubject("other", task.id);
    await js.publish(evSubj, next.subarray(0, end), {
      headers: hs(batchMsgId(task.id, first.run, first.seq, last.seq, 40, offset), [
        [H_EXPECT_LAST_SUBJECT_SEQ, String(await lastSeq(evSubj))],
      ]),
    });
  } finally {
    await nc.close();
  }
  // Now the log gets them: ship, which saw neither message, sends them again.
  const f = await Deno.open(logPath, { append: true });
  try {
    await f.write(next);
  } finally {
    f.close();
  }
  await w.appendBulk(50, w.tasks, bulk);
  assert(await until(async () => (await lines()) >= w.lines, 30_000), ship.stderr);
  await sleep(500);
  await assertExactlyOnce(
    nats.url,
    w,
    [{ project: "other", root: a.dir }],
    m.dir,
    () => ship.stderr,
  );
  // A note, no error: ship goes on.
  assertStringIncludes(ship.stderr, "stored by another writer");
  await w.appendBulk(10, w.tasks, bulk);
  assert(await until(async () => (await lines()) === w.lines, 30_000), ship.stderr);
});
