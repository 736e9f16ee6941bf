import { assert, assertEquals } from "../../tests/assert.ts";
import { tempProject } from "../../tests/helpers.ts";
import type { TaggedEnvelope } from "../contract/envelope.ts";
import { listenLiveChannel } from "./live_listen.ts";
import { isLiveAnnouncement, LiveChannelFanout } from "./live_channel.ts";

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
      const deadline = Date.now() + 5000;
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
