import { assertEquals } from "../../tests/assert.ts";
import { formatAge, formatCost, formatCount, formatDuration } from "./units.ts";

Deno.test("counts read as 999, 6.7k, 184k, 1.2M", () => {
  assertEquals(
    [0, 999, 1000, 6700, 6749, 9960, 184_400, 999_600, 1_200_000, 45_000_000].map(formatCount),
    ["0", "999", "1k", "6.7k", "6.7k", "10k", "184k", "1M", "1.2M", "45M"],
  );
});

Deno.test("durations read as ms, seconds, minutes with padded seconds, hours, days", () => {
  assertEquals(
    [0, 251, 4200, 42_000, 245_000, 3_600_000 + 3 * 60_000, 3 * 86_400_000 + 4 * 3_600_000].map(
      formatDuration,
    ),
    ["0 ms", "251 ms", "4.2 s", "42 s", "4 min 05 s", "1 h 03 min", "3 d 04 h"],
  );
  assertEquals(formatDuration(null), "-");
  assertEquals(formatDuration(-5), "-");
});

Deno.test("ages read as just now, minutes, hours, days, then the date", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  const ago = (ms: number) => formatAge(now - ms, now);
  assertEquals(ago(5_000), "just now");
  assertEquals(ago(-60_000), "just now"); // another machine's clock runs ahead
  assertEquals(ago(5 * 60_000), "5 min ago");
  assertEquals(ago(3 * 3_600_000 + 59 * 60_000), "3 h ago");
  assertEquals(ago(4 * 86_400_000), "4 d ago");
  assertEquals(formatAge(Date.parse("2026-09-28T05:52:52Z"), now), "2026-09-28");
  assertEquals(formatAge(null, now), "-");
});

Deno.test("costs print in dollars for USD, with the code otherwise, and never as an estimate", () => {
  assertEquals(formatCost(1.8349), "$1.83");
  assertEquals(formatCost(0.5, "EUR"), "0.50 EUR");
  assertEquals(formatCost(0.0004), "<$0.01");
  assertEquals(formatCost(0), "$0.00");
  assertEquals(formatCost(null), "-");
});
