import { assertEquals } from "../../tests/assert.ts";
import { REPO } from "../../tests/helpers.ts";
import { generateProject } from "../../scripts/gen_project.ts";
import { readLog } from "../store/log_reader.ts";
import { HistoryFold, type LogSummary } from "./history_fold.ts";
import { summarizeLog } from "./history_cache.ts";

/** The fold with every line parsed: what the fast path must agree with. */
async function parsedFold(path: string): Promise<LogSummary> {
  const fold = new HistoryFold();
  for await (const b of readLog(path, { onProblem: fold.problem })) {
    for (const r of b.records) fold.add(r);
  }
  return fold.finish();
}

async function logsUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(dir)) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...await logsUnder(p));
    else if (e.name.endsWith(".jsonl")) out.push(p);
  }
  return out.sort();
}

Deno.test("lines counted without parsing give the same summary as parsing every line", async () => {
  const logs = [
    ...await logsUnder(`${REPO}/fixtures/logs`),
    ...await logsUnder(`${REPO}/fixtures/projects`),
    `${REPO}/fixtures/peer/events-0.5.jsonl`,
    `${REPO}/fixtures/peer/events-legacy.jsonl`,
  ];
  const dir = await Deno.makeTempDir({ prefix: "taskline-fold-" });
  try {
    generateProject({ dir, tasks: 6, eventsPerTask: 400, seed: 11, traceFilesPerTask: 0 });
    logs.push(...await logsUnder(`${dir}/.taskline/tasks`));
    for (const path of logs) {
      assertEquals(await summarizeLog(path), await parsedFold(path), path);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
