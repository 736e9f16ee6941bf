import { assert, assertEquals, assertThrows } from "../../tests/assert.ts";
import { BadValue } from "../errors.ts";
import { EventFilter, parseEventTypes, parseSince, splitList } from "./filter.ts";

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

Deno.test("since: a time or an age; an error names the value and no flag", () => {
  const now = Date.parse("2026-06-01T00:00:00Z");
  assertEquals(parseSince("2026-01-02T03:04:05Z", now), 1_767_323_045_000_000_000n);
  assertEquals(parseSince("1h30m", now), BigInt(now - 5_400_000) * 1_000_000n);
  const e = assertThrows(() => parseSince("last-week", now), BadValue) as BadValue;
  assertEquals(e.code, "usage");
  assert(!e.message.includes("--since"), e.message);
  assertEquals(
    e.message,
    'Cannot read time "last-week": expected an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m',
  );
  assertEquals(
    e.givenAs("since", "bad-request").message,
    'since takes an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m, not "last-week"',
  );
  assertEquals(e.givenAs("since", "bad-request").code, "bad-request");
});

Deno.test("event types: comma-separated and repeated values, once each; unknown ones all named", () => {
  assertEquals(parseEventTypes([" log , tool_called", "log", ","]), ["log", "tool_called"]);
  assertEquals(parseEventTypes([]), []);
  assertEquals(parseEventTypes([""]), []);
  const e = assertThrows(() => parseEventTypes(["nope,log", "zap"]), BadValue) as BadValue;
  assertEquals(e.values, ["nope", "zap"]);
  assert(e.message.startsWith('Unknown event types "nope", "zap"; known types: run_started, '));
  const one = assertThrows(() => parseEventTypes(["x".repeat(50)]), BadValue) as BadValue;
  assert(one.message.startsWith(`Unknown event type "${"x".repeat(40)}"; known types:`));
});

Deno.test("splitList: items of comma-separated values, trimmed, blank ones left out", () => {
  assertEquals(splitList(["1, 2", "", " ,3 "]), ["1", "2", "3"]);
  assertEquals(splitList([]), []);
});
