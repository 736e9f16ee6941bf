import { assertEquals } from "../../tests/assert.ts";
import {
  anthropicUsage,
  count,
  modelUsageTotal,
  openaiUsage,
  RunningTotals,
  subtractUsage,
} from "./usage.ts";

const u = (i: number, o: number, cr = 0, cw = 0) => ({
  input_tokens: i,
  output_tokens: o,
  cache_read_tokens: cr,
  cache_write_tokens: cw,
});

Deno.test("a count from a transcript is a non-negative integer, anything else 0", () => {
  assertEquals([count(12), count(-3), count("7"), count(NaN), count(2.9), count(null)], [
    12,
    0,
    0,
    0,
    2,
    0,
  ]);
});

Deno.test("Claude Code's usage: input without the cache, cache read and creation as taskline's cache tokens", () => {
  assertEquals(
    anthropicUsage({
      input_tokens: 4,
      output_tokens: 90,
      cache_read_input_tokens: 11000,
      cache_creation_input_tokens: 5120,
      service_tier: "standard",
    }),
    u(4, 90, 11000, 5120),
  );
  assertEquals(anthropicUsage("nonsense"), u(0, 0));
});

Deno.test("modelUsage totals add up every model; none is null", () => {
  assertEquals(
    modelUsageTotal({
      "claude-sonnet-4-5": {
        inputTokens: 10,
        outputTokens: 5,
        cacheReadInputTokens: 100,
        cacheCreationInputTokens: 50,
        costUSD: 0.1,
      },
      "claude-haiku-4-5": { inputTokens: 1, outputTokens: 2 },
      broken: 7,
    }),
    u(11, 7, 100, 50),
  );
  assertEquals(modelUsageTotal({}), null);
  assertEquals(modelUsageTotal([1]), null);
});

Deno.test("Codex's input_tokens include its cached input: taskline's input is what is left", () => {
  assertEquals(
    openaiUsage({ input_tokens: 48210, cached_input_tokens: 39936, output_tokens: 2210 }),
    u(8274, 2210, 39936, 0),
  );
  assertEquals(
    openaiUsage({
      input_tokens: 100,
      cached_input_tokens: 60,
      cache_write_input_tokens: 30,
      output_tokens: 9,
      reasoning_output_tokens: 5,
    }),
    u(10, 9, 60, 30),
  );
  // Counts that do not add up never go below zero.
  assertEquals(openaiUsage({ input_tokens: 5, cached_input_tokens: 9 }).input_tokens, 0);
});

Deno.test("running totals give what each report adds, per session; a total that went down counts whole", () => {
  const t = new RunningTotals();
  assertEquals(t.added("a", u(10, 1)), u(10, 1));
  assertEquals(t.added("a", u(25, 4)), u(15, 3));
  assertEquals(t.added("b", u(7, 7)), u(7, 7));
  assertEquals(t.added("a", u(3, 1)), u(3, 1)); // reset (/clear)
  assertEquals(t.addedCost("a", 0.5), 0.5);
  assertEquals(t.addedCost("a", 0.75), 0.25);
  assertEquals(t.addedCost("a", 0.1), 0.1);
});

Deno.test("subtracting usage never goes below zero", () => {
  assertEquals(subtractUsage(u(5, 5, 5, 5), u(7, 1, 5, 0)), u(0, 4, 0, 5));
});
