/**
 * The web UI's actions against the real `taskline serve` and real runs (the
 * write routes; the same events as the commands): New task, Run, Cancel with
 * its confirmation, Resume, Reject (a reason is required), Approve with a
 * comment, and a refusal of the server shown where the person acted. Then
 * the pictures: tokens and cost per day in History, the waterfall of a run's
 * calls in the Trace, whose bars open their call.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { runCli, spawnCli } from "./helpers.ts";
import {
  demoProject,
  launchBrowser,
  PRICING,
  screenshot,
  show,
  startServer,
} from "./web_browser.ts";
import type { Page } from "playwright-core";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  activeElement: { getAttribute(n: string): string | null; id: string } | null;
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
};

const sanitize = { sanitizeOps: false, sanitizeResources: false };

type Env = { event: Record<string, unknown> };

/** The events of a task's log, as `taskline events N --all --json` prints them. */
async function events(dir: string, n: number): Promise<Env[]> {
  const r = await runCli(["events", String(n), "--all", "--json"], { cwd: dir });
  assertEquals(r.code, 0, r.stderr);
  return r.stdout.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
}

const button = (n: number, action: string) =>
  `[data-actions="${n}"] button[data-action="${action}"]`;

async function waitButton(page: Page, n: number, action: string): Promise<void> {
  await page.waitForSelector(button(n, action), { timeout: 60_000 }).catch(async (e) => {
    const seen = await page.textContent(`[data-actions="${n}"]`).catch(() => null);
    const row = await page.textContent(`tr[data-task="${n}"]`).catch(() => null);
    throw new Error(`no ${action} button for #${n}: ${e}\nactions: ${seen}\nrow: ${row}`);
  });
}

