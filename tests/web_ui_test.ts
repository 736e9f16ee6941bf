/**
 * The web UI in a real browser against the real `taskline serve`: it loads a
 * demo project, shows live events while a run writes them, opens a call's
 * complete output, shows the cost, and refuses a wrong or missing token.
 * Screenshots of each screen go to docs/screenshots/ with `deno task test -- --update`.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli } from "./helpers.ts";
import { formatCost } from "../src/views/units.ts";
import {
  apiGet,
  demoProject,
  launchBrowser,
  screenshot,
  show,
  startServer,
} from "./web_browser.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  getElementById(id: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): Iterable<{ textContent: string | null }>;
};
declare const MutationObserver: new (fn: () => void) => {
  observe(node: unknown, options: Record<string, boolean>): void;
};
interface Seen {
  seen: { streaming: string };
}

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "web UI: loads the project, follows a live run, opens a trace output, shows the cost",
  sanitize,
  async () => {
    await using project = await demoProject(
      ["Add the login page", "Fix the flaky session test"],
      1,
    );
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;

    // The token is read from the fragment and removed from the address bar.
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('tr[data-task="1"] .badge.ok');
    assert(!page.url().includes("token"), `the token is still in the address: ${page.url()}`);
    assertEquals(await page.evaluate(() => sessionStorage.getItem("taskline.token")), server.token);
    assertStringIncludes(await page.textContent('tr[data-task="1"]') ?? "", "Add the login page");
    assertStringIncludes(
      await page.textContent('tr[data-task="2"]') ?? "",
      "Fix the flaky session test",
    );
    await page.waitForSelector('#conn[data-state="live"]');

    // The Timeline of a task that has not run yet fills in live as a run writes.
    await show(page, "#/task/2");
    await page.waitForSelector(".placeholder:not([hidden])");
    // Agent text arrives live from agent_delta (through the server's live channel); a
    // streaming block lives only until the step's agent_text, so the page records it.
    await page.evaluate(() => {
      const seen = { streaming: "" };
      Object.assign(globalThis, { seen });
      new MutationObserver(() => {
        const el = document.querySelector(".item.live .text.streaming");
        if (el?.textContent) seen.streaming = el.textContent;
      }).observe(document.querySelector("main")!, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const run = spawnCli(["run", "2", "--speed", "1"], { cwd: project.dir });
    try {
      await page.waitForFunction(
        () => (globalThis as unknown as Seen).seen.streaming !== "",
        null,
        {
          timeout: 15_000,
        },
      );
      await page.waitForSelector('li.phase[data-phase="build"]', { timeout: 15_000 });
      await show(page, "#/tasks");
      await page.waitForSelector('tr[data-task="2"] .badge.live', { timeout: 10_000 });
      await screenshot(page, "tasks");
      await show(page, "#/task/2");
      const status = await run.done;
      assertEquals(status.code, 0, run.stderr);
    } finally {
      await run[Symbol.asyncDispose]();
    }
    await page.waitForFunction(() =>
      /run [0-9a-f]{8} finished/.test(document.querySelector(".timeline")?.textContent ?? "")
    );
    assert(await page.$$eval("li.phase", (els) => els.length) >= 4, "phases of the run are shown");
    assert(await page.$$eval("li.item.call", (els) => els.length) >= 5, "tool calls are shown");
    assertMatch(await page.textContent(".timeline") ?? "", /bash[\s\S]*error/);
    // The picture shows the build: the failed call, opened, among the others.
    await page.$eval("li.call.sev-error", (el) => el.scrollIntoView({ block: "center" }));
    await screenshot(page, "timeline");

    // Activity: every event the server has, once, and the filters.
    const all = await apiGet(server, "/api/events?limit=10000") as unknown[];
    await show(page, "#/activity");
    await page.waitForFunction(
      (n) =>
        document.querySelector(".toolbar output")?.textContent ===
          `${n.toLocaleString("en-US")} events`,
      all.length,
    );
    await page.selectOption("#filter-type", "tool_returned");
    await page.waitForFunction(() => {
      const types = [...document.querySelectorAll(".vrow .c-type")].map((e) => e.textContent);
      return types.length > 0 && types.every((t) => t?.includes("tool_returned"));
    });
    await page.selectOption("#filter-type", "");
    await page.selectOption("#filter-task", "2");
    await page.waitForFunction(() => {
      const tasks = [...document.querySelectorAll(".vrow .c-task")].map((e) => e.textContent);
      return tasks.length > 0 && tasks.every((t) => t === "#2");
    });
    await page.selectOption("#filter-task", "");
    await screenshot(page, "activity");

    // Trace: the failed call is easy to spot, and its complete output opens.
    const trace = await apiGet(server, "/api/tasks/1/trace") as {
      calls: { call: string; is_error: boolean; output_file: string | null }[];
    };
    const failed = trace.calls.find((c) => c.is_error && c.output_file);
    assert(failed, "the built-in scenario has a failed call");
    const expected = await Deno.readTextFile(`${project.dir}/${failed.output_file}`);
    await show(page, "#/task/1/trace");
    const row = `tr[data-call="${failed.call}"]`;
    await page.waitForSelector(`${row}.is-error`);
    await page.click(`${row} button`);
    await page.waitForFunction(
      ([id, text]) => document.getElementById(`out-${id}`)?.textContent === text,
      [failed.call, expected],
    );
    assertEquals(await page.getAttribute(`${row} button`, "aria-expanded"), "true");
    await screenshot(page, "trace");

    // History: tokens, time and the cost from the price table.
    const history = await apiGet(server, "/api/history/1") as {
      cost: { amount: number; currency: string } | null;
    };
    assert(history.cost, "task #1 is priced");
    // The money as `taskline history` prints it (one formatter for every surface).
    const money = formatCost(history.cost.amount, history.cost.currency);
    await show(page, "#/history");
    await page.waitForSelector('tr[data-task="1"] td.cost');
    assertEquals((await page.textContent('tr[data-task="1"] td.cost'))?.trim(), money);
    await screenshot(page, "history");
    await page.click('tr[data-task="1"] a');
    await page.waitForSelector("dl.facts .cost");
    assertStringIncludes(await page.textContent("dl.facts .cost") ?? "", money);
    assert(await page.$$eval("section.run table tbody tr", (els) => els.length) >= 4, "phases");
    await screenshot(page, "history-detail");

    // One load of recent events, one stream, no polling.
    const paths = browser.requests.map((u) => new URL(u).pathname);
    assertEquals(paths.filter((p) => p === "/api/events").length, 1, paths.join("\n"));
    assertEquals(paths.filter((p) => p === "/api/stream").length, 1, paths.join("\n"));
    assertEquals(browser.errors, []);
  },
);

Deno.test("web UI: a wrong or missing token gives a clear message", sanitize, async () => {
  await using project = await demoProject(["Add the login page"], 0);
  await using server = await startServer(project.dir);
  await using browser = await launchBrowser();
  const { page } = browser;

  await page.goto(`${server.url}#token=${"0".repeat(64)}`);
  await page.waitForSelector(".blocked");
  assertStringIncludes(await page.textContent(".blocked h1") ?? "", "refused the token (401)");
  assert(!page.url().includes("token"), "the wrong token is removed from the address too");
  assertEquals(await page.evaluate(() => sessionStorage.getItem("taskline.token")), null);
  assertEquals(await page.getAttribute("#conn", "data-state"), "offline");
  await screenshot(page, "token-refused");

  // No token at all: the page says where to find it and asks the server nothing.
  const page2 = await browser.context.newPage();
  const asked: string[] = [];
  page2.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await page2.goto(server.url);
  await page2.waitForSelector(".blocked");
  assertStringIncludes(await page2.textContent(".blocked") ?? "", "#token=");
  assertEquals(asked.filter((p) => p.startsWith("/api/")), []);

  // Pasting the right token carries on.
  await page2.fill("#new-token", server.token);
  await page2.click(".token-form button");
  await page2.waitForSelector('tr[data-task="1"]');
  await page2.waitForSelector('#conn[data-state="live"]');
});

Deno.test(
  "web UI: a run waiting for approval shows on Tasks until it is answered",
  sanitize,
  async () => {
    await using project = await demoProject(["Add the login page"], 0);
    await Deno.writeTextFile(
      `${project.dir}/.taskline/config.jsonc`,
      JSON.stringify({ pipeline: { approvals: ["plan"] } }),
    );
    const paused = await runCli(["run", "1", "--speed", "50"], { cwd: project.dir });
    assertEquals(paused.code, 2, paused.stderr);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('tr[data-task="1"] .badge.warn');
    assertStringIncludes(await page.textContent('tr[data-task="1"]') ?? "", "waiting: plan");
    await page.waitForSelector('#conn[data-state="live"]');

    // The answer is an event: the badge goes without reloading anything.
    const approved = await runCli(["approve", "1", "--comment", "looks right"], {
      cwd: project.dir,
    });
    assertEquals(approved.code, 0, approved.stderr);
    await page.waitForFunction(
      () => !document.querySelector('tr[data-task="1"]')?.textContent?.includes("waiting: plan"),
    );
    assertStringIncludes(await page.textContent('tr[data-task="1"]') ?? "", "plan approved");
    const paths = browser.requests.map((u) => new URL(u).pathname);
    assertEquals(paths.filter((p) => p === "/api/tasks").length, 1, paths.join("\n"));
  },
);
