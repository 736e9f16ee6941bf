/**
 * Slow and idle clients: 300 connections that never read an event stream of
 * a project being written to, send their headers a byte at a time, or say
 * nothing, do not stop the server from answering `/api/health` at once.
 * The bound here is generous (a loaded CI machine); the real numbers are in
 * docs/reliability.md (`deno task soak`).
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { slowClientsTrial } from "./reliability_harness.ts";

Deno.test("300 slow, idle and never-reading connections: /api/health still answers, p99 under 1 s", async () => {
  const r = await slowClientsTrial({ clients: 300, probes: 300 });
  assertEquals(r.failures, []);
  assertEquals(r.counts.probes, 300);
  assert(r.counts.p99_ms < 1000, `p99 ${r.counts.p99_ms} ms`);
});
