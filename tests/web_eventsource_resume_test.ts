/**
 * A browser's `EventSource` that the server drops for taking nothing comes
 * back by itself with `Last-Event-ID` and loses nothing (docs/server.md,
 * "Slow clients"): a real Chromium whose page is kept busy while megabytes
 * of events are written, so that its connection takes nothing for longer
 * than the stall bound.
 *
 * @module
 */
import { assert, assertEquals } from "./assert.ts";
import { tempProject } from "./helpers.ts";
import { serveInProcess } from "./serve_util.ts";
import { launchBrowser } from "./web_browser.ts";
import { createTask } from "../src/store/tasks.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** The page's globals, in the functions that run in the browser. */
declare const window: { ids: string[]; opens: number; resumedWith: string | null };
declare class EventSource {
  constructor(url: string);
  onopen: (() => void) | null;
  addEventListener(type: string, f: (e: { lastEventId: string }) => void): void;
}

Deno.test(
  "web: an EventSource dropped for taking nothing resumes with Last-Event-ID and loses nothing",
  sanitize,
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Busy");
    const log = p.state.logPath(task.dir);
    await Deno.writeTextFile(log, "");
    await using server = await serveInProcess(p.state, {
      heartbeatMs: 60_000,
      streams: { clientQueueBytesMax: 16 * 1024, stallMsMax: 1500 },
    });
    const base = `http://127.0.0.1:${server.port}`;
    const health = async () =>
      (await (await fetch(`${base}/api/health`, {
        headers: { authorization: `Bearer ${server.token}` },
      })).json()).streams;
    await using browser = await launchBrowser();
    const { page } = browser;
    // A page of the server's own origin (a 404), so that the stream is same-origin.
    await page.goto(`${base}/a-page`);
    await page.evaluate((token) => {
      window.ids = [];
      window.opens = 0;
      const es = new EventSource(`/api/stream?token=${token}`);
      es.onopen = () => window.opens++;
      for (const type of ["run_started", "agent_text"]) {
        es.addEventListener(type, (e) => window.ids.push(e.lastEventId));
      }
    }, server.token);
    await page.waitForFunction(() => window.opens === 1);
    // The page's thread is held for 10 s: the browser stops reading once its buffers are full.
    const busy = page.evaluate(() => {
      const end = Date.now() + 10_000;
      while (Date.now() < end) { /* busy */ }
    });
    const count = 3000;
    const run = crypto.randomUUID();
    const text = "x".repeat(8000);
    const file = await Deno.open(log, { append: true });
    const enc = new TextEncoder();
    for (let seq = 1; seq <= count; seq++) {
      const event = seq === 1
        ? { type: "run_started", run, task: task.id }
        : { type: "agent_text", run, role: "coder", text: `${seq} ${text}` };
      await file.write(
        enc.encode(JSON.stringify({ schema: 2, seq, at: new Date().toISOString(), event }) + "\n"),
      );
    }
    file.close();
    // Dropped by the server while the page is busy.
    let stalls = 0;
    for (let i = 0; i < 50 && stalls === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      stalls = (await health()).stalls;
    }
    assertEquals(stalls, 1, "the server dropped the stream that took nothing");
    await busy;
    await page.waitForFunction((n) => window.ids.length >= n && window.opens >= 2, count, {
      timeout: 60_000,
    });
    await new Promise((r) => setTimeout(r, 500));
    const ids = await page.evaluate(() => window.ids);
    assertEquals(ids.length, count, "every event once");
    const seqs = ids.map((id) => Number(id.split("-")[2]));
    assertEquals(seqs, Array.from({ length: count }, (_, i) => i + 1), "in order, none twice");
    assert((await page.evaluate(() => window.opens)) >= 2, "it reconnected");
    assertEquals(browser.errors, []);
  },
);
