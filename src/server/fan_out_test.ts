import { assert, assertEquals } from "../../tests/assert.ts";
import { type Cursor, formatCursor } from "../contract/cursor.ts";
import type { FeedItem } from "../follow/feed_item.ts";
import type { Task } from "../store/tasks.ts";
import { FanOut, type FanOutMember, type MemberFilter } from "./fan_out.ts";
import { SseStream } from "./sse.ts";

const taskA = { id: "a", number: 1, dir: "001-a" } as Task;
const taskB = { id: "b", number: 2, dir: "002-b" } as Task;

/** Item n of a task: its line ends at byte 100 * n of the task's log. */
function item(n: number, task: Task = taskA): FeedItem {
  const cursor: Cursor = { ns: BigInt(n), number: task.number, seq: n };
  return {
    task,
    cursor,
    cursorText: formatCursor(cursor),
    record: { env: { event: { type: "log" } }, end: 100 * n },
  } as unknown as FeedItem;
}

const frameOf = (it: FeedItem) => `${it.cursorText}\n`;

class Member implements FanOutMember {
  sse = new SseStream({ heartbeatMs: 60_000, queueBytesMax: 4096 });
  behind: number[][] = [];
  behindAt: number[] = [];
  constructor(readonly keeps: MemberFilter = null) {}
  fellBehind(offsets: number[], flushed: number) {
    this.behind.push(offsets);
    this.behindAt.push(flushed);
  }
  /** What the member received, as the numbers of the items. */
  async received(): Promise<number[]> {
    this.sse.close();
    const text = await new Response(this.sse.readable).text();
    return text.split("\n").filter((l) => /^\d+-\d-\d+$/.test(l)).map((l) =>
      Number(l.split("-")[2])
    );
  }
}

const tick = (ms = 15) => new Promise((r) => setTimeout(r, ms));

Deno.test("an event that arrives while the fan-out is idle is flushed at once", () => {
  const fan = new FanOut({ frameOf, flushMs: 60_000 });
  const m = new Member();
  assert(fan.join(m, fan.snapshot().flushed));
  fan.addItems([item(1)]);
  // Flushed in the same turn: no timer ran.
  assert(m.sse.backlogBytes > 0, "written at once");
  assertEquals(fan.stats.flushes, 1);
  fan.addItems([item(2)]);
  assertEquals(fan.stats.flushes, 1, "busy: the second waits for the next flush");
  fan.close();
  m.sse.close();
});

Deno.test("a member joining at an earlier flush is sent what was flushed since, then every later item once", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1 });
  const at = fan.snapshot().flushed;
  fan.addItems([1, 2, 3].map((n) => item(n)));
  await tick();
  fan.addItems([4, 5].map((n) => item(n)));
  await tick();
  const a = new Member();
  assert(fan.join(a, at));
  fan.addItems([6, 7].map((n) => item(n)));
  await tick();
  assertEquals(await a.received(), [1, 2, 3, 4, 5, 6, 7]);
  fan.close();
});

Deno.test("the snapshot gives each log's offset after its last flushed event", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1 });
  fan.addLogs([{ task: taskA, offset: 50 }, { task: taskB, offset: 70 }]);
  assertEquals(fan.snapshot().offsets, [50, 70]);
  fan.addItems([item(3, taskB), item(2, taskA), item(4, taskB)]);
  await tick();
  const s = fan.snapshot();
  assertEquals(s.offsets, [200, 400]);
  assertEquals(s.flushed, 3);
  assertEquals(s.tasks.map((t) => t.dir), ["001-a", "002-b"]);
  fan.close();
});

Deno.test("a member that falls behind leaves with the offsets of what it was sent", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, memberBytesMax: 4096 });
  fan.addLogs([{ task: taskA, offset: 0 }]);
  const m = new Member();
  assert(fan.join(m, fan.snapshot().flushed));
  // The member reads nothing: a few flushes fit, then it is left out.
  for (let i = 1; i < 2000; i += 20) {
    fan.addItems(Array.from({ length: 20 }, (_, k) => item(i + k)));
    await tick(2);
  }
  assertEquals(m.behind.length, 1);
  assert(!fan.has(m));
  const got = await m.received();
  assertEquals(got, Array.from({ length: got.length }, (_, i) => i + 1), "a prefix, in order");
  assert(got.length > 0 && got.length < 1999, `${got.length} received`);
  assertEquals(m.behind[0], [100 * got.length], "its position is just after the last item sent");
  assertEquals(m.behindAt[0], got.length, "and the flush it has every item of");
  // The ring gives the rest from there, a flush at a time, as the others were sent it.
  const step = fan.ringStep(m, got.length, 10)!;
  assert(step.to > got.length);
  assertEquals(step.ends, new Map([[0, 100 * step.to]]), "the log's offset after the step");
  assertEquals(step.parts.length, 1);
  assert(step.parts[0] instanceof Uint8Array);
  fan.close();
});

