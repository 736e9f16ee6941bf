import { assert, assertEquals } from "../../tests/assert.ts";
import { tempProject, waitUntil } from "../../tests/helpers.ts";
import type { TaggedEnvelope } from "../contract/envelope.ts";
import { listenLiveChannel } from "./live_listen.ts";
import {
  isLiveAnnouncement,
  LiveChannelFanout,
  LiveChannelSender,
  parseLiveLine,
} from "./live_channel.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const delta = (text: string): TaggedEnvelope => ({
  task: "t-1",
  number: 1,
  schema: 2,
  at: "2026-01-02T03:04:05Z",
  event: {
    type: "agent_delta",
    run: "r",
    role: "coder",
    subtask: null,
    delta: { kind: "text", text },
  },
});
const text = (e: TaggedEnvelope) => (e.event as { delta: { text: string } }).delta.text;

Deno.test("announcements of the live channel: live.json and live-<name>.json only", () => {
  assert(isLiveAnnouncement("live.json"));
  assert(isLiveAnnouncement("live-ship-123.json"));
  assert(!isLiveAnnouncement("live.json.tmp"));
  assert(!isLiveAnnouncement("live-.json"));
  assert(!isLiveAnnouncement("server.token"));
});

Deno.test(
  "a fan-out sends to every listener announced; a listener gone is let go, a new one found",
  sanitize,
  async () => {
    await using p = await tempProject();
    const a: string[] = [], b: string[] = [], c: string[] = [];
    const la = await listenLiveChannel(p.state.liveChannelPath, "ka", (e) => a.push(text(e)));
    const lb = await listenLiveChannel(p.state.liveListenerPath("ship-1"), "kb", (e) => {
      b.push(text(e));
    });
    const fan = new LiveChannelFanout(p.state.root, { retryMs: 20 });
    const until = async (test: () => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      return test();
    };
    try {
      let i = 0;
      assert(await until(() => (fan.send(delta(`x${i++}`)), a.length > 0 && b.length > 0)));
      fan.send(delta("both"));
      assert(await until(() => a.includes("both") && b.includes("both")));
      await lb.close();
      const lc = await listenLiveChannel(p.state.liveListenerPath("ship-2"), "kc", (e) => {
        c.push(text(e));
      });
      try {
        assert(await until(() => (fan.send(delta(`y${i++}`)), c.length > 0)));
        fan.send(delta("after"));
        assert(await until(() => a.includes("after") && c.includes("after")));
        assertEquals(b.includes("after"), false);
      } finally {
        await lc.close();
      }
    } finally {
      fan.close();
      await la.close();
    }
  },
);

Deno.test(
  "a run's first deltas, sent before the fan-out has found its listeners, reach them all",
  sanitize,
  async () => {
    await using p = await tempProject();
    const a: string[] = [], b: string[] = [];
    const la = await listenLiveChannel(p.state.liveChannelPath, "ka", (e) => a.push(text(e)));
    const lb = await listenLiveChannel(p.state.liveListenerPath("events-1"), "kb", (e) => {
      b.push(text(e));
    });
    // As a run does: the fan-out is made and the first deltas follow at once.
    const fan = new LiveChannelFanout(p.state.root, { retryMs: 60_000 });
    try {
      fan.connect();
      for (const t of ["one", "two", "three"]) fan.send(delta(t));
      const deadline = Date.now() + 20_000;
      while ((a.length < 3 || b.length < 3) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 10));
      }
      assertEquals(a, ["one", "two", "three"]);
      assertEquals(b, ["one", "two", "three"]);
      assertEquals(fan.dropped, 0);
    } finally {
      fan.close();
      await la.close();
      await lb.close();
    }
  },
);

