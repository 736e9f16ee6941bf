/**
 * End-to-end tests of the server's streams with real writer processes
 * (`taskline run`): reconnecting with Last-Event-ID after a disconnect in the
 * middle of a burst loses nothing and repeats nothing; agent_delta of a run
 * in another process reaches stream clients; the task stream's ids are seq
 * and it stays open across a pause and a resume.
 */
import { assert, assertEquals } from "./assert.ts";
import { runCli, spawnCli, tempProject } from "./helpers.ts";
import { type ReadFrame, SseReader, startServer } from "./serve_util.ts";
import { createTask } from "../src/store/tasks.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import { assertTaggedOnce, spoofingLines } from "./events_util.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** A scenario of many short agent steps: a burst of a few thousand events. */
const BURST = JSON.stringify({
  name: "burst",
  tick_ms: 10,
  phases: [{
    name: "build",
    repeat: 150,
    agents: [{ role: "coder", steps: [{ text: "step" }] }],
  }],
});

async function logged(state: StateDir, dir: string): Promise<string[]> {
  const text = await Deno.readTextFile(state.logPath(dir));
  return text.trimEnd().split("\n").map((l) => JSON.parse(l)).filter((e) => e.seq !== undefined)
    .map((e) => `${e.seq}`);
}

function seqsOf(frames: ReadFrame[], number: number): string[] {
  return frames.filter((f) => f.id !== undefined && JSON.parse(f.data!).number === number)
    .map((f) => String(JSON.parse(f.data!).seq));
}

Deno.test(
  "a client reconnecting with Last-Event-ID mid-burst gets every event exactly once",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Burst");
    await Deno.mkdir(`${p.state.root}/scenarios`);
    await Deno.writeTextFile(`${p.state.root}/scenarios/burst.jsonc`, BURST);
    await using s = await startServer(p.dir);

    const first = new SseReader((await s.get("/api/stream")).body!);
    await first.until((f) => f.some((x) => x.retry !== undefined));
    await using writer = spawnCli(["run", "1", "--scenario", "burst", "--speed", "2"], {
      cwd: p.dir,
    });
    // Disconnect in the middle of the burst.
    await first.until((f) => f.filter((x) => x.id).length >= 150, 30_000);
    await first.cancel();
    const seen = first.frames.filter((f) => f.id !== undefined);
    const lastId = seen.at(-1)!.id!;
    await new Promise((r) => setTimeout(r, 300)); // the writer goes on meanwhile

    const res = await s.get("/api/stream", { headers: { "last-event-id": lastId } });
    const second = new SseReader(res.body!);
    await writer.done;
    const all = await logged(p.state, task.dir);
    await second.until((f) => f.filter((x) => x.id).length + seen.length >= all.length, 30_000);
    await new Promise((r) => setTimeout(r, 300)); // nothing more may come
    await second.cancel();
    const got = [...seqsOf(seen, 1), ...seqsOf(second.frames, 1)];
    assert(seqsOf(second.frames, 1).length > 0, "the second connection got the rest");
    assertEquals(got, all, "every logged event once, in order");
    // Ids are the cursors of the events.
    for (const f of [...seen, ...second.frames.filter((x) => x.id)]) {
      const e = JSON.parse(f.data!);
      assertEquals(f.id!.split("-").slice(1).join("-"), `1-${e.seq}`);
      assertEquals(f.event, e.event.type);
    }
  },
);

Deno.test(
  "two writers at once: each stream client gets every logged event once",
  sanitize,
  async () => {
    await using p = await tempProject();
    const a = await createTask(p.state, "One");
    const b = await createTask(p.state, "Two");
    await using s = await startServer(p.dir);
    const readers = await Promise.all(
      [0, 1, 2].map(async () => new SseReader((await s.get("/api/stream")).body!)),
    );
    const typed = new SseReader((await s.get("/api/stream?type=run_finished&task=2")).body!);
    await Promise.all([...readers, typed].map((r) => r.until((f) => f.length > 0)));
    const runs = [1, 2].map((n) => runCli(["run", String(n), "--speed", "100"], { cwd: p.dir }));
    for (const r of await Promise.all(runs)) assertEquals(r.code, 0, r.stderr);
    const wantA = await logged(p.state, a.dir), wantB = await logged(p.state, b.dir);
    for (const r of readers) {
      await r.until((f) => f.filter((x) => x.id).length >= wantA.length + wantB.length);
      assertEquals(seqsOf(r.frames, 1), wantA);
      assertEquals(seqsOf(r.frames, 2), wantB);
    }
    await typed.until((f) => f.some((x) => x.event === "run_finished"));
    assertEquals(typed.events().map((f) => [f.event, JSON.parse(f.data!).number]), [[
      "run_finished",
      2,
    ]]);
    for (const r of [...readers, typed]) await r.cancel();
  },
);

