import { assertEquals } from "../../tests/assert.ts";
import { Heap } from "./heap.ts";

Deno.test("a heap gives its elements in order, also after the top's key changed in place", () => {
  const xs = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1009);
  const h = new Heap<number>((a, b) => a < b);
  for (const x of xs) h.push(x);
  const out: number[] = [];
  while (h.size > 0) out.push(h.pop()!);
  assertEquals(out, [...xs].sort((a, b) => a - b));
  // Sources that move to their next item, as in a merge.
  const sources = [[1, 4, 9], [2, 3, 10], [0, 5]].map((items) => ({ items, i: 0 }));
  const m = new Heap<{ items: number[]; i: number }>((a, b) => a.items[a.i] < b.items[b.i]);
  for (const s of sources) m.push(s);
  const merged: number[] = [];
  while (m.size > 0) {
    const s = m.top!;
    merged.push(s.items[s.i++]);
    if (s.i < s.items.length) m.replaceTop();
    else m.pop();
  }
  assertEquals(merged, [0, 1, 2, 3, 4, 5, 9, 10]);
});