Deno.test(
  "an announcement left by a listener that died is removed by the first sender it refuses",
  sanitize,
  async () => {
    await using p = await tempProject();
    const got: string[] = [];
    const live = await listenLiveChannel(p.state.liveChannelPath, "ka", (e) => got.push(text(e)));
    // A follower killed with SIGKILL: its file names a port nobody listens on.
    const gone = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const port = (gone.addr as Deno.NetAddr).port;
    gone.close();
    const stale = p.state.liveListenerPath("events-99999");
    await Deno.writeTextFile(stale, JSON.stringify({ port, key: "kb" }) + "\n");
    const fan = new LiveChannelFanout(p.state.root, { retryMs: 20 });
    try {
      const deadline = Date.now() + 20_000;
      let i = 0;
      while (Date.now() < deadline) {
        fan.send(delta(`x${i++}`));
        const left = await Deno.stat(stale).then(() => true, () => false);
        if (!left && got.length > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      assertEquals(await Deno.stat(stale).then(() => true, () => false), false);
      // The live listener's announcement stays, and it gets the events.
      assert(got.length > 0);
      assert((await Deno.stat(p.state.liveChannelPath)).isFile);
    } finally {
      fan.close();
      await live.close();
    }
  },
);

Deno.test("only ephemeral tagged envelopes are accepted on the channel", () => {
  assert(parseLiveLine(JSON.stringify(delta("hi"))) !== null);
  assertEquals(parseLiveLine("not json"), null);
  assertEquals(parseLiveLine(JSON.stringify({ ...delta("x"), seq: 3 })), null);
  const logged = { ...delta("x"), event: { type: "log", level: "info", message: "m" } };
  assertEquals(parseLiveLine(JSON.stringify(logged)), null);
  const untagged = { ...delta("x") } as Record<string, unknown>;
  delete untagged.task;
  assertEquals(parseLiveLine(JSON.stringify(untagged)), null);
});

Deno.test(
  "a sender with no server drops events without blocking or throwing",
  sanitize,
  async () => {
    await using p = await tempProject();
    const s = new LiveChannelSender(p.state.liveChannelPath, { retryMs: 10 });
    for (let i = 0; i < 100; i++) s.send(delta(String(i)));
    // Queued while it tries to connect, dropped when that fails.
    await waitUntil(() => s.dropped >= 100, `all dropped (${s.dropped})`);
    assert(s.dropped >= 100);
    s.close();
  },
);

Deno.test(
  "events sent reach the listener; a sender without the key is ignored",
  sanitize,
  async () => {
    await using p = await tempProject();
    const got: string[] = [];
    const ch = await listenLiveChannel(p.state.liveChannelPath, "k3y", (e) => {
      got.push((e.event as { delta: { text: string } }).delta.text);
    });
    try {
      const info = JSON.parse(await Deno.readTextFile(p.state.liveChannelPath));
      assertEquals(info.key, "k3y");
      assertEquals((await Deno.stat(p.state.liveChannelPath)).mode! & 0o777, 0o600);
      // An intruder without the key.
      const c = await Deno.connect({ hostname: "127.0.0.1", port: info.port });
      await c.write(new TextEncoder().encode(`wrong\n${JSON.stringify(delta("evil"))}\n`));
      const s = new LiveChannelSender(p.state.liveChannelPath);
      s.connect();
      await new Promise((r) => setTimeout(r, 50));
      for (const t of ["a", "b", "c"]) s.send(delta(t));
      const deadline = Date.now() + 20_000;
      while (got.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assertEquals(got, ["a", "b", "c"]);
      s.close();
      c.close();
    } finally {
      await ch.close();
    }
    await Deno.stat(p.state.liveChannelPath).then(
      () => Promise.reject(new Error("live.json left behind")),
      () => {},
    );
  },
);

Deno.test(
  "connections that never give the key are closed in time: they cannot fill the listener",
  sanitize,
  async () => {
    await using p = await tempProject();
    const got: string[] = [];
    const l = await listenLiveChannel(p.state.liveChannelPath, "key", (e) => got.push(text(e)), {
      keyWithinMs: 300,
    });
    const silent: Deno.Conn[] = [];
    try {
      for (let i = 0; i < 256; i++) {
        silent.push(await Deno.connect({ hostname: "127.0.0.1", port: l.port }));
      }
      // Full now; once the silent ones are closed, a sender that knows the key gets through.
      // Each is read until the listener closes it (300 ms after it connected); one still open
      // after 20 s counts as open (the read is not waited for).
      const closed = await Promise.all(silent.map(async (c) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const open = new Promise<boolean>((r) => timer = setTimeout(() => r(false), 20_000));
        try {
          return await Promise.race([c.read(new Uint8Array(1)).then((n) => n === null), open]);
        } catch {
          return true;
        } finally {
          clearTimeout(timer);
        }
      }));
      assert(closed.every(Boolean), "every silent connection was closed");
      const sender = new LiveChannelSender(p.state.liveChannelPath, { retryMs: 20 });
      try {
        const deadline = Date.now() + 20_000;
        while (got.length === 0 && Date.now() < deadline) {
          sender.send(delta("through"));
          await new Promise((r) => setTimeout(r, 20));
        }
        assertEquals(got[0], "through");
      } finally {
        sender.close();
      }
    } finally {
      for (const c of silent) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      await l.close();
    }
  },
);
