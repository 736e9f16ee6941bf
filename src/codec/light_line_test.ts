import fc from "fast-check";
import { assertEquals } from "../../tests/assert.ts";
import { timestamp } from "../../tests/arbitraries.ts";
import { parseTimeNs } from "../contract/time.ts";
import { TimeReader } from "./light_line.ts";

const enc = new TextEncoder();

Deno.test("TimeReader reads a time from its bytes as parseTimeNs reads its text", () => {
  const t = new TimeReader();
  const check = (text: string) => {
    const b = enc.encode(` ${text} `);
    const got = t.read(b, 1, b.length - 1);
    const ns = parseTimeNs(text);
    if (got === null) return; // read as text: parseTimeNs answers
    if (got === false) return assertEquals(ns, null, text);
    assertEquals(BigInt(t.sec) * 1_000_000_000n + BigInt(t.nanos), ns, text);
  };
  for (
    const text of [
      "2026-01-02T03:04:05Z",
      "2026-01-02T03:04:05.5Z",
      "2026-01-02T03:04:05.123456789Z",
      "1969-12-31T23:59:59.999Z",
      "2026-02-30T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-01-02T03:04:05.Z",
      "2026-01-02T03:04:05z",
      "2026-01-02T03:04:05+02:00",
      "x",
    ]
  ) check(text);
  fc.assert(fc.property(timestamp, (text) => check(text)), { numRuns: 2000 });
  // The Z form is always read from the bytes.
  fc.assert(
    fc.property(timestamp, (text) => {
      const z = text.replace(/([+-]\d\d:\d\d)$/, "Z");
      const b = enc.encode(z);
      assertEquals(t.read(b, 0, b.length), true, z);
    }),
    { numRuns: 500 },
  );
});
