/**
 * The HTTP fuzzer (tests/fuzz_http.ts) against a real `taskline serve`:
 * 10,000 generated requests over keep-alive connections and a list of
 * requests malformed at the protocol level. No 5xx, no crash, no byte of a
 * secret planted outside `.taskline/`, nothing answered without the token.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { httpFuzz } from "./fuzz_http.ts";

Deno.test("10,000 hostile requests: no 5xx, no secret, nothing without the token, the server lives on", async () => {
  const r = await httpFuzz({ requests: 10_000 });
  assertEquals(r.failures, [], `seed ${r.counts.seed}`);
  assert(r.counts.requests >= 10_000, JSON.stringify(r.counts));
  // The fuzzer really went through the token check and reached the routes.
  assert(r.counts.refused_without_token > 1000, JSON.stringify(r.counts));
  assert(r.counts.status_2xx > 100, JSON.stringify(r.counts));
  assert(r.counts.keep_alive_reuses > 5000, JSON.stringify(r.counts));
  assertEquals(r.counts.links_refused, 8);
  assertEquals(r.counts.outputs_served, 6);
});