Deno.test(
  "web UI: new task, run, cancel, resume, reject, approve, from the page",
  sanitize,
  async () => {
    await using project = await demoProject(["Add the login page"], 0);
    // A scenario slow enough to be cancelled by a click (a run of the built-in one waits at
    // its plan gate within two seconds).
    await Deno.writeTextFile(
      `${project.dir}/.taskline/scenarios/slow.jsonc`,
      JSON.stringify({
        phases: [{
          name: "build",
          repeat: 600,
          agents: [{ role: "coder", steps: [{ text: "still working", delay_ms: 200 }] }],
        }],
      }),
    );
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    // A task that has not run offers Run, and only Run.
    await waitButton(page, 1, "run");
    assertEquals(await page.$$eval('[data-actions="1"] button', (els) => els.length), 1);

    // New task, by keyboard: the button, the title, Enter.
    await page.focus("button.action-new");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#new-task-title");
    assertEquals(await page.evaluate(() => document.activeElement?.id), "new-task-title");
    await page.keyboard.type("Fix the flaky session test");
    await page.keyboard.press("Enter");
    await page.waitForSelector('tr[data-task="2"] td:nth-child(2) > a');
    assertEquals(
      await page.textContent('tr[data-task="2"] td:nth-child(2) > a'),
      "Fix the flaky session test",
    );
    const list = await runCli(["task", "list", "--json"], { cwd: project.dir });
    assertStringIncludes(list.stdout, "Fix the flaky session test");

    // A run of #2 started in a shell (a slow scenario): Cancel asks first, and Escape or
    // "Keep it running" keeps it.
    const shell = spawnCli(["run", "2", "--scenario", "slow"], { cwd: project.dir });
    try {
      await waitButton(page, 2, "cancel");
      await page.click(button(2, "cancel"));
      await page.keyboard.press("Escape");
      assert(
        await page.$('[data-actions="2"] [data-confirm]') === null,
        "Escape closes the question",
      );
      await page.click(button(2, "cancel"));
      await page.click('[data-actions="2"] button:text("Keep it running")');
      await page.click(button(2, "cancel"));
      await screenshot(page, "actions-cancel");
      await page.click('[data-actions="2"] [data-confirm="cancel"]');
      await waitButton(page, 2, "resume");
      await shell.done;
    } finally {
      await shell[Symbol.asyncDispose]();
    }
    let evs = await events(project.dir, 2);
    assertEquals(evs.at(-1)?.event.type, "run_finished");
    assertEquals(evs.at(-1)?.event.status, "cancelled");
    // Resume carries the same run on, in the server; and Cancel stops it again.
    await page.click(button(2, "resume"));
    await waitButton(page, 2, "cancel");
    await page.click(button(2, "cancel"));
    await page.click('[data-actions="2"] [data-confirm="cancel"]');
    await waitButton(page, 2, "resume");
    evs = await events(project.dir, 2);
    const starts = evs.filter((e) => e.event.type === "run_started");
    assertEquals(starts.length, 2);
    assertEquals(starts[0].event.run, starts[1].event.run);
    assertEquals(
      evs.filter((e) => e.event.type === "run_finished").map((e) => e.event.status),
      ["cancelled", "cancelled"],
    );

    // From here runs stop at the plan gate (the server reads the settings at each run).
    await Deno.writeTextFile(
      `${project.dir}/.taskline/config.jsonc`,
      JSON.stringify({
        pricing: PRICING,
        pricing_currency: "USD",
        pipeline: { approvals: ["plan"] },
      }),
    );

    // Run #1 to its plan gate. A refusal shows where the person acted: the gate is answered
    // elsewhere while the Approve form is open, and sending it is refused (409).
    await page.click(button(1, "run"));
    await waitButton(page, 1, "approve");
    await page.click(button(1, "approve"));
    await page.fill('[data-actions="1"] form[data-form="approve"] input', "too late");
    const cli = await runCli(["reject", "1", "--reason", "rejected in a shell"], {
      cwd: project.dir,
    });
    assertEquals(cli.code, 0, cli.stderr);
    await waitButton(page, 1, "resume");
    await page.click('[data-actions="1"] form[data-form="approve"] button[type="submit"]');
    await page.waitForSelector('[data-actions="1"] .action-message.sev-error');
    assertStringIncludes(
      await page.textContent('[data-actions="1"] .action-message') ?? "",
      "Approve failed",
    );
    assertEquals(await page.getAttribute('[data-actions="1"] .action-message', "role"), "alert");
    await screenshot(page, "actions-error");

    // Resume from the task's own page; at the gate again, Reject needs a reason.
    await show(page, "#/task/1");
    await waitButton(page, 1, "resume");
    await page.click(button(1, "resume"));
    await waitButton(page, 1, "reject");
    await page.click(button(1, "reject"));
    await page.fill('[data-actions="1"] form[data-form="reject"] input', "   ");
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-actions="1"] .action-message.sev-error');
    assertStringIncludes(
      await page.textContent('[data-actions="1"] .action-message') ?? "",
      "needs a reason",
    );
    await page.fill(
      '[data-actions="1"] form[data-form="reject"] input',
      "the plan misses the logout",
    );
    await page.keyboard.press("Enter");
    await waitButton(page, 1, "resume");

    // Again, and this time Approve with a comment; Resume runs it to its end.
    await page.click(button(1, "resume"));
    await waitButton(page, 1, "approve");
    await page.click(button(1, "approve"));
    await page.fill('[data-actions="1"] form[data-form="approve"] input', "looks right");
    await screenshot(page, "actions-approve");
    await page.keyboard.press("Enter");
    await waitButton(page, 1, "resume");
    await page.click(button(1, "resume"));
    await waitButton(page, 1, "run");

    const answers = (await events(project.dir, 1)).filter((e) =>
      e.event.type === "approval_resolved"
    ).map((e) => [e.event.approved, e.event.comment]);
    assertEquals(answers, [
      [false, "rejected in a shell"],
      [false, "the plan misses the logout"],
      [true, "looks right"],
    ]);
    const last = (await events(project.dir, 1)).at(-1)!;
    assertEquals([last.event.type, last.event.success], ["run_finished", true]);

    // A run that ended paused shows as paused, not as failed.
    const paused = (await events(project.dir, 1)).filter((e) =>
      e.event.type === "run_finished" && e.event.status === "paused"
    );
    assert(paused.length >= 1, "a run of #1 ended paused at its gate");
    await show(page, "#/activity");
    await page.waitForSelector(".vrow");
    const texts = await page.$$eval(".vrow .c-text", (els) => els.map((e) => e.textContent ?? ""));
    assert(!texts.some((t) => t.includes("paused (failed)")), texts.join("\n"));

    // History: tokens and cost per day, drawn by the page.
    await show(page, "#/history");
    await page.waitForSelector("svg.history-chart rect.bar");
    const bars = await page.$$eval(
      "svg.history-chart rect.bar",
      (els) => els.map((e) => Number(e.getAttribute("data-tokens"))),
    );
    assert(bars.length >= 1 && bars.every((t) => t > 0), `bars: ${bars}`);
    assert(await page.$("svg.history-chart circle.dot[data-cost]"), "the cost is drawn");
    await screenshot(page, "history-chart");

    // Trace: a waterfall of the calls; a bar opens its call, by mouse or keyboard.
    await show(page, "#/task/1/trace");
    await page.waitForSelector("svg.waterfall g.call");
    const drawn = await page.$$eval("svg.waterfall g.call", (els) => els.length);
    const rows = await page.$$eval("table.trace tbody tr[data-call]", (els) => els.length);
    assertEquals(drawn, rows);
    assert(await page.$("svg.waterfall rect.span.failed"), "the failed call is marked");
    const failed = await page.getAttribute("svg.waterfall g.call.failed", "data-call");
    await page.click("svg.waterfall g.call.failed rect");
    await page.waitForSelector(`#out-${failed}`);
    assertEquals(await page.evaluate(() => document.activeElement?.id), `out-${failed}`);
    await page.focus("svg.waterfall g.call:not(.failed)");
    const other = await page.evaluate(() => document.activeElement?.getAttribute("data-call"));
    await page.keyboard.press("Enter");
    await page.waitForSelector(`#out-${other}`);
    await screenshot(page, "trace-waterfall");
    assertEquals(browser.errors, []);
  },
);

