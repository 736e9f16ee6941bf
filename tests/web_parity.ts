/**
 * Helpers of the web UI's parity tests: every file of fixtures/peer/ (a
 * verbatim copy of ../shared/peer-fixtures/), the logs of each released
 * format and the hostile fixture, turned into task logs of one project, and
 * the Trace as the page shows it beside `taskline trace --json`.
 *
 * @module
 */
import type { Page } from "playwright-core";
import { REPO, runCli, type TempProject } from "./helpers.ts";
import { createTask } from "../src/store/tasks.ts";

/** One task log made from a fixture file. */
export interface FixtureLog {
  /** Where it comes from: `peer/real-events.json (task 1)`. */
  name: string;
  /** The log's lines, exactly as they will be written (broken lines included). */
  lines: string[];
}

type Json = Record<string, unknown>;

/** The page's document, in the functions that run in the browser. */
declare const document: {
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
};

/** A tagged envelope as a log line: the envelope without the task's id and number. */
function untag(env: Json): string {
  const { task: _task, number: _number, ...rest } = env;
  return JSON.stringify(rest);
}

/** Groups tagged envelopes by task, in the order the tasks first appear. */
function byTask(name: string, envs: Json[]): FixtureLog[] {
  const groups = new Map<string, string[]>();
  for (const env of envs) {
    const key = `${env.number ?? "?"}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(untag(env));
  }
  return [...groups].map(([n, lines]) => ({ name: `${name} (task ${n})`, lines }));
}

/** The `data:` of each frame of an SSE body. */
function sseData(body: string): Json[] {
  const out: Json[] = [];
  for (const frame of body.split(/\r?\n\r?\n/)) {
    const data = frame.split(/\r?\n/).filter((l) => l.startsWith("data:"))
      .map((l) => l.slice(5).replace(/^ /, "")).join("\n");
    if (data) out.push(JSON.parse(data));
  }
  return out;
}

/** The tool events a recorded trace document says happened, as a log of its run. */
function traceLog(doc: { run: string; calls: Json[] }): string[] {
  const events: { at: string; event: Json }[] = [];
  const ms = (at: string) => Date.parse(at);
  const first = doc.calls.map((c) => String(c.called_at ?? c.returned_at))
    .sort((a, b) => ms(a) - ms(b))[0];
  events.push({ at: first, event: { type: "run_started", run: doc.run, task: null } });
  for (const c of doc.calls) {
    const common = { run: doc.run, role: c.role, tool: c.tool, call: c.call, subtask: c.subtask };
    if (typeof c.called_at === "string") {
      events.push({ at: c.called_at, event: { type: "tool_called", ...common, input: c.input } });
    }
    if (typeof c.returned_at === "string") {
      events.push({
        at: c.returned_at,
        event: {
          type: "tool_returned",
          ...common,
          is_error: c.is_error,
          duration_ms: c.duration_ms,
          preview: c.preview,
          exit_code: c.exit_code,
          timed_out: c.timed_out,
          output_chars: c.output_chars,
          output_file: null,
        },
      });
    }
  }
  // In time order (stable: a call and its return at the same time keep their order).
  events.sort((a, b) => ms(a.at) - ms(b.at));
  return events.map((e, i) => JSON.stringify({ schema: 2, seq: i + 1, at: e.at, event: e.event }));
}

/**
 * Every file of fixtures/peer/ as task logs. Files that hold no event (task
 * rows, history documents, the list of type names) are returned in `none`,
 * checked to hold no tool call, so that a new file with calls is not skipped.
 */
export async function peerLogs(): Promise<{ logs: FixtureLog[]; none: string[] }> {
  const dir = `${REPO}/fixtures/peer`;
  const logs: FixtureLog[] = [];
  const none: string[] = [];
  const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
  for (const file of names) {
    const text = await Deno.readTextFile(`${dir}/${file}`);
    const name = `peer/${file}`;
    if (file.endsWith(".jsonl")) {
      logs.push({
        name,
        lines: text.split("\n").filter((l, i, all) => l !== "" || i < all.length - 1),
      });
    } else if (file === "real-stream.txt") {
      logs.push(...byTask(name, sseData(text)));
    } else if (file === "events-global.json" || file === "real-events.json") {
      logs.push(...byTask(name, JSON.parse(text)));
    } else if (file === "trace.json" || file === "real-trace.json") {
      logs.push({ name, lines: traceLog(JSON.parse(text)) });
    } else {
      if (/"type"\s*:\s*"tool_(called|returned)"|"calls"\s*:\s*\[\s*\{/.test(text)) {
        throw new Error(`${name} holds tool calls, but the parity test does not read it`);
      }
      none.push(name);
    }
  }
  return { logs, none };
}

/** The logs of each released format (fixtures/logs/). */
export async function releaseLogs(): Promise<FixtureLog[]> {
  const dir = `${REPO}/fixtures/logs`;
  const out: FixtureLog[] = [];
  for (const file of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    const text = await Deno.readTextFile(`${dir}/${file}`);
    out.push({ name: `logs/${file}`, lines: text.replace(/\n$/, "").split("\n") });
  }
  return out;
}

/** Writes each log as the log of a new task (numbered 1, 2, ... in order); returns the log paths. */
export async function writeTasks(project: TempProject, logs: FixtureLog[]): Promise<string[]> {
  const paths: string[] = [];
  for (const log of logs) {
    const task = await createTask(project.state, log.name.replace(/[^a-z0-9.]+/gi, " ").trim());
    const path = project.state.logPath(task.dir);
    await Deno.writeTextFile(path, log.lines.map((l) => l + "\n").join(""));
    paths.push(path);
  }
  return paths;
}

/** What the parity tests compare of a call: who called what, how it paired, what came of it. */
export type CallRow = [
  run: string,
  call: string,
  role: string,
  tool: string,
  paired: string,
  result: string,
  called: boolean,
  returned: boolean,
];

/** `taskline trace <n> --json` as rows. */
export async function cliTrace(dir: string, n: number): Promise<CallRow[]> {
  const r = await runCli(["trace", String(n), "--json"], { cwd: dir });
  if (r.code !== 0) throw new Error(`taskline trace ${n} --json exited ${r.code}: ${r.stderr}`);
  const doc = JSON.parse(r.stdout) as { calls: Json[] };
  return doc.calls.map((c) => [
    String(c.run),
    String(c.call),
    String(c.role),
    String(c.tool),
    String(c.paired),
    String(c.result),
    c.called_at !== null,
    c.returned_at !== null,
  ]);
}

/** The rows of the Trace screen on view, read from what it shows. */
export async function pageTrace(page: Page): Promise<CallRow[]> {
  return await page.$$eval("table.trace tbody tr[data-call]", (trs) =>
    trs.map((tr) => {
      const cells = tr.querySelectorAll("td");
      const result = cells[5].querySelector(".badge")?.textContent ?? "";
      return [
        tr.getAttribute("data-run") ?? "",
        tr.getAttribute("data-call") ?? "",
        cells[1].textContent ?? "",
        cells[2].textContent ?? "",
        tr.getAttribute("data-paired") ?? "",
        result,
        !cells[0].querySelector(".badge"),
        result !== "no result",
      ] as CallRow;
    }));
}

/** Waits until the Trace screen of task `n` shows `count` calls (or says it has none). */
export async function waitTrace(page: Page, n: number, count: number): Promise<void> {
  await waitTraceOnly(page, n, count).catch(async (e) => {
    const seen = await page.textContent("main").catch(() => "");
    throw new Error(`task ${n}: waiting for ${count} calls: ${e}\n${seen?.slice(0, 2000)}`);
  });
}

async function waitTraceOnly(page: Page, n: number, count: number): Promise<void> {
  await page.waitForFunction(
    ([n, count]) => {
      const h1 = document.querySelector("main h1")?.textContent ?? "";
      if (!h1.startsWith(`#${n} `)) return false;
      const rows = document.querySelectorAll("table.trace tbody tr[data-call]").length;
      if (count === 0) {
        return document.querySelector(".placeholder:not([hidden])")?.textContent ===
          "No tool calls in this run.";
      }
      return rows === count;
    },
    [n, count] as const,
    { timeout: 15_000 },
  );
}
