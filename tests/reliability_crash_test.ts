/**
 * Crash consistency: writers killed with SIGKILL at random moments, with and
 * without live readers (`taskline events --follow`, the server's streams).
 * 120 kills here; the soak mode (`deno task soak`) runs the same trials
 * 2,000 times (tests/reliability_harness.ts has the checks).
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { crashTrial } from "./reliability_harness.ts";

Deno.test("writers killed at random moments lose no complete event; resume repairs the torn tail; seq stays gapless", async () => {
  const r = await crashTrial({ kills: 70 });
  assertEquals(r.failures, []);
  assertEquals(r.counts.cli_checks, 71, "taskline events --all --json after every kill");
  assert(r.counts.repairs_checked >= 10, `only ${r.counts.repairs_checked} torn tails repaired`);
  assert(r.counts.kills_while_writing >= 30, JSON.stringify(r.counts));
  assert(r.counts.kills_before_start >= 3, JSON.stringify(r.counts));
});

Deno.test("killed writers with serve and events --follow running: every follower sees every event once, in order", async () => {
  const r = await crashTrial({ kills: 50, followers: true, cliEvery: 5 });
  assertEquals(r.failures, []);
  assert(r.counts.repairs_checked >= 5, `only ${r.counts.repairs_checked} torn tails repaired`);
  assertEquals(r.counts.follower_lines, r.counts.events_written);
});