Deno.test(
  "agent_delta of a run in another process reaches stream clients, without ids",
  sanitize,
  async () => {
    await using p = await tempProject();
    await createTask(p.state, "Deltas");
    await using s = await startServer(p.dir);
    const project = new SseReader(
      (await s.get(`/api/stream?token=${s.token}`, { token: null })).body!,
    );
    const task = new SseReader((await s.get("/api/tasks/1/stream")).body!);
    await Promise.all([project.until((f) => f.length > 0), task.until((f) => f.length > 0)]);
    const r = await runCli(["run", "1", "--speed", "50"], { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    for (const reader of [project, task]) {
      await reader.until((f) => f.some((x) => x.event === "run_finished"));
      const deltas = reader.events().filter((f) => f.event === "agent_delta");
      assert(deltas.length > 0, "agent_delta frames arrived");
      assert(deltas.every((f) => f.id === undefined), "ephemeral events carry no id");
      const d = JSON.parse(deltas[0].data!);
      assertEquals(typeof d.event.delta.text, "string");
      assertEquals(d.seq, undefined);
      await reader.cancel();
    }
    assertEquals(
      JSON.parse(project.events().find((f) => f.event === "agent_delta")!.data!).number,
      1,
    );
  },
);

Deno.test(
  "the task stream: ids are seq, Last-Event-ID is honoured, open across pause and resume",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Gated");
    await Deno.writeTextFile(
      p.state.configPath,
      JSON.stringify({ pipeline: { approvals: ["spec"] } }),
    );
    await using s = await startServer(p.dir);
    const stream = new SseReader((await s.get("/api/tasks/1/stream")).body!);
    await stream.until((f) => f.length > 0);
    const paused = await runCli(["run", "1", "--speed", "100"], { cwd: p.dir });
    assertEquals(paused.code, 2, paused.stderr);
    await stream.until((f) => f.some((x) => x.event === "run_finished"));
    assertEquals((await runCli(["approve", "1"], { cwd: p.dir })).code, 0);
    const resumed = await runCli(["run", "1", "--resume", "--speed", "100"], { cwd: p.dir });
    assertEquals(resumed.code, 0, resumed.stderr);
    const all = await logged(p.state, task.dir);
    await stream.until((f) => f.filter((x) => x.id).length >= all.length);
    const ids = stream.frames.filter((f) => f.id !== undefined).map((f) => f.id!);
    assertEquals(ids, all, "ids are the seqs of the whole run, pause and resume included");
    assertEquals(stream.events().filter((f) => f.event === "run_finished").length, 2);
    await stream.cancel();

    // Reconnect with Last-Event-ID: what comes after it, and only that.
    const again = new SseReader(
      (await s.get("/api/tasks/1/stream?after=1", { headers: { "last-event-id": all.at(-5)! } }))
        .body!,
    );
    await again.until((f) => f.filter((x) => x.id).length >= 4);
    await new Promise((r) => setTimeout(r, 200));
    await again.cancel();
    assertEquals(again.frames.filter((f) => f.id).map((f) => f.id), all.slice(-4));
    const e = JSON.parse(again.events()[0].data!);
    assertEquals(e.task, undefined, "the task stream sends plain envelopes (0.4 shape)");
  },
);

Deno.test(
  "the project stream starts where after, since or Last-Event-ID say",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Done before");
    assertEquals((await runCli(["run", "1", "--speed", "200"], { cwd: p.dir })).code, 0);
    const all = await logged(p.state, task.dir);
    await using s = await startServer(p.dir);
    const read = async (path: string, headers: Record<string, string> = {}, n = all.length) => {
      const r = new SseReader((await s.get(path, { headers })).body!);
      await r.until((f) => f.filter((x) => x.id).length >= n);
      await new Promise((res) => setTimeout(res, 150));
      await r.cancel();
      return r.frames.filter((f) => f.id);
    };
    const since = await read("/api/stream?since=1h");
    assertEquals(seqsOf(since, 1), all);
    const middle = since[9].id!;
    assertEquals(
      seqsOf(await read(`/api/stream?after=${middle}`, {}, all.length - 10), 1),
      all.slice(10),
    );
    // Last-Event-ID beats after, which beats since.
    const beats = await read(
      `/api/stream?after=0-0-0&since=1h`,
      { "last-event-id": middle },
      all.length - 10,
    );
    assertEquals(seqsOf(beats, 1), all.slice(10));
    const typed = await read("/api/stream?after=0-0-0&type=run_finished", {}, 1);
    assertEquals(typed.map((f) => f.event), ["run_finished"]);
    // Without a start: from now, nothing of the past.
    const now = new SseReader((await s.get("/api/stream")).body!);
    await now.until((f) => f.length > 0);
    await new Promise((res) => setTimeout(res, 300));
    await now.cancel();
    assertEquals(now.events().length, 0);
  },
);

