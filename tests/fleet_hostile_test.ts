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
import { SseReader, startServer } from "./serve_util.ts";
import { natsServerPath, sleep } from "./fleet_util.ts";

function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (l.addr as Deno.NetAddr).port;
  l.close();
  return port;
}

/** Publishes `[subject, data, Taskline-Dir, Nats-Msg-Id, Taskline-Part?]` to the stream, in order. */
async function publishRaw(
  url: string,
  msgs: ([string, Uint8Array, string, string] | [string, Uint8Array, string, string, string])[],
) {
  const nc = await connect({ servers: url.replace("nats://", "") });
  try {
    await ensureStream(await jetstreamManager(nc), "TASKLINE");
    const js = jetstream(nc);
    for (const [subject, data, dir, id, part] of msgs) {
      const h = headers();
      h.set("Taskline-Dir", dir);
      h.set("Nats-Msg-Id", id);
      if (part !== undefined) h.set("Taskline-Part", part);
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
async function mirrorPast(
  garbage: ([string, Uint8Array, string, string] | [string, Uint8Array, string, string, string])[],
): Promise<string> {
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

Deno.test(
  "mirror --live: an ephemeral event that another project publishes for a task is not handed to the replica's server",
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    await using nats = await startNats();
    await using m = await tempProject({ init: false });
    const id = "a7904f4c-4cc9-4c01-94ab-1e713825d2c1";
    const alphaJson = enc.encode(
      JSON.stringify({ id, number: 1, title: "alpha", status: "ready" }),
    );
    const evilJson = enc.encode(
      JSON.stringify({ id: "e-1", number: 1, title: "evil", status: "ready" }),
    );
    await publishRaw(nats.url, [
      [taskSubject("alpha", id), alphaJson, "001-alpha", "alpha:task"],
      [taskSubject("evil", "e-1"), evilJson, "001-evil", "evil:task"],
    ]);
    const state = new StateDir(`${m.dir}/.taskline`);
    await using mir = spawnCli(["mirror", nats.url, "--live"], { cwd: m.dir });
    assert(
      await until(async () => {
        try {
          await Deno.stat(state.taskJsonPath(mirrorDir("evil", "001-evil")));
          return true;
        } catch {
          return false;
        }
      }, 20_000),
      mir.stderr,
    );
    await using srv = await startServer(m.dir);
    // The project's stream: events of every task, each tagged with its id.
    const sse = new SseReader((await srv.get(`/api/stream`)).body!);
    const nc = await connect({ servers: nats.url.replace("nats://", "") });
    const delta = (text: string) =>
      enc.encode(JSON.stringify({
        task: id,
        number: 1,
        schema: 2,
        at: new Date().toISOString(),
        event: {
          type: "agent_delta",
          run: "r1",
          role: "coder",
          subtask: null,
          delta: { kind: "text", text },
        },
      }));
    const texts = () =>
      sse.events().filter((f) => f.event === "agent_delta").map((f) => JSON.parse(f.data!))
        .filter((e) => e.task === id).map((e) => e.event.delta.text as string);
    try {
      // Until the replica's server gets alpha's own (the mirror finds its live channel).
      for (let i = 0; i < 50 && !texts().includes("alpha's own"); i++) {
        nc.publish(`taskline_live.evil.${id}`, delta("FORGED by evil"));
        nc.publish("taskline_live.evil.e-1", delta("FORGED by evil, of its own task"));
        nc.publish(`taskline_live.alpha.${id}`, delta("alpha's own"));
        await nc.flush();
        await sleep(200);
      }
    } finally {
      await nc.close();
    }
    assert(texts().includes("alpha's own"), mir.stderr);
    assertEquals(texts().filter((t) => t.startsWith("FORGED")), [], mir.stderr);
    await sse.cancel();
    for (
      const s of [
        `an ephemeral event of taskline_live.evil.${id} for task ${id} is not handed on: a task of another project has that id`,
        `an ephemeral event of taskline_live.evil.e-1 for task ${id} is not handed on: its subject names another task`,
      ]
    ) {
      assert(mir.stderr.includes(s), `${s}\n${mir.stderr}`);
    }
  },
);

Deno.test("ship: credentials the server refuses end it with a clear error, never printed, never an uncaught one", async () => {
  const secret = "wrong-token-f00d";
  await using p = await tempProject();
  const port = freePort();
  const child = new Deno.Command(natsServerPath(), {
    args: ["-a", "127.0.0.1", "-p", String(port), "--auth", "the-right-token-0123"],
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    assert(
      await until(async () => {
        try {
          (await Deno.connect({ hostname: "127.0.0.1", port })).close();
          return true;
        } catch {
          return false;
        }
      }, 15_000),
    );
    for (const command of ["ship", "mirror"]) {
      await using proc = spawnCli([command, `nats://127.0.0.1:${port}`], {
        cwd: p.dir,
        env: { TASKLINE_NATS_TOKEN: secret },
      });
      const ended = await Promise.race([
        proc.done.then(() => true),
        sleep(15_000).then(() => false),
      ]);
      assert(ended, `${command} still runs\n${proc.stderr}`);
      assertEquals((await proc.done).code, 1, proc.stderr);
      assert(proc.stderr.includes("Authorization Violation"), proc.stderr);
      assert(!proc.stderr.includes("Uncaught"), proc.stderr);
      assert(!proc.stderr.includes(secret), proc.stderr);
    }
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
});

Deno.test("mirror: parts of lines that never complete are let go, not held: the rest is mirrored and its place saved", async () => {
  // First parts of lines of one log, each followed by the first part of another (a publisher
  // that never sends the rest): ship sends a line's parts one after the other, so each is
  // abandoned when the next comes. They held 900 KiB each for ever, and the mirror's place.
  const big = new Uint8Array(900 * 1024).fill(0x61);
  const garbage: [string, Uint8Array, string, string, string][] = [];
  for (let i = 0; i < 40; i++) {
    const offset = (i + 1) * 2_000_000;
    garbage.push([
      eventsSubject("good", "t-good"),
      big,
      "001-good",
      `${lineMsgId("t-good", "", 1, offset)}#0`,
      "0/2",
    ]);
  }
  const stderr = await mirrorPast(garbage);
  assert(stderr.includes("that never completed were dropped: another one came after it"), stderr);
  assert(stderr.includes("task files written, 40 unusable messages skipped\n"), stderr);
});
