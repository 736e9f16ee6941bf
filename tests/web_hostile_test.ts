/**
 * Hostile log text in the browser (fixtures/hostile/, whose every string
 * tries to forge, split or run something): on every screen of the web UI no
 * script runs (no alert, no global set by an `onerror`, no content security
 * policy violation), no element of the text appears, and the text is shown
 * as text, as it was written.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { copyTree, REPO, tempProject } from "./helpers.ts";
import { launchBrowser, show, startServer } from "./web_browser.ts";
import type { Page } from "playwright-core";

/** The page's document and window, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number; forEach(fn: (e: Any) => void): void };
  scripts: { length: number };
  addEventListener(type: string, fn: (e: Any) => void): void;
};
declare const window: Any;
// deno-lint-ignore no-explicit-any
type Any = any;

const sanitize = { sanitizeOps: false, sanitizeResources: false };

const strings = JSON.parse(
  await Deno.readTextFile(`${REPO}/fixtures/hostile/strings.json`),
) as Record<string, string>;

/** What would show that the hostile text ran or became markup. */
async function harm(page: Page): Promise<Record<string, unknown>> {
  return await page.evaluate(() => ({
    pwned: window.__pwned ?? null,
    alerted: window.__alerted ?? [],
    violations: window.__violations ?? [],
    // The page makes none of these; text that became markup would.
    elements: document.querySelectorAll("img, iframe, object, embed, b, main script, form[action]")
      .length,
    scripts: document.scripts.length,
  }));
}

const HARMLESS = { pwned: null, alerted: [], violations: [], elements: 0, scripts: 1 };

Deno.test(
  "web UI: hostile log text runs nothing, makes no element and is shown as text",
  sanitize,
  async () => {
    await using project = await tempProject({ init: false });
    await copyTree(`${REPO}/fixtures/hostile`, project.dir);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.addInitScript(() => {
      window.__alerted = [];
      window.__violations = [];
      for (const name of ["alert", "confirm", "prompt"]) {
        window[name] = (...args: unknown[]) => window.__alerted.push([name, ...args]);
      }
      document.addEventListener(
        "securitypolicyviolation",
        (e: Any) =>
          window.__violations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    const title = JSON.parse(
      await Deno.readTextFile(`${project.dir}/.taskline/tasks/001-hostile-text/task.json`),
    ).title as string;

    // Tasks: the title, as written, in the task's link.
    await page.waitForSelector('tr[data-task="1"] td:nth-child(2) > a');
    assertEquals(await page.textContent('tr[data-task="1"] td:nth-child(2) > a'), title);
    assertEquals(await harm(page), HARMLESS);

    // Activity: every event, the forged types as text; the selected event shown whole.
    await show(page, "#/activity");
    await page.waitForSelector(".vrow");
    const types = await page.$$eval("#filter-type option", (els) => els.map((e) => e.textContent));
    assert(types.includes(strings.frame), `the forged type is an option: ${JSON.stringify(types)}`);
    assert(
      types.includes('<img src=x onerror="window.__pwned=3">'),
      "the markup type is an option",
    );
    await page.focus(".vlist");
    for (let i = 0; i < 25; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await page.waitForSelector(".event-detail:not([hidden])");
    assertEquals(await harm(page), HARMLESS);

    // Timeline: agent text exactly as written (line breaks, lone CR, NUL, bidi, emoji).
    await show(page, "#/task/1");
    await page.waitForSelector(".timeline .text-item");
    await page.$$eval("details", (els) => els.forEach((d) => (d as Any).open = true));
    const texts = await page.$$eval(
      ".timeline .text-item .text",
      (els) => els.map((e) => e.textContent),
    );
    assert(texts.includes(strings.frame), "the frame text is shown as written");
    assert(texts.includes(`${strings.cr} ${strings.crlf}`), "lone CRs are shown as written");
    const timeline = await page.textContent(".timeline") ?? "";
    for (const k of ["bidi", "emoji", "html"]) assertStringIncludes(timeline, strings[k], k);
    assertEquals(await harm(page), HARMLESS);

    // Trace: the forged tool name in its cell, the kept output as text.
    await show(page, "#/task/1/trace");
    await page.waitForSelector('tr[data-call="c0ffee000002"]');
    assertEquals(
      await page.textContent('tr[data-call="c0ffee000002"] td:nth-child(3)'),
      strings.frame,
    );
    await page.click('tr[data-call="c0ffee000001"] button');
    const kept = await Deno.readTextFile(
      `${project.dir}/.taskline/tool-output/001-hostile-text/7e57a11e-0bad-4c0d-9e11-5a1e5a1e5a1e/c0ffee000001.txt`,
    );
    await page.waitForFunction(
      (text) => document.querySelector("#out-c0ffee000001")?.textContent === text,
      kept,
    );
    assertEquals(await harm(page), HARMLESS);

    // History: the committed file names as text.
    await show(page, "#/history/1");
    await page.waitForSelector("dl.facts");
    const files = await page.$$eval("ul.files code", (els) => els.map((e) => e.textContent));
    assert(files.includes(strings.html), `the file name is shown as written: ${files}`);
    assertEquals(await harm(page), HARMLESS);
    await show(page, "#/history");
    // (The task waits for review: it is not finished work, so the list is empty.)
    await page.waitForFunction(() =>
      document.querySelector("main .placeholder")?.textContent === "No finished work yet."
    );
    assertEquals(await harm(page), HARMLESS);
    assertEquals(browser.errors, []);
  },
);
