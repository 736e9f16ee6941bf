/**
 * The web UI's Trace and `taskline trace --json` agree, in Chromium, on
 * every file of the peer fixtures (fixtures/peer/, a verbatim copy of
 * ../shared/peer-fixtures/), on the log of each released format and on the
 * hostile fixture: the same calls in the same order, paired the same way (by
 * call id, by order, or unmatched, a return without its call included), with
 * the same results. Once with the trace loaded whole, once with the calls
 * arriving live through the stream, paired in the page.
 */
import { assert, assertEquals } from "./assert.ts";
import { copyTree, REPO, tempProject } from "./helpers.ts";
import { launchBrowser, show, startServer } from "./web_browser.ts";
import {
  type CallRow,
  cliTrace,
  type FixtureLog,
  pageTrace,
  peerLogs,
  releaseLogs,
  waitTrace,
  writeTasks,
} from "./web_parity.ts";

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
};

const sanitize = { sanitizeOps: false, sanitizeResources: false };

async function allLogs(): Promise<FixtureLog[]> {
  const hostile = await Deno.readTextFile(
    `${REPO}/fixtures/hostile/.taskline/tasks/001-hostile-text/events.jsonl`,
  );
  const { logs } = await peerLogs();
  return [
    ...logs,
    ...await releaseLogs(),
    { name: "hostile/001-hostile-text", lines: hostile.replace(/\n$/, "").split("\n") },
    UNMATCHED,
  ];
}

/**
 * Made here: what no fixture holds, a return whose call is not in the log (by id and by
 * order) and a call that never returned, around a pair of each kind.
 */
const UNMATCHED: FixtureLog = (() => {
  const run = "0b5e55ed-0000-4000-8000-00000000beef";
  const at = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, "0")}.000Z`;
  const tool = (type: string, call: string, t: string, extra: Record<string, unknown> = {}) => ({
    type,
    run,
    role: "coder",
    tool: t,
    call,
    subtask: null,
    ...extra,
  });
  const ret = {
    is_error: false,
    duration_ms: 5,
    preview: "done",
    exit_code: 0,
    timed_out: false,
    output_chars: 4,
    output_file: null,
  };
  const events = [
    { type: "run_started", run, task: "0b5e55ed-0000-4000-8000-000000000001" },
    tool("tool_returned", "a00000000001", "bash", ret),
    tool("tool_called", "a00000000002", "bash", { input: { command: "ls" } }),
    tool("tool_returned", "000000000000", "grep", ret),
    tool("tool_called", "000000000000", "read_file", { input: { path: "a" } }),
    tool("tool_returned", "a00000000002", "bash", { ...ret, exit_code: 2, is_error: true }),
    tool("tool_returned", "000000000000", "read_file", ret),
    tool("tool_called", "a00000000003", "edit_file", { input: { path: "b" } }),
  ];
  return {
    name: "made: returns without their calls",
    lines: events.map((event, i) => JSON.stringify({ schema: 2, seq: i + 1, at: at(i), event })),
  };
})();

/** Whether the live stream carries a log line (schema 2 with seq; a broken line is nobody's). */
function streamable(line: string): boolean {
  try {
    const env = JSON.parse(line);
    return typeof env.schema === "number" && env.schema >= 2 && typeof env.seq === "number";
  } catch {
    return true;
  }
}

Deno.test(
  "web UI: the Trace shows what taskline trace --json shows, on every fixture",
  sanitize,
  async () => {
    const { none } = await peerLogs();
    // The peer files without events are the task rows, history documents and type names.
    assertEquals(none.sort(), [
      "peer/README.md",
      "peer/event-types.json",
      "peer/history-detail.json",
      "peer/history.json",
      "peer/real-history-detail.json",
      "peer/real-history.json",
      "peer/tasks.json",
    ]);
    const logs = await allLogs();
    await using project = await tempProject();
    await writeTasks(project, logs);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    let calls = 0, unmatched = 0, byOrder = 0;
    for (let n = 1; n <= logs.length; n++) {
      const want = await cliTrace(project.dir, n);
      await show(page, `#/task/${n}/trace`);
      await waitTrace(page, n, want.length);
      assertEquals(await pageTrace(page), want, logs[n - 1].name);
      calls += want.length;
      unmatched += want.filter((r) => r[4] === "unmatched").length;
      byOrder += want.filter((r) => r[4] === "order").length;
    }
    // The fixtures hold every kind of pairing, or this test would prove less than it says.
    assert(calls > 25 && unmatched >= 4 && byOrder >= 5, `${calls} ${unmatched} ${byOrder}`);
    assertEquals(browser.errors, []);
  },
);

Deno.test(
  "web UI: calls arriving live pair in the page as taskline trace pairs them",
  sanitize,
  async () => {
    // Lines before 0.3 (no seq) are not streamed (docs/server.md): their logs are left out.
    const logs = (await allLogs()).filter((log) => log.lines.every(streamable));
    assert(logs.length >= 10, `${logs.length} logs`);
    await using project = await tempProject();
    // Each log starts cut after its current run's run_started; the rest arrives live.
    const cuts = logs.map((log) => {
      let last = -1;
      log.lines.forEach((l, i) => {
        if (l.includes('"run_started"')) last = i;
      });
      return last + 1;
    });
    const paths = await writeTasks(
      project,
      logs.map((log, i) => ({ name: log.name, lines: log.lines.slice(0, cuts[i]) })),
    );
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    let live = 0;
    for (let n = 1; n <= logs.length; n++) {
      const rest = logs[n - 1].lines.slice(cuts[n - 1]);
      await show(page, `#/task/${n}/trace`);
      await waitTrace(page, n, (await cliTrace(project.dir, n)).length);
      // In two parts, so that a call and its result can arrive in different reads.
      const half = Math.ceil(rest.length / 2);
      for (const part of [rest.slice(0, half), rest.slice(half)]) {
        if (part.length === 0) continue;
        await Deno.writeTextFile(paths[n - 1], part.map((l) => l + "\n").join(""), {
          append: true,
        });
        await new Promise((r) => setTimeout(r, 150));
      }
      const want: CallRow[] = await cliTrace(project.dir, n);
      await waitTrace(page, n, want.length);
      // Results may still be on their way: wait for the rows to settle on the terminal's.
      await page.waitForFunction(
        (w) => {
          const rows = [
            ...document.querySelectorAll("table.trace tbody tr[data-call]") as unknown as {
              getAttribute(n: string): string | null;
            }[],
          ];
          return rows.map((r) =>
            `${r.getAttribute("data-paired")} ${r.getAttribute("data-result")}`
          )
            .join("|") === w;
        },
        want.map((r) => `${r[4]} ${r[5]}`).join("|"),
        { timeout: 15_000 },
      ).catch(() => {});
      assertEquals(await pageTrace(page), want, `${logs[n - 1].name}, live`);
      live += want.filter((r) => r[7]).length;
    }
    assert(live > 20, `${live} results arrived live`);
    assertEquals(browser.errors, []);
  },
);

Deno.test(
  "web UI: the hostile fixture's Trace is the terminal's, served from its own project",
  sanitize,
  async () => {
    await using project = await tempProject({ init: false });
    await copyTree(`${REPO}/fixtures/hostile`, project.dir);
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]');
    const want = await cliTrace(project.dir, 1);
    assert(want.length > 0, "the hostile fixture has tool calls");
    await show(page, "#/task/1/trace");
    await waitTrace(page, 1, want.length);
    assertEquals(await pageTrace(page), want);
    assertEquals(browser.errors, []);
  },
);
