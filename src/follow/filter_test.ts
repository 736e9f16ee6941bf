import { assertEquals } from "../../tests/assert.ts";
import { EventFilter } from "./filter.ts";

Deno.test("--since keeps a line read as bytes by its bytes' time, without making its at", () => {
  const f = new EventFilter({ sinceNs: 1_767_323_045_500_000_000n });
  const asked: Array<[number, number]> = [];
  const env = (after: boolean | null, at: string) => ({
    get at(): string {
      if (after !== null) throw new Error("at was made");
      return at;
    },
    event: { type: "log" },
    atOrAfter(sec: number, nanos: number) {
      asked.push([sec, nanos]);
      return after;
    },
  });
  assertEquals(f.keeps(null, env(true, "")), true);
  assertEquals(f.keeps(null, env(false, "")), false);
  assertEquals(asked, [[1_767_323_045, 500_000_000], [1_767_323_045, 500_000_000]]);
  // Written otherwise (null): read as text.
  assertEquals(f.keeps(null, env(null, "2026-01-02T05:04:05.5+02:00")), true);
  assertEquals(f.keeps(null, env(null, "2026-01-02T05:04:05.4+02:00")), false);
  // Without the method: as text.
  assertEquals(f.keeps(null, { at: "2026-01-02T03:04:05.5Z", event: { type: "log" } }), true);
});
