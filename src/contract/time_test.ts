import fc from "fast-check";
import { assertEquals } from "../../tests/assert.ts";
import { timestamp } from "../../tests/arbitraries.ts";
import { parseTimeNs, parseTimeNsUncached } from "./time.ts";

Deno.test("parseTimeNs reads each timestamp exactly, whatever it read before (its memory of the last second)", () => {
  // Timestamps of one second with other fractions and zones, and texts that only start like them.
  const near = fc.tuple(timestamp, fc.integer({ min: 0, max: 999_999_999 }), fc.nat(12), fc.nat(5))
    .map(([t, frac, digits, how]) => {
      const second = t.slice(0, 19);
      const zone = how === 0 ? "Z" : how === 1 ? "+02:00" : how === 2 ? "z" : how === 3 ? "Zx" : "";
      return `${second}.${String(frac).padStart(12, "0").slice(0, digits)}${zone}`;
    });
  fc.assert(
    fc.property(fc.array(fc.oneof(timestamp, near), { maxLength: 30 }), (ats) => {
      for (const at of ats) assertEquals(parseTimeNs(at), parseTimeNsUncached(at), at);
    }),
    { numRuns: 2000 },
  );
  assertEquals(parseTimeNs("2026-01-01T00:00:00.5Z"), 1767225600500000000n);
  assertEquals(parseTimeNs("2026-01-01T00:00:00.25Z"), 1767225600250000000n);
  assertEquals(parseTimeNs("2026-01-01T00:00:00.25+01:00"), 1767222000250000000n);
  assertEquals(parseTimeNs("2026-01-01T00:00:00.1234567891Z"), null);
});
