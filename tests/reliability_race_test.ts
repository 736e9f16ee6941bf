/**
 * Two processes racing on one task (`run` against `run`, `approve` against
 * `run --resume`), and `task discard` while `taskline serve` follows it.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { discardTrial, raceTrial } from "./reliability_harness.ts";

Deno.test("run against run: exactly one wins; approve against run --resume: gapless and coherent", async () => {
  const r = await raceTrial({ rounds: 8 });
  assertEquals(r.failures, []);
  assertEquals(r.counts.run_vs_run, 8);
  assertEquals(r.counts.approve_vs_resume, 8);
});

Deno.test("task discard while serve follows the task: streams end, routes 404, no 5xx, the server lives", async () => {
  const r = await discardTrial({ rounds: 3 });
  assertEquals(r.failures, []);
  assertEquals(r.counts.discarded, 3);
  assert(r.counts.refused_while_running >= 1, JSON.stringify(r.counts));
});
