/**
 * The page's live stream: events of types the page does not know, and
 * events of a schema above 2 whatever their type, arrive live and are shown
 * as unknown events (a schema-3 run_started does not restart the task's
 * timeline); the token travels in a header, never in an address.
 */
import { assert, assertEquals } from "./assert.ts";
import { apiGet, demoProject, launchBrowser, show, startServer } from "./web_browser.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelectorAll(selector: string): { textContent: string | null }[];
};

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "web UI: live events of unknown types are shown, and the token stays out of addresses",
  sanitize,
  async () => {
    await using project = await demoProject(["One"], 1);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    const urls: string[] = [];
    page.on("request", (r) => urls.push(r.url()));
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    await show(page, "#/activity");
    await page.waitForSelector(".vlist");

    const rows = await apiGet(server, "/api/tasks") as { dir: string }[];
    const log = `${project.dir}/.taskline/tasks/${rows[0].dir}/events.jsonl`;
    const last = (await Deno.readTextFile(log)).trimEnd().split("\n").map((l) => JSON.parse(l))
      .at(-1);
    const at = new Date().toISOString();
    const lines = [
      { schema: 2, seq: last.seq + 1, at, event: { type: "quota_checked", run: last.event.run } },
      { schema: 3, seq: last.seq + 2, at, event: { type: "run_started", run: last.event.run } },
    ];
    await Deno.writeTextFile(log, lines.map((l) => JSON.stringify(l) + "\n").join(""), {
      append: true,
    });
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".vrow")].some((r) =>
        r.textContent?.includes("quota_checked (unknown event)")
      )
    );
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".vrow")].filter((r) =>
        r.textContent?.includes("(an event of schema 3, which this page does not know)")
      ).length === 1
    );
    // The task's timeline shows both, and the run it had is still the one shown.
    await show(page, "#/task/1");
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".timeline li")].some((r) =>
        r.textContent?.includes("run_started (an event of schema 3")
      )
    );
    assert(
      /run [0-9a-f]{8} finished/.test(await page.textContent(".timeline") ?? ""),
      "the finished run is still on the timeline",
    );
    assertEquals(urls.filter((u) => u.includes("/api/stream")).length, 1, "one stream request");
    assert(!urls.some((u) => u.includes(server.token)), `the token was in an address: ${urls}`);
    assertEquals(browser.errors, []);
  },
);
