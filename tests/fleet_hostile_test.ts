/**
 * Garbage on the stream: anyone with the stream's credentials can publish
 * any subject, header and payload under `taskline.>`. The mirror names on
 * stderr what it skips, and goes on with everything else.
 */
import { assert, assertEquals } from "./assert.ts";
import { spawnCli, tempProject } from "./helpers.ts";
import { until } from "./record_util.ts";
import { startNats } from "./fleet_util.ts";
import { connect, headers } from "@nats-io/transport-node";
import { jetstream, jetstreamManager } from "@nats-io/jetstream";
import { ensureStream } from "../src/fleet/nats.ts";
import { eventsSubject, lineMsgId, mirrorDir, taskSubject } from "../src/fleet/wire.ts";
import { StateDir } from "../src/store/state_dir.ts";

/** Publishes `[subject, data, Taskline-Dir, Nats-Msg-Id]` to the stream, in order. */
async function publishRaw(url: string, msgs: [string, Uint8Array, string, string][]) {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    await ensureStream(await jetstreamManager(nc), "TASKLINE");
    const js = jetstream(nc);
    for (const [subject, data, dir, id] of msgs) {
      const h = headers();
      h.set("Taskline-Dir", dir);
      h.set("Nats-Msg-Id", id);
      await js.publish(subject, data, { headers: h });
    }
  } finally {
    await nc.close();
  }
}

const enc = new TextEncoder();
const taskJson = enc.encode(JSON.stringify({ id: "t-good", number: 1, title: "good" }) + "\n");
const line = enc.encode(`{"schema":2,"seq":1,"at":"2026-11-27T00:00:00.000Z","event":{}}\n`);
/** Good messages: what comes after the garbage, and must be mirrored. */
const goodMsgs: [string, Uint8Array, string, string][] = [
  [taskSubject("good", "t-good"), taskJson, "001-good", "good:task"],
  [eventsSubject("good", "t-good"), line, "001-good", lineMsgId("t-good", "", 1, 0)],
];

/**
 * Runs a mirror on a stream of `garbage` then {@link goodMsgs}: checks that
 * the good task is mirrored while the mirror runs, and that it saves its place
 * past everything; returns its stderr.
 */
async function mirrorPast(garbage: [string, Uint8Array, string, string][]): Promise<string> {
  await using nats = await startNats();
  await using m = await tempProject({ init: false });
  await publishRaw(nats.url, [...garbage, ...goodMsgs]);
  await using mir = spawnCli(["mirror", nats.url], { cwd: m.dir });
  const state = new StateDir(`${m.dir}/.taskline`);
  const good = mirrorDir("good", "001-good");
  const mirrored = async () => {
    try {
      return (await Deno.readTextFile(state.logPath(good))) === new TextDecoder().decode(line);
    } catch {
      return false;
    }
  };
  let exited = false;
  mir.done.then(() => exited = true);
  assert(await until(async () => exited || await mirrored(), 20_000), mir.stderr);
  assert(!exited, `mirror ended:\n${mir.stderr}`);
  assertEquals(await Deno.readFile(state.taskJsonPath(good)), taskJson);
  mir.kill("SIGINT");
  await mir.done;
  assert(
    mir.stderr.includes("taskline mirror: 1 lines, 0 outputs, 1 task files written"),
    mir.stderr,
  );
  // Its place is saved past the garbage: a new mirror does not stop on it either.
  const cp = JSON.parse(await Deno.readTextFile(`${state.root}/mirror.json`));
  assertEquals(cp.seq, garbage.length + goodMsgs.length);
  return mir.stderr;
}

Deno.test("mirror: a task directory name too long for the replica is named and skipped, the rest is mirrored", async () => {
  const longProject = `p${"x".repeat(63)}`; // 64: the longest project name
  const longDir = `d${"y".repeat(199)}`; // 200: a name ship takes from a task directory
  // <project>--<dir> of 266 bytes: no file system makes that directory (it
  // stopped the mirror, at every start).
  const stderr = await mirrorPast([
    [taskSubject(longProject, "t1"), taskJson, longDir, "long:task"],
    [eventsSubject(longProject, "t1"), line, longDir, lineMsgId("t1", "", 1, 0)],
  ]);
  // One report a directory.
  const s = `a message of ${
    taskSubject(longProject, "t1")
  } (stream sequence 1) names no usable task directory: skipped`;
  assert(stderr.includes(s), `${s}\n${stderr}`);
  assert(stderr.includes("task files written, 2 unusable messages skipped\n"), stderr);
});

Deno.test("mirror: messages of subjects that ship never writes are named on stderr and skipped", async () => {
  const long = `taskline.good.${"t".repeat(100)}.ev`;
  const stderr = await mirrorPast([
    ["taskline.good.t2.zzz", line, "001-good", "g1"], // a kind of none
    [long, line, "001-good", "g2:0"], // a task token too long
    ["taskline.good.t2.out.r1.notacall", line, "001-good", "g3"], // a call of none
    ["taskline.good.t2.ev.extra", line, "001-good", "g4:0"], // a token too many
    ["taskline.bad--name.t2.ev", line, "001-good", "g5:0"], // no project name
  ]);
  const subjects = [
    "taskline.good.t2.zzz",
    long,
    "taskline.good.t2.out.r1.notacall",
    "taskline.good.t2.ev.extra",
    "taskline.bad--name.t2.ev",
  ];
  for (const [i, subject] of subjects.entries()) {
    const s = `a message of ${subject} (stream sequence ${
      i + 1
    }) is not one that taskline ship writes: skipped`;
    assert(stderr.includes(s), `${s}\n${stderr}`);
  }
  assert(stderr.includes("task files written, 5 unusable messages skipped\n"), stderr);
});
