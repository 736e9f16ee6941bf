import { assertEquals, assertThrows } from "../../tests/assert.ts";
import { compareCursor, CURSOR_START, cursorOf, formatCursor, parseCursor } from "./cursor.ts";
import { TasklineError } from "../errors.ts";

Deno.test("cursor round-trips through its text form", () => {
  const c = parseCursor("1790574772197209000-1-1");
  assertEquals(c, { ns: 1790574772197209000n, number: 1, seq: 1 });
  assertEquals(formatCursor(c), "1790574772197209000-1-1");
});

Deno.test("0-0-0 is the start and sorts before every event", () => {
  assertEquals(parseCursor("0-0-0"), CURSOR_START);
  const c = cursorOf({ at: "1970-01-01T00:00:00.000000001Z" }, 0)!;
  assertEquals(compareCursor(CURSOR_START, c) < 0, true);
});

Deno.test("cursor orders equal times by task number, then seq", () => {
  const at = "2026-09-27T09:10:00.123456Z";
  const a = cursorOf({ at, seq: 9 }, 1)!;
  const b = cursorOf({ at, seq: 1 }, 3)!;
  const c = cursorOf({ at, seq: 2 }, 3)!;
  assertEquals([c, b, a].sort(compareCursor), [a, b, c]);
});

Deno.test("cursor keeps nanoseconds exactly and reads offsets", () => {
  const a = cursorOf({ at: "2026-09-27T10:00:02.000000001Z", seq: 4 }, 1)!;
  assertEquals(formatCursor(a), "1790503202000000001-1-4");
  const b = cursorOf({ at: "2026-09-27T10:00:23+02:00", seq: 21 }, 1)!;
  assertEquals(formatCursor(b), "1790496023000000000-1-21");
  assertEquals(cursorOf({ at: "2026-09-26T07:00:00Z" }, 1)!.seq, 0);
});

Deno.test("bad cursors are bad-cursor errors naming the value", () => {
  for (const bad of ["", "1-2", "a-b-c", "1-2-3-4", "-1-0-0", "01-0-0", "1-2-3 "]) {
    const e = assertThrows(() => parseCursor(bad), TasklineError);
    assertEquals((e as TasklineError).code, "bad-cursor");
  }
});

Deno.test("cursor of an event matches the ids a real server sent", async () => {
  const text = await Deno.readTextFile(
    new URL("../../fixtures/peer/real-stream.txt", import.meta.url),
  );
  const frames = text.split("\n\n").filter((f) => f.includes("data: "));
  let checked = 0;
  for (const f of frames) {
    const data = JSON.parse(f.split("\n").find((l) => l.startsWith("data: "))!.slice(6));
    const id = f.split("\n").find((l) => l.startsWith("id: "))?.slice(4);
    if (id === undefined) continue;
    assertEquals(formatCursor(cursorOf(data, data.number)!), id);
    checked++;
  }
  assertEquals(checked > 10, true);
});

Deno.test("cursors of the peer's tagged envelopes sort as the server sent them", async () => {
  const values = JSON.parse(
    await Deno.readTextFile(new URL("../../fixtures/peer/real-events.json", import.meta.url)),
  ) as Array<{ at: string; seq?: number; number: number }>;
  const cursors = values.map((v) => cursorOf(v, v.number)!);
  assertEquals(cursors.every((c) => c !== null), true);
  assertEquals([...cursors].sort(compareCursor), cursors);
  // Distinct events have distinct cursors, and parsing a cursor's text gives it back.
  assertEquals(new Set(cursors.map(formatCursor)).size, cursors.length);
  for (const c of cursors) assertEquals(parseCursor(formatCursor(c)), c);
});

Deno.test("an event whose at is not a timestamp has no cursor", () => {
  assertEquals(cursorOf({ at: "yesterday" }, 1), null);
  assertEquals(cursorOf({ at: "1969-12-31T23:59:59Z" }, 1), null);
});

Deno.test("a date that does not exist has no cursor", () => {
  assertEquals(cursorOf({ at: "2026-02-30T00:00:00Z" }, 1), null);
  assertEquals(cursorOf({ at: "2024-02-29T00:00:00Z" }, 1) !== null, true);
});
