/**
 * Two tasks with the same number (the `clash` fixture): the web UI shows both
 * and names each by its id, which every route resolves, where the number
 * would be ambiguous (400).
 */
import { assertEquals, assertStringIncludes } from "./assert.ts";
import { copyTree, REPO, tempProject } from "./helpers.ts";
import { launchBrowser, startServer } from "./web_browser.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test("web UI: tasks sharing a number are shown apart and opened by id", sanitize, async () => {
  await using project = await tempProject({ init: false });
  await copyTree(`${REPO}/fixtures/projects/clash`, project.dir);
  await using server = await startServer(project.dir);
  await using browser = await launchBrowser();
  const { page } = browser;
  await page.goto(`${server.url}#token=${server.token}`);
  // Titles come with the task list, a moment after the events.
  await page.waitForSelector('tr[data-task="12"] a:text("Update the docs")');
  const rows = await page.$$eval(
    'tr[data-task="12"] td:nth-child(2) > a',
    (els) => els.map((e) => [e.textContent, e.getAttribute("href")]),
  );
  assertEquals(rows, [
    ["Fix the parser", "#/task/b7e3a9c0-1111-4d2e-8f00-0a0b0c0d0e01"],
    ["Update the docs", "#/task/b7e3a9c0-2222-4d2e-8f00-0a0b0c0d0e02"],
  ]);
  assertEquals(
    await page.getAttribute('tr[data-task="13"] td:nth-child(2) > a', "href"),
    "#/task/13",
  );

  await page.click('a[href="#/task/b7e3a9c0-2222-4d2e-8f00-0a0b0c0d0e02"]');
  await page.waitForSelector(".timeline li");
  assertStringIncludes(await page.textContent("main h1") ?? "", "#12 Update the docs");
  assertEquals(await page.$$eval(".placeholder.error", (els) => els.length), 0);
  await page.click('.subnav a:text("History")');
  await page.waitForSelector("dl.facts");
  assertStringIncludes(await page.textContent("main h1") ?? "", "Update the docs");
  assertEquals(browser.errors, []);
});
