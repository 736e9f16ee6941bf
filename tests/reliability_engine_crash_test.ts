/**
 * `taskline run` (the scripted engine, with its trace outputs and run.json)
 * killed with SIGKILL at random moments and resumed, 20 times.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { engineCrashTrial } from "./reliability_harness.ts";

Deno.test("taskline run killed 20 times and resumed: whole events, gapless seq, whole run.json, the run ends", async () => {
  const r = await engineCrashTrial({ kills: 20 });
  assertEquals(r.failures, []);
  assert(r.counts.kills >= 15, JSON.stringify(r.counts));
});