Deno.test("a member with a filter gets only what it keeps", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1 });
  const onlyB = new Member((task) => task.id === "b");
  const all = new Member();
  fan.join(onlyB, 0);
  fan.join(all, 0);
  fan.addItems([item(1, taskA), item(2, taskB), item(3, taskA), item(4, taskB)]);
  await tick();
  assertEquals(await onlyB.received(), [2, 4]);
  assertEquals(await all.received(), [1, 2, 3, 4]);
  fan.close();
});

Deno.test("a join further back than the rings hold is refused", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, ringItems: 4 });
  fan.addItems([1, 2, 3, 4, 5, 6].map((n) => item(n)));
  await tick();
  const all: MemberFilter = () => true;
  // A member with a filter is sent items, of which the ring holds the last 4.
  assert(!fan.join(new Member(all), 0));
  const m = new Member(all);
  assert(fan.join(m, 2));
  assertEquals(await m.received(), [3, 4, 5, 6]);
  // One without is sent the flush, as it was encoded for every member.
  const whole = new Member();
  assert(fan.join(whole, 0));
  assertEquals(await whole.received(), [1, 2, 3, 4, 5, 6]);
  fan.close();
});

/**
 * Reads a member's stream as it comes, taking `msPerRead` for each read
 * whatever its size (a write's cost, not its bytes, is what a busy server
 * pays); returns the numbers of the items.
 */
function slowReader(m: Member, msPerRead: number): { stop(): Promise<number[]> } {
  const reader = m.sse.readable.getReader();
  let text = "";
  let done = false;
  const loop = (async () => {
    while (!done) {
      const r = await reader.read();
      if (r.done) break;
      text += new TextDecoder().decode(r.value);
      await tick(msPerRead);
    }
  })();
  return {
    async stop() {
      done = true;
      m.sse.close();
      await loop.catch(() => {});
      return text.split("\n").filter((l) => /^\d+-\d-\d+$/.test(l)).map((l) =>
        Number(l.split("-")[2])
      );
    },
  };
}

Deno.test("members that fell behind together catch up with the very bytes the flushes were sent as", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, memberBytesMax: 64 * 1024 });
  fan.addLogs([{ task: taskA, offset: 0 }]);
  const at = fan.snapshot().flushed;
  for (let i = 1; i <= 60; i += 20) {
    fan.addItems(Array.from({ length: 20 }, (_, k) => item(i + k)));
    await tick(3);
  }
  const a = new Member(), b = new Member();
  const sa = fan.ringStep(a, at, 1 << 20)!, sb = fan.ringStep(b, at, 1 << 20)!;
  assertEquals(sa.to, 60);
  assert(sa.parts.length >= 2, "one part a flush");
  sa.parts.forEach((p, i) => assert(p instanceof Uint8Array && p === sb.parts[i], "shared"));
  // A member with a filter is given its own bytes: the frames it keeps, cut from the flushes.
  const odd = new Member((_, env) => env.event.type === "log");
  const so = fan.ringStep(odd, at, 1 << 20)!;
  assertEquals(so.parts.length, 1);
  assert(!sa.parts.includes(so.parts[0]));
  const text = (parts: Uint8Array[]) => parts.map((p) => new TextDecoder().decode(p)).join("");
  assertEquals(text(so.parts), text(sa.parts), "every item is a log: the same frames");
  fan.close();
  for (const m of [a, b, odd]) m.sse.close();
});

Deno.test("when most members are behind yet reading, flushes wait and grow; nobody is left out", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, memberBytesMax: 16 * 1024 });
  fan.addLogs([{ task: taskA, offset: 0 }]);
  const members = [new Member(), new Member(), new Member()];
  for (const m of members) assert(fan.join(m, fan.snapshot().flushed));
  // Each read takes 20 ms while 100 items come every 3 ms: flushes of a few items each would
  // leave every member behind; flushes that wait for the members to take the last one keep up.
  const readers = members.map((m) => slowReader(m, 20));
  for (let i = 1; i <= 3000; i += 100) {
    fan.addItems(Array.from({ length: 100 }, (_, k) => item(i + k)));
    await tick(3);
  }
  await tick(1500);
  assert(fan.stats.postponed > 0, "flushes were put off");
  assertEquals(fan.stats.left, 0, "no member was left out for the server's own pace");
  const all = Array.from({ length: 3000 }, (_, i) => i + 1);
  for (const r of readers) assertEquals(await r.stop(), all);
  fan.close();
});

