/**
 * The history cache: a repeated history on unchanged logs reads none of
 * them; a changed log is read again; a damaged cache file is ignored.
 */
import { assert, assertEquals } from "./assert.ts";
import { env, taskWithLog, tempProject } from "./helpers.ts";
import { HistoryCache, summarizeLog } from "../src/views/history_cache.ts";
import { listHistory } from "../src/views/history.ts";
import type { StateDir } from "../src/store/state_dir.ts";
import type { Task } from "../src/store/tasks.ts";

const RUN = "55555555-2222-4333-8444-555555555555";

async function threeTasks(state: StateDir): Promise<Task[]> {
  const tasks: Task[] = [];
  for (const n of [1, 2, 3]) {
    tasks.push(
      await taskWithLog(state, `Task ${n}`, [
        env(1, `2026-03-0${n}T10:00:00Z`, { type: "run_started", run: RUN, task: "t" }),
        env(2, `2026-03-0${n}T10:00:01Z`, {
          type: "run_finished",
          run: RUN,
          success: true,
          status: "done",
          usage: { input_tokens: n, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0 },
          active_ms: n,
          started_at: `2026-03-0${n}T10:00:00Z`,
        }),
      ], { status: "done" }),
    );
  }
  return tasks;
}

function countingCache(disk = false): { cache: HistoryCache; read: string[] } {
  const read: string[] = [];
  const cache = new HistoryCache({
    disk,
    read: (path, signal) => {
      read.push(path.replace(/.*\/tasks\//, ""));
      return summarizeLog(path, signal);
    },
  });
  return { cache, read };
}

Deno.test("a repeated history on unchanged logs reads none of them; a changed log is re-read", async () => {
  await using p = await tempProject();
  const tasks = await threeTasks(p.state);
  const { cache, read } = countingCache();
  const first = await listHistory(p.state, { all: true, cache });
  assertEquals(read.length, 3);
  const again = await listHistory(p.state, { all: true, cache });
  assertEquals(read.length, 3, "unchanged logs were read again");
  assertEquals(again, first);
  assertEquals(cache.stats.memoryHits, 3);
  // Append to one log: only that one is read, and the document shows it.
  await Deno.writeTextFile(
    p.state.logPath(tasks[1].dir),
    JSON.stringify(env(3, "2026-03-09T10:00:00Z", { type: "run_started", run: RUN, task: "t" })) +
      "\n",
    { append: true },
  );
  const third = await listHistory(p.state, { all: true, cache });
  assertEquals(read.slice(3), [`${tasks[1].dir}/events.jsonl`]);
  const changed = third.find((d) => d.number === 2)!;
  assertEquals(changed.runs[0].resumes, 1);
  assertEquals(changed.runs[0].state, "interrupted");
  assertEquals(third[0].number, 2, "the changed task has the most recent activity");
});

Deno.test("the disk cache serves a new process; damaged or stale files are ignored", async () => {
  await using p = await tempProject();
  const tasks = await threeTasks(p.state);
  const one = countingCache(true);
  const first = await listHistory(p.state, { all: true, cache: one.cache });
  assertEquals(one.read.length, 3);
  // A new cache (a new CLI process) finds the files in .taskline/cache/history/.
  const two = countingCache(true);
  assertEquals(await listHistory(p.state, { all: true, cache: two.cache }), first);
  assertEquals(two.read, []);
  assertEquals(two.cache.stats.diskHits, 3);
  // A damaged file, a file of another key, a file of another shape: read again.
  const dir = `${p.state.root}/cache/history`;
  await Deno.writeTextFile(`${dir}/${tasks[0].dir}.json`, '{"key":{"size":1');
  const stale = JSON.parse(await Deno.readTextFile(`${dir}/${tasks[1].dir}.json`));
  stale.key.size += 1;
  await Deno.writeTextFile(`${dir}/${tasks[1].dir}.json`, JSON.stringify(stale));
  const wrong = JSON.parse(await Deno.readTextFile(`${dir}/${tasks[2].dir}.json`));
  wrong.summary.runs = "nope";
  await Deno.writeTextFile(`${dir}/${tasks[2].dir}.json`, JSON.stringify(wrong));
  const three = countingCache(true);
  assertEquals(await listHistory(p.state, { all: true, cache: three.cache }), first);
  assertEquals(three.read.length, 3);
  // ...and rewritten: the next process reads nothing.
  const four = countingCache(true);
  await listHistory(p.state, { all: true, cache: four.cache });
  assertEquals(four.read, []);
});

Deno.test("the lock is checked even when the summary comes from the cache", async () => {
  await using p = await tempProject();
  const task = await taskWithLog(p.state, "Crashed", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run: RUN, task: "t" }),
  ]);
  const { cache } = countingCache();
  const { acquireTaskLock } = await import("../src/store/lock.ts");
  const lock = await acquireTaskLock(p.state, task.dir);
  let docs = await listHistory(p.state, { all: true, cache });
  assertEquals(docs[0].runs[0].state, "running");
  lock.release();
  docs = await listHistory(p.state, { all: true, cache });
  assertEquals(docs[0].runs[0].state, "interrupted");
  assert(cache.stats.memoryHits >= 1);
});

Deno.test("a log that cannot be read still shows its task, with the reason", async () => {
  await using p = await tempProject();
  const tasks = await threeTasks(p.state);
  await Deno.remove(p.state.logPath(tasks[0].dir));
  await Deno.mkdir(p.state.logPath(tasks[0].dir)); // a directory where the log should be
  const docs = await listHistory(p.state, { all: true, cache: new HistoryCache() });
  assertEquals(docs.length, 3);
  const bad = docs.find((d) => d.number === 1)!;
  assertEquals(bad.runs, []);
  assert(bad.errors[0].startsWith("Cannot read "), bad.errors[0]);
});
