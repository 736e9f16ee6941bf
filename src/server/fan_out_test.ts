import { assert, assertEquals } from "../../tests/assert.ts";
import { type Cursor, formatCursor } from "../contract/cursor.ts";
import type { FeedItem } from "../follow/feed.ts";
import { FanOut, type FanOutMember } from "./fan_out.ts";
import { SseStream } from "./sse.ts";

function item(n: number): FeedItem {
  const cursor: Cursor = { ns: BigInt(n), number: 1, seq: n };
  return { cursor, cursorText: formatCursor(cursor) } as unknown as FeedItem;
}

const frameOf = (it: FeedItem) => `${it.cursorText}\n`;

class Member implements FanOutMember {
  sse = new SseStream({ heartbeatMs: 60_000, queueBytesMax: 4096 });
  last: Cursor | null = null;
  dropped = 0;
  left() {
    this.dropped++;
  }
  /** What the member received, as the numbers of the items. */
  async received(): Promise<number[]> {
    this.sse.close();
    const text = await new Response(this.sse.readable).text();
    return text.split("\n").filter((l) => /^\d+-1-\d+$/.test(l)).map((l) =>
      Number(l.split("-")[2])
    );
  }
}

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

Deno.test("members joining before or after a flush get every later item once, in order", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1 });
  const items = Array.from({ length: 30 }, (_, i) => item(i + 1));
  fan.addItems(items.slice(0, 10));
  await tick();
  // A joins at item 4, after the flush of 1..10: it is sent 5..10 at once.
  const a = new Member();
  assert(fan.join(a, items[3]));
  fan.addItems(items.slice(10, 20));
  // B joins at item 15, which is not flushed yet: its first flush starts after 15.
  const b = new Member();
  assert(fan.join(b, items[14]));
  await tick();
  fan.addItems(items.slice(20));
  await tick();
  assertEquals(await a.received(), Array.from({ length: 26 }, (_, i) => i + 5));
  assertEquals(await b.received(), Array.from({ length: 15 }, (_, i) => i + 16));
  assertEquals(a.last?.seq, 30);
  fan.close();
});

Deno.test("an item the fan-out never saw cannot be joined at", () => {
  const fan = new FanOut({ frameOf, flushMs: 1 });
  assert(!fan.join(new Member(), item(1)));
  fan.close();
});

Deno.test("a member that falls behind is dropped and told so, with its last cursor kept", async () => {
  const fan = new FanOut({ frameOf, flushMs: 1, memberBytesMax: 4096 });
  const first = item(1);
  fan.addItems([first]);
  await tick();
  const m = new Member();
  assert(fan.join(m, first));
  // The member reads nothing: a few flushes fit in its 4 KiB, then it is dropped.
  for (let i = 2; i < 2000; i += 20) {
    fan.addItems(Array.from({ length: 20 }, (_, k) => item(i + k)));
    await tick();
  }
  assertEquals(m.dropped, 1);
  assert(!fan.has(m));
  const got = await m.received();
  assertEquals(got, Array.from({ length: got.length }, (_, i) => i + 2), "a prefix, in order");
  assert(got.length > 0 && got.length < 1998, `${got.length} received`);
  assertEquals(m.last?.seq, got.at(-1));
  fan.close();
});