Deno.test("members that take nothing do not hold the flushes of one that reads", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, memberBytesMax: 4096 });
  fan.addLogs([{ task: taskA, offset: 0 }]);
  const stalled = [new Member(), new Member(), new Member()];
  const reading = new Member();
  for (const m of [...stalled, reading]) assert(fan.join(m, fan.snapshot().flushed));
  const reader = slowReader(reading, 0);
  for (let i = 1; i <= 2000; i += 20) {
    fan.addItems(Array.from({ length: 20 }, (_, k) => item(i + k)));
    await tick(2);
  }
  await tick(50);
  for (const m of stalled) assert(!fan.has(m), "a member that reads nothing leaves");
  assert(fan.has(reading));
  assertEquals(await reader.stop(), Array.from({ length: 2000 }, (_, i) => i + 1));
  fan.close();
  for (const m of stalled) m.sse.close();
});

Deno.test("a member with a filter that joins from the ring gets the frames it keeps, whole, in UTF-8", async () => {
  // Frames of several bytes a character: each item's frame is cut from its flush's bytes.
  const wide = (it: FeedItem) => `${it.cursorText} é€😀 ${it.task.id}\n`;
  const fan = new FanOut({ frameOf: wide, flushMs: 1 });
  fan.addItems([item(1, taskA), item(2, taskB), item(3, taskA)]);
  await tick();
  fan.addItems([item(4, taskB), item(5, taskB)]);
  await tick();
  const onlyB = new Member((task) => task.id === "b");
  assert(fan.join(onlyB, 0));
  onlyB.sse.close();
  const got = await new Response(onlyB.sse.readable).text();
  assertEquals(
    got.split("\n").filter((l) => l.includes("😀")),
    [2, 4, 5].map((n) => `${formatCursor({ ns: BigInt(n), number: 2, seq: n })} é€😀 b`),
  );
  fan.close();
});

Deno.test("a member with a filter is cut its frames from each flush, in UTF-8", async () => {
  const wide = (it: FeedItem) => `${it.cursorText} é€😀 ${it.task.id}\n`;
  const fan = new FanOut({ frameOf: wide, flushMs: 1 });
  const onlyA = new Member((task) => task.id === "a");
  assert(fan.join(onlyA, 0));
  fan.addItems([item(1, taskA), item(2, taskB), item(3, taskA)]);
  await tick();
  fan.addEphemeral("event: agent_delta\ndata: ✓\n\n", taskA, {
    at: "2026-01-01T00:00:00Z",
    event: { type: "agent_delta" },
  } as never);
  fan.addItems([item(4, taskB), item(5, taskA)]);
  await tick();
  onlyA.sse.close();
  const got = await new Response(onlyA.sse.readable).text();
  assertEquals(
    got.split("\n").filter((l) => l.includes("😀") || l.includes("✓")),
    [
      `${formatCursor({ ns: 1n, number: 1, seq: 1 })} é€😀 a`,
      `${formatCursor({ ns: 3n, number: 1, seq: 3 })} é€😀 a`,
      "data: ✓",
      `${formatCursor({ ns: 5n, number: 1, seq: 5 })} é€😀 a`,
    ],
  );
  fan.close();
});

Deno.test("flushes while no client can join keep nothing: a join from before them is refused", async () => {
  let open = false;
  const fan = new FanOut({ frameOf, flushMs: 1, joinable: () => open });
  fan.addLogs([{ task: taskA, offset: 0 }]);
  fan.addItems([item(1), item(2)]);
  await tick();
  assertEquals(fan.snapshot().offsets, [200], "the offsets move all the same");
  open = true;
  fan.addItems([item(3), item(4)]);
  await tick();
  // Items 1 and 2 were never kept: a member from before them catches up from the logs.
  assert(!fan.join(new Member(), 0));
  assert(!fan.join(new Member(() => true), 0));
  const m = new Member(() => true);
  assert(fan.join(m, 2));
  assertEquals(await m.received(), [3, 4]);
  fan.close();
});
