import { assert, assertEquals } from "../../tests/assert.ts";
import { tempProject, waitUntil } from "../../tests/helpers.ts";
import { SseReader } from "../../tests/serve_util.ts";
import { createTask } from "../store/tasks.ts";
import { RunRecorder } from "../store/recorder.ts";
import { allowedHosts } from "./auth.ts";
import { createHandler } from "./handler.ts";
import { LiveHub } from "./live.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

async function app(root: string, options: ConstructorParameters<typeof LiveHub>[1] = {}) {
  const { StateDir } = await import("../store/state_dir.ts");
  const state = new StateDir(root);
  const hub = new LiveHub(state, { pollIntervalMs: 50, ...options });
  const handler = createHandler({
    state,
    gate: { token: "t", hosts: allowedHosts("127.0.0.1", 1) },
    version: "test",
    live: hub,
  });
  await hub.start();
  const get = (path: string) =>
    handler.fetch(
      new Request(`http://127.0.0.1:1${path}`, {
        headers: { authorization: "Bearer t", host: "127.0.0.1:1" },
      }),
    );
  return { hub, get, state };
}

Deno.test(
  "a slow stream client falls back to disk and still gets every event once",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Busy");
    const { hub, get } = await app(p.state.root, {
      clientQueueBytesMax: 8 * 1024,
    });
    try {
      const res = await get("/api/stream");
      assertEquals(res.status, 200);
      // Write 1500 events while the client reads nothing.
      const rec = await RunRecorder.open(p.state, task);
      rec.start();
      for (let i = 0; i < 1498; i++) {
        rec.emit({ type: "log", level: "info", message: `line ${i}` });
        if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
      }
      await rec.finish({ success: true, status: "done" });
      await rec.close();
      await waitUntil(
        () => hub.stats.catchUps > 0,
        "the client fell behind and caught up from disk",
      );
      const reader = new SseReader(res.body!);
      await reader.until((f) => f.filter((x) => x.id).length >= 1500, 20_000);
      await new Promise((r) => setTimeout(r, 100));
      const seqs = reader.frames.filter((f) => f.id).map((f) => JSON.parse(f.data!).seq);
      assertEquals(seqs, Array.from({ length: 1500 }, (_, i) => i + 1));
      await reader.cancel();
    } finally {
      await hub.close();
    }
  },
);

Deno.test(
  "a slow task stream client falls back to disk and still gets every event once",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Busy");
    const { hub, get } = await app(p.state.root, {
      clientQueueBytesMax: 8 * 1024,
    });
    try {
      const rec = await RunRecorder.open(p.state, task);
      rec.start();
      const res = await get("/api/tasks/1/stream");
      for (let i = 0; i < 998; i++) rec.emit({ type: "log", level: "info", message: `line ${i}` });
      await rec.finish({ success: true, status: "done" });
      await rec.close();
      await new Promise((r) => setTimeout(r, 300));
      const reader = new SseReader(res.body!);
      await reader.until((f) => f.filter((x) => x.id).length >= 1000, 20_000);
      await new Promise((r) => setTimeout(r, 100));
      assertEquals(
        reader.frames.filter((f) => f.id).map((f) => Number(f.id)),
        Array.from({ length: 1000 }, (_, i) => i + 1),
      );
      await reader.cancel();
    } finally {
      await hub.close();
    }
  },
);

Deno.test("clients that go away release their place in the hub", sanitize, async () => {
  await using p = await tempProject();
  await createTask(p.state, "Quiet");
  const { hub, get } = await app(p.state.root);
  try {
    const bodies = [];
    for (let i = 0; i < 5; i++) bodies.push((await get("/api/stream")).body!);
    for (let i = 0; i < 3; i++) bodies.push((await get("/api/tasks/1/stream")).body!);
    assertEquals(hub.clientCount, 8);
    for (const b of bodies) await b.cancel();
    await waitUntil(() => hub.clientCount === 0, `every client gone (${hub.clientCount} left)`);
  } finally {
    await hub.close();
  }
});

Deno.test("closing the hub ends every stream", sanitize, async () => {
  await using p = await tempProject();
  const { hub, get } = await app(p.state.root);
  const reader = new SseReader((await get("/api/stream")).body!);
  await reader.until((f) => f.length > 0);
  await hub.close();
  await reader.done;
  assertEquals(hub.clientCount, 0);
});

Deno.test(
  "clients joining while events flow get each event once, through the fan-out or not",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Flowing");
    const { hub, get } = await app(p.state.root, { fanOutFlushMs: 2 });
    try {
      const rec = await RunRecorder.open(p.state, task);
      rec.start();
      const readers: Array<{ reader: SseReader; from: number }> = [];
      let seq = 1;
      let members = 0;
      for (let round = 0; round < 40; round++) {
        members = Math.max(members, hub.fan.memberCount);
        for (let i = 0; i < 25; i++) {
          rec.emit({ type: "log", level: "info", message: `r${round} ${i}` });
          seq++;
        }
        if (round % 4 === 0) {
          // A new client from now, and one resuming after the 10th event.
          readers.push({ reader: new SseReader((await get("/api/stream")).body!), from: -1 });
          const r = new SseReader((await get("/api/stream?after=0-0-0")).body!);
          readers.push({ reader: r, from: 0 });
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      await rec.finish({ success: true, status: "done" });
      seq++;
      await rec.close();
      for (const { reader, from } of readers) {
        await reader.until((f) => f.some((x) => x.event === "run_finished"), 20_000);
        const seqs = reader.frames.filter((f) => f.id).map((f) => JSON.parse(f.data!).seq);
        const start = from === 0 ? 1 : seqs[0];
        assertEquals(seqs, Array.from({ length: seq - start + 1 }, (_, i) => start + i));
        await reader.cancel();
      }
      assert(members > 0, "caught-up clients were fed by the fan-out");
      assert(hub.fan.memberCount === 0, "clients that went away left the fan-out");
    } finally {
      await hub.close();
    }
  },
);
