/**
 * The web UI on a Claude Code session recorded with `taskline record --from
 * claude-code` (fixtures/agents/claude-code-session.jsonl, through the real
 * program): the Trace tells the main agent's calls from its subagent's and
 * opens a call's complete output; History shows the cost Claude Code
 * reported, marked as reported by the agent. Screenshots go to
 * docs/screenshots/ (agents-trace, agents-history) with `deno task test --
 * --update`.
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { REPO, runCli, tempProject } from "./helpers.ts";
import { apiGet, launchBrowser, screenshot, show, startServer } from "./web_browser.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
};

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test(
  "web UI: a recorded Claude Code session in Trace (roles of the main agent and its subagent) and History (the reported cost)",
  sanitize,
  async () => {
    await using project = await tempProject({ init: false });
    const cli = async (args: string[], stdin?: string) => {
      const r = await runCli(args, { cwd: project.dir, stdin });
      assertEquals(r.code, 0, `taskline ${args.join(" ")}: ${r.stderr}`);
      return r;
    };
    await cli(["init"]);
    await cli(["task", "new", "Fix the date parser"]);
    const transcript = await Deno.readTextFile(`${REPO}/fixtures/agents/claude-code-session.jsonl`);
    // The transcript's one line that is not JSON is named on stderr: not an error.
    const rec = await runCli(["record", "1", "--from", "claude-code"], {
      cwd: project.dir,
      stdin: transcript,
    });
    assertEquals(rec.code, 0, rec.stderr);

    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('tr[data-task="1"]');

    const trace = await apiGet(server, "/api/tasks/1/trace") as {
      calls: { call: string; role: string; tool: string; is_error: boolean; output_file: string }[];
    };
    assertEquals(
      trace.calls.map((c) => `${c.role} ${c.tool}`),
      [
        "claude_code Read",
        "claude_code Bash",
        "claude_code Grep",
        "claude_code Task",
        "Explore Grep",
        "claude_code Edit",
        "claude_code Bash",
      ],
    );
    await show(page, "#/task/1/trace");
    const sub = trace.calls.find((c) => c.role === "Explore")!;
    await page.waitForSelector(`tr[data-call="${sub.call}"]`);
    assertEquals(
      (await page.textContent(`tr[data-call="${sub.call}"] td:nth-child(2)`))?.trim(),
      "Explore",
    );
    const failed = trace.calls.find((c) => c.is_error)!;
    const row = `tr[data-call="${failed.call}"]`;
    await page.waitForSelector(`${row}.is-error`);
    await page.click(`${row} button`);
    const expected = await Deno.readTextFile(`${project.dir}/${failed.output_file}`);
    assertStringIncludes(expected, "FAILED | 0 passed | 1 failed");
    await page.waitForFunction(
      ([id, text]) => document.getElementById(`out-${id}`)?.textContent === text,
      [failed.call, expected],
    );
    // Tall enough for the subagent's call and the main agent's after it.
    await page.setViewportSize({ width: 1280, height: 1180 });
    await screenshot(page, "agents-trace");
    await page.setViewportSize({ width: 1280, height: 800 });

    const history = await apiGet(server, "/api/history/1") as {
      cost: { amount: number; reported?: boolean } | null;
    };
    assertEquals([history.cost?.amount, history.cost?.reported], [0.18472, true]);
    await show(page, "#/history");
    await page.waitForSelector('tr[data-task="1"] td.cost');
    const cell = (await page.textContent('tr[data-task="1"] td.cost'))?.trim();
    assertEquals(cell, "$0.18 reported");
    await screenshot(page, "agents-history");
    await page.click('tr[data-task="1"] a');
    await page.waitForSelector("dl.facts .cost");
    assertStringIncludes(
      await page.textContent("dl.facts .cost") ?? "",
      "$0.18 (reported by the agent)",
    );
    assert(browser.errors.length === 0, browser.errors.join("\n"));
  },
);
