import { assert, assertEquals } from "../../tests/assert.ts";
import { Wakeup } from "./wakeup.ts";

Deno.test("Wakeup keeps a wake that came before the wait; an abort rejects the wait", async () => {
  const w = new Wakeup();
  w.wake();
  const t = performance.now();
  await w.wait(10_000);
  assert(performance.now() - t < 1000);
  const ac = new AbortController();
  const p = w.wait(10_000, ac.signal);
  ac.abort(new Error("stop"));
  let err: unknown = null;
  await p.catch((e) => err = e);
  assertEquals((err as Error).message, "stop");
});
