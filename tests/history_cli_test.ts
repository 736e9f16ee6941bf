/**
 * `taskline history` and `taskline trace` end to end: the real program, run
 * under its shipped permissions in a copy of the fixture projects.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { copyTree, REPO, runCli } from "./helpers.ts";

async function copyOf(name: string): Promise<{ dir: string } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-history-cli-" });
  await copyTree(`${REPO}/fixtures/projects/${name}`, dir);
  return {
    dir,
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

const NOW = { TASKLINE_NOW: "2026-10-28T12:00:00Z" };

Deno.test("history --all prints the table with readable units and the lower-bound legend", async () => {
  await using p = await copyOf("releases");
  const r = await runCli(["history", "--all"], { cwd: p.dir, env: NOW });
  assertEquals(r.code, 0, r.stderr);
  assertEquals(
    r.stdout,
    `\
#  TITLE                        STATUS  RUNS  COMMITS  FILES  TOKENS      ACTIVE   COST  LAST ACTIVITY
8  Add retry to the uploader    review     1        0      1    40k+      6.0 s+      -  2 h ago
7  Audit error messages         done       1        0      0     22k       3.2 s      -  8 d ago
6  Upgrade the HTTP client      failed     2        0      0     11k  5 min 09 s  $0.06  15 d ago
5  Rename the config loader     merged     1        1      3     25k        41 s      -  19 d ago
4  Paginate the task list       review     1        1      2     63k        25 s  $0.35  25 d ago
3  Document the --verbose flag  review     1        0      1   6.2k+       17 s+      -  2026-07-21
2  Export with a --csv flag     done       1        0      0    13k+       31 s+      -  2026-04-14
1  Add a health endpoint        done       1        0      1   6.8k+       0 ms+      -  2026-02-03
+ lower bound: part of the work was recorded before 0.5 (no totals then) or a run did not finish
`,
  );
  const ready = await runCli(["history"], { cwd: p.dir, env: NOW });
  assertEquals(
    ready.stdout.split("\n").slice(1, -2).map((l) => l.split(/\s+/)[0]),
    ["7", "2", "1"],
  );
});

Deno.test("history <REF> shows one task in detail; --json gives TaskHistory documents", async () => {
  await using p = await copyOf("releases");
  const r = await runCli(["history", "#5"], { cwd: p.dir, env: NOW });
  assertEquals(r.code, 0, r.stderr);
  for (
    const part of [
      "#5 Rename the config loader · merged",
      "(current) · finished merged (success) · 1 resume",
      "approved   plan",
      "1f2e3d4c5b taskline: rename load_config to Config::load  (3 files)",
      "Merged: aa01bb02cc taskline/005-rename-the-config-loader into main",
      "cost - (no price for gpt-6-mini)",
      "Changed files (from the merge aa01bb02cc",
    ]
  ) assertStringIncludes(r.stdout, part);
  const j = await runCli(["history", "4", "--json"], { cwd: p.dir });
  assertEquals(j.code, 0, j.stderr);
  const doc = JSON.parse(j.stdout);
  assertEquals(doc.number, 4);
  assertEquals(doc.runs[0].resumes, 1);
  assert(doc.cost.amount > 0 && doc.cost.currency === "USD");
  const all = JSON.parse((await runCli(["history", "--all", "--json"], { cwd: p.dir })).stdout);
  assertEquals(all.map((d: { number: number }) => d.number), [8, 7, 6, 5, 4, 3, 2, 1]);
});

Deno.test("history names a task with broken lines and lists the problems", async () => {
  await using p = await copyOf("peer");
  const r = await runCli(["history", "005-broken-lines"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stdout, "Problems:");
  assertStringIncludes(r.stderr, "005-broken-lines/events.jsonl: line ");
});

Deno.test("history errors: unknown task, ambiguous reference, two references", async () => {
  await using p = await copyOf("clash");
  assertEquals((await runCli(["history", "99"], { cwd: p.dir })).code, 1);
  const amb = await runCli(["history", "12", "--json"], { cwd: p.dir });
  assertEquals(amb.code, 1);
  assertEquals(JSON.parse(amb.stderr).error.code, "ambiguous-ref");
  assertEquals((await runCli(["history", "12", "13"], { cwd: p.dir })).code, 2);
});

Deno.test("a repeated history --all --json does not re-read unchanged logs, and re-reads a changed one", async () => {
  await using p = await copyOf("releases");
  const first = await runCli(["history", "--all", "--json"], { cwd: p.dir });
  assertEquals(first.code, 0, first.stderr);
  // Change a log behind the cache's back: same size, same modification time.
  // Only a re-read would notice, so the output must not change.
  const log = `${p.dir}/.taskline/tasks/007-audit-error-messages/events.jsonl`;
  const info = await Deno.stat(log);
  const text = await Deno.readTextFile(log);
  const swapped = text.replace('"status":"done"', '"status":"DONE"');
  assert(swapped !== text && swapped.length === text.length);
  await Deno.writeTextFile(log, swapped);
  await Deno.utime(log, info.atime!, info.mtime!);
  const second = await runCli(["history", "--all", "--json"], { cwd: p.dir });
  assertEquals(second.stdout, first.stdout);
  // A real change (an appended line) is read.
  await Deno.writeTextFile(
    log,
    swapped +
      JSON.stringify({
        schema: 2,
        seq: 99,
        at: "2026-10-27T00:00:00Z",
        event: {
          type: "log",
          run: "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c08",
          level: "error",
          message: "late",
        },
      }) + "\n",
  );
  const third = await runCli(["history", "7", "--json"], { cwd: p.dir });
  const doc = JSON.parse(third.stdout);
  assertEquals(doc.runs[0].status, "DONE");
  assertEquals(doc.runs[0].last_error, "late");
});

Deno.test("trace shows calls with results; --full, --json, filters and errors", async () => {
  await using p = await copyOf("releases");
  const r = await runCli(["trace", "7"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const heads = r.stdout.split("\n").filter((l) => /^\d\d:/.test(l));
  assertEquals(heads.map((l) => l.split(/\s+/)[3]), ["read_file", "grep", "list_dir"]);
  assertStringIncludes(r.stdout, "… 4970 characters in all (--full shows them)");
  const full = await runCli(["trace", "7", "--full", "--tool", "grep"], { cwd: p.dir });
  assertStringIncludes(full.stdout, "[taskline: output cut to the first");
  assertEquals(full.stdout.split("\n").filter((l) => /^\d\d:/.test(l)).length, 1);
  const old = await runCli(["trace", "1"], { cwd: p.dir });
  assertStringIncludes(old.stdout, "(paired by order: recorded before 0.5)");
  const failed = await runCli(["trace", "6"], { cwd: p.dir });
  assertStringIncludes(failed.stdout, "timed out");
  const j = await runCli(["trace", "7", "--json"], { cwd: p.dir });
  const doc = JSON.parse(j.stdout);
  assertEquals(doc.run, "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c08");
  assert(doc.calls.every((c: { output_file: string }) => c.output_file.startsWith(".taskline/")));
  assertEquals((await runCli(["trace"], { cwd: p.dir })).code, 2);
  assertEquals((await runCli(["trace", "7", "--format", "xml"], { cwd: p.dir })).code, 2);
  assertEquals((await runCli(["trace", "7", "--all", "--run", "5a"], { cwd: p.dir })).code, 2);
  assertEquals((await runCli(["trace", "7", "--run", "ffff"], { cwd: p.dir })).code, 1);
  assertEquals((await runCli(["trace", "42"], { cwd: p.dir })).code, 1);
});