Deno.test(
  "web UI: a task made or discarded elsewhere appears and leaves without a reload; the list is polled with 304s",
  sanitize,
  async () => {
    await using project = await demoProject(["First"], 0);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    const lists: number[] = [];
    page.on("response", (r) => {
      if (new URL(r.url()).pathname === "/api/tasks" && r.request().method() === "GET") {
        lists.push(r.status());
      }
    });
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    await page.waitForSelector('tr[data-task="1"]');
    // Made by the command line: no event tells of it.
    assertEquals((await runCli(["task", "new", "Made elsewhere"], { cwd: project.dir })).code, 0);
    await page.waitForSelector('tr[data-task="2"]', { timeout: 15_000 });
    assertStringIncludes(await page.textContent('tr[data-task="2"]') ?? "", "Made elsewhere");
    // Made and run: its row follows its run.
    assertEquals((await runCli(["task", "new", "Third"], { cwd: project.dir })).code, 0);
    await page.waitForSelector('tr[data-task="3"]', { timeout: 15_000 });
    // Discarded by the command line: its row goes.
    assertEquals(
      (await runCli(["task", "discard", "2"], { cwd: project.dir })).code,
      0,
    );
    await page.waitForSelector('tr[data-task="2"]', { state: "detached", timeout: 15_000 });
    assert(await page.$('tr[data-task="1"]'), "the other tasks stay");
    assert(await page.$('tr[data-task="3"]'), "the other tasks stay");
    // While nothing changes, the list is answered 304 (no body): two polls (every 3 s),
    // however long a loaded machine takes to make them.
    const before = lists.length;
    const deadline = Date.now() + 30_000;
    while (lists.length < before + 2) {
      assert(Date.now() < deadline, `no two polls in 30 s: ${JSON.stringify(lists)}`);
      await page.waitForTimeout(100);
    }
    const quiet = lists.slice(before);
    assert(quiet.length >= 1, `polled: ${JSON.stringify(lists)}`);
    assert(quiet.every((s) => s === 304), `quiet polls: ${JSON.stringify(quiet)}`);
  },
);
