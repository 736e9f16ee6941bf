/**
 * A log truncated, replaced (renamed over) or deleted while `taskline events
 * --follow` and the server's streams follow it: each says so once and goes
 * on from the new content.
 *
 * @module
 */
import { assertEquals } from "./assert.ts";
import { logResetTrial } from "./reliability_harness.ts";

Deno.test("a followed log truncated, replaced and deleted (twice each): followers say so once and go on", async () => {
  const r = await logResetTrial({ rounds: 6 });
  assertEquals(r.failures, []);
  assertEquals([r.counts.truncated, r.counts.replaced, r.counts.deleted], [2, 2, 2]);
});
