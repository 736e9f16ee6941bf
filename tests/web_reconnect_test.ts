/**
 * The web UI across a restart of `taskline serve` on the same port: the page
 * notices the drop, the restarted server (which makes a new token) refuses
 * the old one, and with the new address the page carries on after the last
 * event it saw: the events written while the server was down appear, none
 * twice, without loading the recent events again.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { runCli } from "./helpers.ts";
import { apiGet, demoProject, launchBrowser, show, startServer } from "./web_browser.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
};

const sanitize = { sanitizeOps: false, sanitizeResources: false };

async function eventCount(page: import("playwright-core").Page, n: number): Promise<void> {
  await page.waitForFunction(
    (n) =>
      document.querySelector(".toolbar output")?.textContent ===
        `${n.toLocaleString("en-US")} events`,
    n,
    { timeout: 15_000 },
  );
}

Deno.test("web UI: carries on after the server restarts on the same port", sanitize, async () => {
  await using project = await demoProject(["Add the login page", "Fix the session test"], 1);
  const first = await startServer(project.dir);
  const port = first.port;
  await using browser = await launchBrowser();
  const { page } = browser;
  let before = 0;
  try {
    await page.goto(`${first.url}#token=${first.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    await show(page, "#/activity");
    before = (await apiGet(first, "/api/events?limit=10000") as unknown[]).length;
    await eventCount(page, before);
  } finally {
    await first.stop();
  }

  // The server is down: the page says so, and a run writes meanwhile.
  await page.waitForSelector('#conn:not([data-state="live"])');
  const run = await runCli(["run", "2", "--speed", "50"], { cwd: project.dir });
  assertEquals(run.code, 0, run.stderr);

  await using second = await startServer(project.dir, port);
  assert(second.token !== first.token, "a restarted server makes a new token");
  // The old token is refused: the page says what to do.
  await page.waitForSelector(".blocked", { timeout: 20_000 });
  assertStringIncludes(await page.textContent(".blocked h1") ?? "", "(401)");

  // The new address printed by the server, in the same tab: the page carries on.
  await page.goto(`${second.url}#token=${second.token}`);
  await page.waitForSelector('#conn[data-state="live"]', { timeout: 15_000 });
  assert(!page.url().includes("token"), page.url());
  await show(page, "#/activity");
  const all = await apiGet(second, "/api/events?limit=10000") as { number: number }[];
  assert(all.length > before, "the run wrote events while the server was down");
  await eventCount(page, all.length);
  const finished = await page.evaluate(() =>
    // deno-lint-ignore no-explicit-any
    (globalThis as any).taskline.store.events.filter((e: any) =>
      e.number === 2 && e.event.type === "run_finished"
    ).length
  );
  assertEquals(finished, 1);

  // Recent events were loaded once; the rest came from the stream.
  const paths = browser.requests.map((u) => new URL(u).pathname);
  assertEquals(paths.filter((p) => p === "/api/events").length, 1, paths.join("\n"));
  assertEquals(browser.errors, []);
});
