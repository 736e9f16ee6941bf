/**
 * A full disk while recording: `.taskline/` on a small tmpfs (where the
 * machine allows mount; otherwise the log is a link to /dev/full). The run
 * ends with a clear error, leaves only complete events, and resumes to its
 * end once space is back.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { diskFullTrial } from "./reliability_harness.ts";

Deno.test("a disk that fills up mid-run: a clear error, no partial event, and the run resumes once space is back", async () => {
  const r = await diskFullTrial({ rounds: 4 });
  assertEquals(r.failures, []);
  assertEquals(r.counts.resumed, r.counts.tmpfs_rounds + r.counts.injected_rounds);
  assert(r.counts.resumed > 0, JSON.stringify(r.counts));
  if (r.counts.tmpfs_rounds > 0) assert(r.counts.events_before_full > 0, JSON.stringify(r.counts));
});

Deno.test("a log that cannot be written at all: the run fails at once with a clear error, and runs once it can", async () => {
  const r = await diskFullTrial({ rounds: 1, noMount: true });
  assertEquals(r.failures, []);
  assertEquals([r.counts.injected_rounds, r.counts.resumed], [1, 1]);
});
