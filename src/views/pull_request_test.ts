import { assert, assertEquals } from "../../tests/assert.ts";
import { TasklineError } from "../errors.ts";
import type { RunHistory, TaskHistory } from "./history.ts";
import { historyMarkdown, SUMMARY_CHARS_MAX } from "./history_markdown.ts";
import { BODY_CHARS_MAX, buildPullRequest } from "./pull_request.ts";

const RUN = "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6";

function run(over: Partial<RunHistory> = {}): RunHistory {
  return {
    run: RUN,
    started_at: "2026-11-01T10:00:00Z",
    finished_at: "2026-11-01T10:05:00Z",
    state: "finished",
    status: "done",
    success: true,
    resumes: 0,
    usage: { input_tokens: 1000, output_tokens: 200, cache_read_tokens: 0, cache_write_tokens: 0 },
    active_ms: 300_000,
    totals_known: true,
    phases: [],
    commits: [],
    merged: null,
    validations: [],
    approvals: [],
    pending_approval: null,
    last_error: null,
    last_event_at: "2026-11-01T10:05:00Z",
    current: true,
    legacy: false,
    paused_reason: null,
    sessions: 1,
    calls: 0,
    cost: 0.0123,
    cost_reported: false,
    ...over,
  };
}

function doc(runs: RunHistory[], over: Partial<TaskHistory> = {}): TaskHistory {
  return {
    task: {
      id: "7a7a7a7a-0000-4000-8000-000000000001",
      title: "Make it so",
      description: "",
      status: "done",
      created_at: "2026-11-01T09:00:00Z",
      branch: "taskline/001-make-it-so",
    },
    number: 1,
    runs,
    totals: {
      usage: runs[0]?.usage ?? {
        input_tokens: 0,
        output_tokens: 0,
        cache_read_tokens: 0,
        cache_write_tokens: 0,
      },
      active_ms: 0,
      runs: runs.length,
      commits: 0,
      complete: true,
    },
    changed_files: { source: { kind: "none" }, approximate: false, files: [] },
    last_qa: null,
    validations_passed: null,
    cost: { amount: 0.0123, currency: "USD", complete: true },
    last_activity: "2026-11-01T10:05:00Z",
    errors: [],
    dir: "001-make-it-so",
    running: false,
    unpriced_models: [],
    ...over,
  };
}

Deno.test("pr: the last finished run is described, a later unfinished one is named", () => {
  const older = run({ run: "11111111-0000-4000-8000-000000000000", current: false });
  const later = run({ state: "running", finished_at: null, status: null, success: null });
  const pr = buildPullRequest(doc([older, later]));
  assertEquals(pr.run, older.run);
  assert(pr.body.includes("A later run of the task, `0d1e2f3a`, is still running"), pr.body);
  assert(pr.body.includes("`taskline trace 1 --run 11111111`"), pr.body);
});

Deno.test("pr: no finished run is a wrong-state error naming why", () => {
  const err = (d: TaskHistory) => {
    try {
      buildPullRequest(d);
    } catch (e) {
      assert(e instanceof TasklineError);
      return `${e.code}: ${e.message}`;
    }
    throw new Error("no error");
  };
  assertEquals(
    err(doc([])),
    "wrong-state: Task #1 has no run yet: nothing to put in a pull request",
  );
  assert(err(doc([run({ state: "running" })])).includes("(run 0d1e2f3a is running)"));
  assert(err(doc([run({ state: "interrupted" })])).includes("was interrupted"));
});

Deno.test("pr: the base is --base, else the merge's base, else main", () => {
  const merged = run({ merged: { commit: "ab".repeat(20), branch: "b", base: "release", at: "" } });
  assertEquals(buildPullRequest(doc([run()])).base, "main");
  assertEquals(buildPullRequest(doc([merged])).base, "release");
  assertEquals(buildPullRequest(doc([merged]), { base: "develop" }).base, "develop");
  const unknownBase = run({ merged: { commit: "cd".repeat(20), branch: "", base: "", at: "" } });
  assertEquals(buildPullRequest(doc([unknownBase])).base, "main");
});

Deno.test("pr: fixes are the failed results followed by another run; fix commits lie between them", () => {
  const v = (at: string, passed: boolean, command = "make test") => ({
    command,
    integration: false,
    passed,
    exit_code: passed ? 0 : 2,
    at,
  });
  const c = (at: string, commit: string, subtask: string | null = null) => ({
    commit,
    message: "fix",
    files: [],
    subtask,
    at,
  });
  const pr = buildPullRequest(doc([run({
    commits: [
      c("2026-11-01T10:00:01Z", "aaaaaaa1", "sub"), // a subtask's commit: not a fix
      { ...c("2026-11-01T10:00:03Z", "bbbbbbb2"), message: "fix\nsecond line" },
      c("2026-11-01T10:00:05Z", "ccccccc3"),
    ],
    validations: [
      v("2026-11-01T10:00:02Z", false),
      v("2026-11-01T10:00:02.5Z", true, "make lint"),
      v("2026-11-01T10:00:04Z", false),
      v("2026-11-01T10:00:06Z", true),
    ],
  })]));
  assert(!pr.body.includes("second line"));
  assertEquals(pr.validations.map((x) => [x.command, x.runs, x.fixes, x.fix_commits, x.passed]), [
    ["make test", 3, 2, ["bbbbbbb2", "ccccccc3"], true],
    ["make lint", 1, 0, [], true],
  ]);
});

Deno.test("pr: a body with thousands of hostile items stays under GitHub's 65,536 characters", () => {
  const nasty = "`@x` *<b>|[a](b)\x1b[2J\u202e".repeat(40);
  const commits = Array.from({ length: 2_000 }, (_, i) => ({
    commit: `${i}`.padStart(40, "f"),
    message: nasty,
    files: [`${nasty}/${i}`],
    subtask: null,
    at: "2026-11-01T10:00:01Z",
  }));
  const validations = Array.from({ length: 500 }, (_, i) => ({
    command: `${nasty} ${i}`,
    integration: false,
    passed: false,
    exit_code: 1,
    at: "2026-11-01T10:00:02Z",
  }));
  const approvals = Array.from({ length: 500 }, () => ({
    gate: nasty,
    approved: true,
    comment: nasty,
    at: "2026-11-01T10:00:02Z",
  }));
  const pr = buildPullRequest(doc([run({ commits, validations, approvals })], {
    task: { ...doc([]).task, description: (nasty + "\n").repeat(2_000) },
    last_qa: { round: 1, verdict: nasty, summary: nasty, issues: null },
  }));
  assert(pr.body.length <= BODY_CHARS_MAX, `${pr.body.length} characters`);
  for (
    const more of [
      "- … and 1950 more: `taskline history 1`",
      "…\n\n(the whole description: `taskline task show 1`)",
    ]
  ) assert(pr.body.includes(more), more);
  assert(/- … and \d+ more: `taskline history 1 --json`/.test(pr.body), "files cut");
  assertEquals(pr.commits.length, 2_000, "--json keeps every commit");
});

Deno.test("history markdown: a project of many hostile tasks stays under 1 MiB", () => {
  const title = "漢`|<b>@x".repeat(100);
  const docs = Array.from(
    { length: 5_000 },
    (_, i) => doc([run()], { number: i + 1, task: { ...doc([]).task, title } }),
  );
  const md = historyMarkdown(docs);
  assert(md.length <= SUMMARY_CHARS_MAX, `${md.length}`);
  assert(new TextEncoder().encode(md).length < 1024 * 1024);
  assert(/… and \d+ more: `taskline history --all`/.test(md));
});
