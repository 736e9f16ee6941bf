/**
 * The Activity feed with 100,000 events: only the rows in view exist in the
 * DOM, scrolling shows the right events, the keyboard moves through it, the
 * filters apply to all of it, and new events keep it at its end.
 *
 * The events are put into the page's store directly (the server answers at
 * most 10,000 recent events; the rest of a long session arrives by the
 * stream), against the page served by the real `taskline serve`.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { apiGet, demoProject, launchBrowser, show, startServer } from "./web_browser.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null; scrollTop: number } | null;
};
// deno-lint-ignore no-explicit-any
type Any = any;

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const N = 100_000;

Deno.test("web UI: a feed of 100,000 events renders only the rows in view", sanitize, async () => {
  await using project = await demoProject(["One", "Two", "Three"], 0);
  await using server = await startServer(project.dir);
  await using browser = await launchBrowser();
  const { page } = browser;
  await page.goto(`${server.url}#token=${server.token}`);
  await page.waitForSelector('#conn[data-state="live"]');
  await show(page, "#/activity");
  await page.waitForSelector(".vlist");

  // The events belong to the project's three tasks (ids as the server knows them).
  const tasks = await apiGet(server, "/api/tasks") as { number: number; task: { id: string } }[];
  const ids = Object.fromEntries(tasks.map((r) => [r.number, r.task.id]));
  await page.evaluate(([n, ids]) => {
    const run = "7d1c2b9a-0000-4000-8000-000000000000";
    const base = Date.parse("2026-11-21T10:00:00Z");
    const envs = [];
    for (let i = 0; i < n; i++) {
      const event = i % 2 === 0 ? { type: "log", run, level: "info", message: `line ${i}` } : {
        type: "tool_called",
        run,
        role: "coder",
        tool: "bash",
        input: { command: `echo ${i}` },
        call: i.toString(16).padStart(12, "0"),
        subtask: null,
      };
      envs.push({
        task: ids[1 + i % 3],
        number: 1 + i % 3,
        schema: 2,
        seq: i + 1,
        at: new Date(base + i).toISOString(),
        event,
      });
    }
    (globalThis as Any).taskline.store.addAll(envs);
  }, [N, ids] as const);
  await page.waitForFunction(
    () => document.querySelector(".toolbar output")?.textContent === "100,000 events",
  );

  // Following: the end of the feed is in view.
  await page.waitForFunction(() =>
    document.querySelector(".vlist")?.textContent?.includes(`line ${100_000 - 2}`)
  );
  const rows = await page.$$eval(".vrow", (els) => els.length);
  assert(rows > 5 && rows < 120, `${rows} row elements for ${N} events`);

  // Scrolling to the middle shows the events there.
  await page.$eval(".vlist", (el: Any) => el.scrollTop = 50_000 * 28);
  await page.waitForFunction(() =>
    document.querySelector(".vlist")?.textContent?.includes("line 50000")
  );
  assert(await page.$$eval(".vrow", (els) => els.length) < 120);

  // The keyboard: Home, End, arrows; Enter opens the task's Timeline.
  await page.focus(".vlist");
  await page.keyboard.press("Home");
  await page.waitForFunction(() => document.querySelector(".vlist")!.scrollTop === 0);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  // The selection is drawn (and announced) at the next frame.
  await page.waitForFunction(() =>
    /-1$/.test((document.querySelector(".vlist") as Any).getAttribute("aria-activedescendant"))
  );
  const active = await page.$eval(".vlist", (el: Any) => el.getAttribute("aria-activedescendant"));
  assertMatch(active ?? "", /-1$/);
  assertEquals(
    await page.$eval(`[id="${active}"] .c-text`, (el: Any) => el.textContent),
    // The line `taskline events` prints for it (views/event_line.ts).
    "coder calls bash echo 1 {000000000001}",
  );
  // The selected event is shown whole below the feed.
  assertStringIncludes(await page.textContent(".event-detail") ?? "", '"command": "echo 1"');
  await page.keyboard.press("End");
  await page.waitForFunction(() =>
    document.querySelector('.vrow[aria-selected="true"]')?.textContent?.includes("echo 99999")
  );

  // A filter applies to every event.
  await page.selectOption("#filter-type", "log");
  await page.waitForFunction(
    () => document.querySelector(".toolbar output")?.textContent === "50,000 of 100,000 events",
  );
  await page.selectOption("#filter-task", "2");
  await page.waitForFunction(() =>
    /^16,66[67] of 100,000 events$/.test(
      document.querySelector(".toolbar output")?.textContent ?? "",
    )
  );
  assert(await page.$$eval(".vrow .c-task", (els) => els.every((e) => e.textContent === "#2")));

  // A new event keeps a following feed at its end.
  await page.selectOption("#filter-task", "");
  await page.selectOption("#filter-type", "");
  await page.evaluate((id) =>
    (globalThis as Any).taskline.store.add({
      task: id,
      number: 2,
      schema: 2,
      seq: 100_001,
      at: "2026-11-21T11:00:00Z",
      event: { type: "log", level: "warn", message: "the newest event" },
    }), ids[2]);
  await page.waitForFunction(() =>
    document.querySelector(".vlist")?.textContent?.includes("the newest event")
  );

  await page.focus(".vlist");
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => location.hash === "#/task/2");
  assertEquals(browser.errors, []);
});
