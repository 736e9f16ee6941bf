/**
 * `taskline ship --live`: the ephemeral events of a run reach NATS subscribers
 * (never the stream, never a mirror's log), while `taskline serve` on the same
 * project streams them too; without `--live` nothing ephemeral is published.
 *
 * @module
 */
import { connect } from "@nats-io/transport-node";
import { assert, assertEquals } from "./assert.ts";
import { spawnCli, tempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";
import { SseReader, startServer } from "./serve_util.ts";
import { bare, logLines, typesOf, until } from "./record_util.ts";
import { sleep, startNats, streamLines, subjectCounts, untilMirrored } from "./fleet_util.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** Subscribes to every ephemeral event of a stream's projects. */
async function liveSubscriber(url: string) {
  const nc = await connect({ servers: url.replace("nats://", "") });
  const got: Array<{ subject: string; value: Record<string, unknown> }> = [];
  const sub = nc.subscribe("taskline_live.>", {
    callback: (_e, m) => {
      got.push({ subject: m.subject, value: m.json() });
    },
  });
  await nc.flush();
  return {
    got,
    async [Symbol.asyncDispose]() {
      sub.unsubscribe();
      await nc.close();
    },
  };
}

async function liveAnnouncements(root: string): Promise<string[]> {
  const names: string[] = [];
  for await (const e of Deno.readDir(root)) if (/^live.*\.json$/.test(e.name)) names.push(e.name);
  return names.sort();
}

const delta = (text: string) => ({
  type: "agent_delta",
  role: "coder",
  subtask: null,
  delta: { kind: "text", text },
});

Deno.test(
  "ship --live publishes agent_delta of a run to subscribers while serve streams it too; the mirror never logs it",
  sanitize,
  async () => {
    await using nats = await startNats();
    await using p = await tempProject();
    await using m = await tempProject({ init: false });
    const task = await createTask(p.state, "Live over NATS");
    await using sub = await liveSubscriber(nats.url);
    await using s = await startServer(p.dir);
    const stream = new SseReader(
      (await s.get(`/api/stream?token=${s.token}`, { token: null })).body!,
    );
    await using ship = spawnCli(["ship", nats.url, "--project", "lv", "--live"], { cwd: p.dir });
    await using mir = spawnCli(["mirror", nats.url, "--live"], { cwd: m.dir });
    // A server on the replica streams what mirror --live hands it.
    assert(await until(() => Promise.resolve(mir.stderr.includes("from message")), 20_000));
    await using ms = await startServer(m.dir);
    const mstream = new SseReader(
      (await ms.get(`/api/stream?token=${ms.token}`, { token: null })).body!,
    );
    assert(
      await until(async () => (await liveAnnouncements(p.state.root)).length === 2, 20_000),
      ship.stderr,
    );
    assert(await until(() => Promise.resolve(ship.stderr.includes("to stream")), 20_000));
    await using rec = spawnCli(["record", "1"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    const send = (e: Record<string, unknown>) => w.write(new TextEncoder().encode(bare(e)));
    await stream.until((f) => f.some((x) => x.event === "run_started"));
    // Deltas until both receivers have one (the run connects to each listener on its own).
    let sent = 0;
    const sseDeltas = () => stream.events().filter((f) => f.event === "agent_delta").length;
    const mirrorDeltas = () => mstream.events().filter((f) => f.event === "agent_delta").length;
    for (
      ;
      sent < 50 && (sub.got.length === 0 || sseDeltas() === 0 || mirrorDeltas() === 0);
      sent++
    ) {
      await send(delta(`typing ${sent}`));
      await sleep(200);
    }
    assert(
      sub.got.length > 0 && sseDeltas() > 0 && mirrorDeltas() > 0,
      `${sent} sent; ${sub.got.length} ${sseDeltas()} ${mirrorDeltas()}; ${ship.stderr} ${mir.stderr}`,
    );
    const md = JSON.parse(mstream.events().find((f) => f.event === "agent_delta")!.data!);
    assertEquals([md.task, md.seq, md.event.type], [task.id, undefined, "agent_delta"]);
    await mstream.cancel();
    await send(delta("last"));
    await send({ type: "agent_text", role: "coder", text: "typed" });
    await send({ type: "run_finished", success: true, status: "done" });
    await w.close();
    assertEquals((await rec.done).code, 0, rec.stderr);
    assert(
      await until(() => Promise.resolve(sub.got.some((g) => JSON.stringify(g).includes('"last"')))),
    );
    for (const g of sub.got) {
      assertEquals(g.subject, `taskline_live.lv.${task.id}`);
      assertEquals(g.value.task, task.id);
      assertEquals(g.value.number, 1);
      assertEquals(g.value.seq, undefined);
      assertEquals((g.value.event as { type: string }).type, "agent_delta");
    }
    await stream.until((f) => f.some((x) => x.event === "run_finished"));
    await stream.cancel();
    // Logged events only, on the source, in the stream and on the mirror.
    const logged = ["run_started", "agent_text", "run_finished"];
    assertEquals(typesOf(await logLines(p.state, task)), logged);
    assertEquals(
      await untilMirrored([{ project: "lv", root: p.dir }], m.dir, 30_000),
      [],
      mir.stderr,
    );
    const subjects = [...(await subjectCounts(nats.url)).keys()];
    assert(subjects.every((x) => x.startsWith("taskline.lv.")), subjects.join(" "));
    assertEquals(typesOf(await logLines(m.state, { dir: `lv--${task.dir}` } as never)), logged);
    ship.kill("SIGINT");
    await ship.done;
    assert(/[1-9]\d* ephemeral events published/.test(ship.stderr), ship.stderr);
    // ship's announcement is gone with it; the server's stays.
    assertEquals(await liveAnnouncements(p.state.root), ["live.json"]);
  },
);

Deno.test("ship without --live publishes nothing ephemeral", sanitize, async () => {
  await using nats = await startNats();
  await using p = await tempProject();
  const task = await createTask(p.state, "Not live");
  await using sub = await liveSubscriber(nats.url);
  await using ship = spawnCli(["ship", nats.url, "--project", "nl"], { cwd: p.dir });
  assert(await until(() => Promise.resolve(ship.stderr.includes("to stream")), 20_000));
  assertEquals(await liveAnnouncements(p.state.root), []);
  await using rec = spawnCli(["record", "1"], { cwd: p.dir });
  const w = rec.child.stdin.getWriter();
  const send = (e: Record<string, unknown>) => w.write(new TextEncoder().encode(bare(e)));
  for (let i = 0; i < 5; i++) await send(delta(`typing ${i}`));
  await send({ type: "run_finished", success: true, status: "done" });
  await w.close();
  assertEquals((await rec.done).code, 0, rec.stderr);
  // The logged lines arrive; nothing ephemeral does.
  assert(
    await until(async () =>
      ((await streamLines(nats.url)).bySubject.get(`taskline.nl.${task.id}.ev`) ?? 0) === 2
    ),
    ship.stderr,
  );
  await sleep(500);
  assertEquals(sub.got, []);
});
