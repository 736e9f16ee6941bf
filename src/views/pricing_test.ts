import { assertEquals } from "../../tests/assert.ts";
import { costOf, priceOf, sessionCost } from "./pricing.ts";

const p = (input: number, output: number, cache_read = 0, cache_write = 0) => ({
  input,
  output,
  cache_read,
  cache_write,
});

Deno.test("a model id matches a key equal to it or ending in /<id>", () => {
  const pricing = { "anthropic/claude-sonnet-5": p(3, 15), "openai/gpt-6": p(2, 8) };
  assertEquals(priceOf("claude-sonnet-5", pricing), p(3, 15));
  assertEquals(priceOf("anthropic/claude-sonnet-5", pricing), p(3, 15));
  assertEquals(priceOf("sonnet-5", pricing), null); // not a whole path segment
  assertEquals(priceOf("gpt-6-mini", pricing), null);
  assertEquals(priceOf("", pricing), null); // model not recorded before 0.5
});

Deno.test("an id priced differently by two providers is unpriced; the same price twice is fine", () => {
  assertEquals(priceOf("llama-5", { "a/llama-5": p(1, 1), "b/llama-5": p(1, 2) }), null);
  assertEquals(priceOf("llama-5", { "a/llama-5": p(1, 1), "b/llama-5": p(1, 1) }), p(1, 1));
});

Deno.test("a session costs its usage at prices per million tokens", () => {
  const usage = {
    input_tokens: 1_000_000,
    output_tokens: 100_000,
    cache_read_tokens: 2_000_000,
    cache_write_tokens: 10_000,
  };
  assertEquals(Math.round(sessionCost(usage, p(3, 15, 0.3, 3.75)) * 1e6) / 1e6, 5.1375);
});

Deno.test("a cost exists only when every session is priced", () => {
  const pricing = { "x/m1": p(1, 0) };
  const u = {
    input_tokens: 500_000,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  };
  assertEquals(costOf([{ model: "m1", sessions: 2, usage: u }], pricing), {
    amount: 0.5,
    unpriced: [],
  });
  assertEquals(
    costOf(
      [{ model: "m1", sessions: 1, usage: u }, { model: "m2", sessions: 1, usage: u }],
      pricing,
    ),
    { amount: null, unpriced: ["m2"] },
  );
  assertEquals(costOf([], pricing), { amount: null, unpriced: [] });
});