Deno.test(
  "/api/events and /api/stream: envelope members named task or number never override the tagged task",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Spoofed");
    const run = "11111111-1111-4111-8111-111111111111";
    await Deno.writeTextFile(p.state.logPath(task.dir), spoofingLines(run));
    await using s = await startServer(p.dir);
    const res = await s.get("/api/events");
    const text = await res.text();
    const recent = JSON.parse(text) as unknown[];
    assertEquals(recent.length, 3);
    for (const e of recent) assertTaggedOnce(JSON.stringify(e), task);
    // The body itself names each task once (JSON.parse keeps the last of two).
    assertEquals(text.split('"number":').length - 1, 3, text);
    const replay = new SseReader((await s.get("/api/stream?after=0-0-0")).body!);
    await replay.until((f) => f.filter((x) => x.id).length >= 3);
    // Live: appended while the client is connected.
    await Deno.writeTextFile(p.state.logPath(task.dir), spoofingLines(run), { append: true });
    await replay.until((f) => f.filter((x) => x.id).length >= 6);
    await replay.cancel();
    for (const f of replay.frames.filter((x) => x.id)) assertTaggedOnce(f.data!, task);
  },
);

Deno.test(
  "the task stream goes on with a new run of the task, from its start (ids start again at 1)",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Twice");
    await using s = await startServer(p.dir);
    const stream = new SseReader((await s.get("/api/tasks/1/stream")).body!);
    await stream.until((f) => f.length > 0);
    const record = async (message: string) => {
      const input = [
        { type: "run_started" },
        { type: "log", level: "info", message },
        { type: "run_finished", success: true, status: "done" },
      ].map((e) => JSON.stringify(e) + "\n").join("");
      const r = await runCli(["record", "1"], { cwd: p.dir, stdin: input });
      assertEquals(r.code, 0, r.stderr);
    };
    await record("first run");
    await stream.until((f) => f.filter((x) => x.event === "run_finished").length === 1);
    await record("second run");
    await stream.until((f) => f.filter((x) => x.event === "run_finished").length === 2);
    await new Promise((r) => setTimeout(r, 200)); // nothing more may come
    await stream.cancel();
    const got = stream.events().map((f) => {
      const e = JSON.parse(f.data!);
      return [f.id, e.event.type, e.event.run];
    });
    const runs = [...new Set(got.map((g) => g[2]))];
    assertEquals(runs.length, 2, JSON.stringify(got));
    assertEquals(got, [
      ["1", "run_started", runs[0]],
      ["2", "log", runs[0]],
      ["3", "run_finished", runs[0]],
      ["1", "run_started", runs[1]],
      ["2", "log", runs[1]],
      ["3", "run_finished", runs[1]],
    ]);
    // Both runs are in the log; the stream named the current one last.
    const lines = (await Deno.readTextFile(p.state.logPath(task.dir))).trim().split("\n");
    assertEquals(lines.length, 6);
  },
);
