import { assert, assertEquals } from "../../tests/assert.ts";
import { heldFifoPaths, holdFifo } from "./hold_fifo.ts";

Deno.test("a FIFO held by holdFifo opens for reading at once, and is let go of once a file replaces it", async () => {
  const dir = await Deno.makeTempDir({ prefix: "taskline-fifo-" });
  try {
    const path = `${dir}/events.jsonl`;
    const mk = await new Deno.Command("mkfifo", { args: [path] }).output();
    assertEquals(mk.code, 0);
    holdFifo(path);
    assert(heldFifoPaths().includes(path), "held");
    // What Deno's watcher does with each path it reports: an open for
    // reading, which waits for a writer. The held FIFO has one.
    const open = Deno.open(path, { read: true });
    const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 5_000));
    const got = await Promise.race([open, timeout]);
    assert(got !== "timeout", "the open for reading waited for a writer");
    got.close();
    // A file where the FIFO was: let go of at the next call.
    await Deno.remove(path);
    await Deno.writeTextFile(path, "{}\n");
    holdFifo(path);
    assert(!heldFifoPaths().includes(path), "let go of");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
