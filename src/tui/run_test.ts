import { assert, assertEquals, assertRejects } from "../../tests/assert.ts";
import { type LiveModel, runTui } from "./run.ts";
import type { TerminalPort } from "./terminal.ts";
import { waitUntil } from "../../tests/helpers.ts";

/** A terminal whose input is a script of chunks; it records what the UI did to it. */
class FakeTerminal implements TerminalPort {
  written = "";
  entered = 0;
  restored = 0;
  raw = false;
  resize: (() => void) | null = null;
  #chunks: string[];
  #next: (() => void) | null = null;

  constructor(chunks: string[]) {
    this.#chunks = chunks;
  }
  size() {
    return { width: 80, height: 24 };
  }
  write(text: string) {
    this.written += text;
  }
  enter() {
    this.entered++;
    this.raw = true;
  }
  restore() {
    this.restored++;
    this.raw = false;
  }
  /** Lets the next chunk of input through. */
  push(chunk: string) {
    this.#chunks.push(chunk);
    this.#next?.();
  }
  async *input(signal: AbortSignal): AsyncIterable<string> {
    while (!signal.aborted) {
      const c = this.#chunks.shift();
      if (c !== undefined) {
        yield c;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.#next = resolve;
        signal.addEventListener("abort", () => resolve(), { once: true });
      });
    }
  }
  onResize(fn: () => void) {
    this.resize = fn;
    return () => this.resize = null;
  }
}

function model(options: { fail?: Error } = {}): LiveModel {
  return {
    board: () => [],
    feed: () => [],
    history: () => ({ header: [], align: [], flex: 0, drop: [], rows: [], notes: [] }),
    detail: () => ({ loading: true }),
    trace: () => ({ loading: true }),
    output: () => ({ loading: true }),
    status: () => "live",
    onChange: () => {},
    start: async (signal) => {
      if (options.fail) throw options.fail;
      await new Promise<void>((r) => signal.addEventListener("abort", () => r(), { once: true }));
    },
  };
}

Deno.test("runTui ends with 0 on q and 130 on Ctrl-C, the terminal restored each time", async () => {
  const t1 = new FakeTerminal(["?", "x", "q"]);
  assertEquals(await runTui(model(), t1), 0);
  assertEquals([t1.entered, t1.restored, t1.raw], [1, 1, false]);
  assert(t1.written.includes("Tasks"), "a frame was drawn");

  const t2 = new FakeTerminal(["\x03"]);
  assertEquals(await runTui(model(), t2), 130);
  assertEquals([t2.restored, t2.raw], [1, false]);
});

Deno.test("runTui gives the terminal back when the model fails, and reports the error", async () => {
  const t = new FakeTerminal([]);
  const e = await assertRejects(() => runTui(model({ fail: new Error("log unreadable") }), t));
  assertEquals(e.message, "log unreadable");
  assertEquals([t.restored, t.raw], [1, false]);
});

Deno.test("runTui ends with 130 when its signal aborts (SIGTERM), terminal restored", async () => {
  const t = new FakeTerminal([]);
  const ac = new AbortController();
  const done = runTui(model(), t, { signal: ac.signal });
  await waitUntil(() => t.raw, "the terminal in raw mode");
  assertEquals(t.raw, true);
  ac.abort();
  assertEquals(await done, 130);
  assertEquals(t.raw, false);
});

Deno.test("runTui redraws the whole screen after a resize", async () => {
  const t = new FakeTerminal([]);
  const done = runTui(model(), t, { frameIntervalMs: 1 });
  await waitUntil(() => t.written.includes("Tasks"), "a first frame");
  const before = t.written.length;
  t.resize?.();
  await waitUntil(() => t.written.slice(before).includes("\x1b[2J"), "cleared and drawn again");
  t.push("q");
  assertEquals(await done, 0);
});
