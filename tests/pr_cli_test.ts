/**
 * `taskline pr` and `taskline history --format markdown` end to end: real
 * runs of the scripted engine, the real program under its shipped
 * permissions, the Markdown read back through GitHub's renderer
 * (cmark-gfm), and the README's CI job played by bash with a stand-in `gh`.
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { copyTree, MAIN, REPO, runCli, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { hasUnsafe } from "../src/views/terminal_text.ts";
import { decodeHtml, GITHUB_ACTS_ON, outsideCode, renderGfm } from "./markdown_gfm.ts";

/** A run that waits at the plan gate, then builds, needs a fix for `deno test`, passes QA and merges. */
const SCENARIO = JSON.stringify({
  tick_ms: 1,
  phases: [
    {
      name: "plan",
      gate: "plan",
      artefact: { kind: "plan" },
      agents: [{
        role: "planner",
        model: "claude-sonnet-4-5",
        usage: { input_tokens: 1000, output_tokens: 200 },
        steps: [{ text: "Plan: retry uploads." }],
      }],
    },
    {
      name: "build",
      subtasks: [{
        title: "Retry the upload",
        attempts: [{
          agents: [{
            role: "coder",
            model: "claude-sonnet-4-5",
            usage: { input_tokens: 3000, output_tokens: 900 },
            steps: [{ text: "Adding the retry loop." }],
          }],
          commit: {
            message: "add a *retry* loop for @uploads <b>now</b>",
            files: ["src/upload.ts", "src/upload_test.ts"],
          },
        }],
      }],
      validations: [{ command: "deno test | tee log", exit_codes: [1, 0] }],
    },
    {
      name: "qa",
      artefact: { kind: "qa_report", round: 1 },
      agents: [{
        role: "qa_reviewer",
        model: "claude-sonnet-4-5",
        usage: { input_tokens: 500, output_tokens: 100 },
        steps: [{ text: "Looks right." }],
      }],
      summary: "no issue found",
    },
    { name: "merge", merge: { base: "develop" } },
  ],
});

const CONFIG = JSON.stringify({
  pipeline: { approvals: ["plan"], auto_merge: true },
  pricing: {
    "anthropic/claude-sonnet-4-5": { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 },
  },
});

/** A project whose task 1 ran SCENARIO to its end, approved at the plan gate with a comment. */
async function finishedProject() {
  const p = await tempProject();
  await Deno.writeTextFile(p.state.configPath, CONFIG);
  const made = await runCli(
    [
      "task",
      "new",
      "Retry uploads",
      "--description",
      "Uploads fail on flaky networks.\n\n- retry 3 times",
    ],
    { cwd: p.dir },
  );
  assertEquals(made.code, 0, made.stderr);
  const first = await runCli(["run", "1", "--scenario", "-"], { cwd: p.dir, stdin: SCENARIO });
  assertEquals(first.code, 2, first.stderr); // waits at the plan gate
  const paused = await runCli(["pr", "1"], { cwd: p.dir });
  assertEquals(paused.code, 0, "a paused run has finished: its pull request can be written");
  assertStringIncludes(paused.stdout, "It waits for a decision at the plan gate.");
  assertStringIncludes(paused.stdout, "- plan gate: **pending**");
  const ok = await runCli(["approve", "1", "--comment", "ok @alice, see #12"], { cwd: p.dir });
  assertEquals(ok.code, 0, ok.stderr);
  const resumed = await runCli(["run", "1", "--resume"], { cwd: p.dir });
  assertEquals(resumed.code, 0, resumed.stderr);
  return p;
}

Deno.test("pr: a finished run's commits, fix, validation, QA, approval, merge and cost", async () => {
  await using p = await finishedProject();
  const r = await runCli(["pr", "1", "--json"], { cwd: p.dir });
  assertEquals(r.code, 0, r.stderr);
  const pr = JSON.parse(r.stdout);
  // pr keeps the summaries of the logs it read, as history does (no history was run here).
  const cached = [...Deno.readDirSync(`${p.dir}/.taskline/cache/history`)].map((e) => e.name);
  assert(cached.some((n) => n.startsWith("001-")), `cache: ${cached}`);
  assertEquals(pr.title, "Retry uploads");
  assertEquals(pr.branch, "taskline/001-retry-uploads");
  assertEquals(pr.base, "develop", "the base the run merged into");
  assertEquals(pr.files, ["src/upload.ts", "src/upload_test.ts"]);
  // The subtask's commit and the fix of `deno test`, in log order.
  assertEquals(pr.commits.map((c: { message: string }) => c.message), [
    "add a *retry* loop for @uploads <b>now</b>",
    "taskline: fix deno test | tee log",
  ]);
  const fix = pr.commits[1];
  assertEquals(pr.validations, [{
    command: "deno test | tee log",
    integration: false,
    passed: true,
    exit_code: 0,
    runs: 2,
    fixes: 1,
    fix_commits: [fix.commit],
  }]);
  assertEquals(pr.status, "done");
  assert(pr.cost !== null && pr.cost.amount > 0, "every session is priced");

  const body = (await runCli(["pr", "1"], { cwd: p.dir })).stdout;
  assertEquals(body, pr.body, "the body printed is the body of --json");
  for (
    const part of [
      "Uploads fail on flaky networks.\n\n\\- retry 3 times\n",
      `- ${fix.short} taskline: fix deno test \\| tee log`,
      "add a \\*retry\\* loop for `@uploads` \\<b\\>now\\</b\\>",
      "- `src/upload.ts`",
      `**passed** (exit 0) \`deno test | tee log\`, ran 2 times; needed 1 fix (${fix.short})`,
      "Round 1: **approved**: no issue found",
      "plan gate: **approved**, saying “ok `@alice,` see `#12`”",
      "into `develop`.",
    ]
  ) assertStringIncludes(body, part);

  // Tokens, active time and cost read exactly as `taskline history` shows the run.
  const history = (await runCli(["history", "1"], { cwd: p.dir })).stdout;
  const totals = /· (\S+ tokens, .+ active, cost \$[\d.]+)$/m.exec(history);
  assert(totals, history);
  assertStringIncludes(body, `- This run: ${totals[1].replace(/\$[\d.]+/, (c) => `\`${c}\``)}`);
  assertStringIncludes(totals[1], pr.cost.text);

  // --base wins over the merge's base.
  const onMain = JSON.parse(
    (await runCli(["pr", "1", "--json", "--base", "main"], { cwd: p.dir }))
      .stdout,
  );
  assertEquals(onMain.base, "main");

  // GitHub's renderer makes one link (none), no mention and no markup of the log's text.
  const html = await renderGfm(body);
  assert(!/<(?:a|img|b|em|script|ol|blockquote|pre)\b/.test(html), html);
  assertEquals(GITHUB_ACTS_ON.exec(decodeHtml(outsideCode(html))), null, html);
  assertStringIncludes(html, "<code>@alice,</code>");
  assertStringIncludes(html, "<p>Uploads fail on flaky networks.</p>\n<p>- retry 3 times</p>");
});

Deno.test("pr: a task without a finished run is an error that says so; usage errors are 2", async () => {
  await using p = await tempProject();
  await runCli(["task", "new", "Nothing yet"], { cwd: p.dir });
  const none = await runCli(["pr", "1"], { cwd: p.dir });
  assertEquals(none.code, 1);
  assertEquals(none.stdout, "");
  assertStringIncludes(none.stderr, "Task #1 has no run yet: nothing to put in a pull request");
  const json = await runCli(["pr", "1", "--json"], { cwd: p.dir });
  assertEquals(json.code, 1);
  assertEquals(JSON.parse(json.stderr).error.code, "wrong-state");
  for (
    const args of [["pr"], ["pr", "1", "2"], ["pr", "1", "--base", ""], [
      "pr",
      "1",
      "--base",
      "a b",
    ], ["pr", "1", "--bogus"]]
  ) {
    const r = await runCli(args, { cwd: p.dir });
    assertEquals(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
  }
  assertEquals((await runCli(["pr", "9"], { cwd: p.dir })).code, 1, "no such task");
  const bad = await runCli(["history", "--format", "html"], { cwd: p.dir });
  assertEquals(bad.code, 2);
  assertStringIncludes(bad.stderr, "--format takes text, json or markdown");
});

Deno.test("pr and history --format markdown: the hostile project renders inert in GitHub's renderer", async () => {
  await using p = await tempProject({ init: false });
  await copyTree(`${REPO}/fixtures/hostile`, p.dir);
  const strings = JSON.parse(await Deno.readTextFile(`${REPO}/fixtures/hostile/strings.json`));
  for (
    const args of [["pr", "1"], ["history", "1", "--format", "markdown"], [
      "history",
      "--all",
      "--format",
      "markdown",
    ]]
  ) {
    const r = await runCli(args, { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    // Nothing a terminal would obey: no control, bidi or invisible character but the line breaks.
    assert(!r.stdout.split("\n").some(hasUnsafe), args.join(" "));
    const html = await renderGfm(r.stdout);
    assert(
      !/<(?:a|img|script|b|em|del|iframe|ol|blockquote|pre|h[1245])\b/.test(html),
      `${args.join(" ")}: ${html}`,
    );
    assertEquals(GITHUB_ACTS_ON.exec(decodeHtml(outsideCode(html))), null, html);
    // The hostile HTML is there, as text.
    assertStringIncludes(decodeHtml(html), strings.html.slice(0, 40));
  }
});

Deno.test("the README's CI job: follow the run, open the pull request with gh, write the job summary", async () => {
  await using p = await tempProject();
  await Deno.writeTextFile(p.state.configPath, JSON.stringify({ pricing: {} }));
  await runCli(["task", "new", "Retry uploads"], { cwd: p.dir });
  await Deno.writeTextFile(
    `${p.dir}/.taskline/scenario.jsonc`,
    SCENARIO.replace('"gate":"plan",', ""),
  );
  // A stand-in for gh: records its arguments and the body file it was given.
  const bin = `${p.dir}/bin`;
  await Deno.mkdir(bin);
  await Deno.writeTextFile(
    `${bin}/gh`,
    `#!/bin/bash\nprintf '%s\\n' "$@" > "$OUT/gh-args"\nwhile [ $# -gt 0 ]; do [ "$1" = --body-file ] && cat "$2" > "$OUT/gh-body"; shift; done\n`,
  );
  await Deno.chmod(`${bin}/gh`, 0o755);
  const flags = PERMISSION_FLAGS.map((f) => `'${f}'`).join(" ");
  const taskline = `'${Deno.execPath()}' run --quiet ${flags} '${MAIN}'`;
  // The README's job as written, task 5 being task 1 here, and the scripted engine in place of
  // `claude ... | taskline record 5 --from claude-code`.
  const readme = await Deno.readTextFile(`${REPO}/README.md`);
  const block = /## In CI\n[^]*?```sh\n([^]*?)```/.exec(readme)?.[1];
  assert(block, "README has an In CI section with the job");
  const steps = block.split("\n").filter((l) =>
    /^(taskline events|wait|gh |taskline history)/.test(l)
  )
    .map((l) => l.replaceAll(" 5", " 1"));
  assertEquals(steps.length, 4, block);
  assert(block.includes("| taskline record 5 --from claude-code &"), block);
  const job = `set -euo pipefail
taskline() { ${taskline} "$@"; }
taskline run 1 --scenario .taskline/scenario.jsonc > /dev/null &
set +e; ${steps[0]} > "$OUT/events.txt"; status=$?; set -e
${steps[1]}
echo "$status" > "$OUT/status"
${steps.slice(2).join("\n")}
`;
  const out = await Deno.makeTempDir({ prefix: "taskline-ci-job-" });
  try {
    const r = await new Deno.Command("bash", {
      args: ["-c", job],
      cwd: p.dir,
      env: {
        PATH: `${bin}:${Deno.env.get("PATH")}`,
        OUT: out,
        GITHUB_STEP_SUMMARY: `${out}/summary.md`,
        NO_COLOR: "1",
      },
    }).output();
    assertEquals(r.code, 0, new TextDecoder().decode(r.stderr));
    assertEquals(await Deno.readTextFile(`${out}/status`), "0\n", "the run succeeded");
    assertStringIncludes(await Deno.readTextFile(`${out}/events.txt`), "finished");
    const args = (await Deno.readTextFile(`${out}/gh-args`)).split("\n");
    assertEquals(args.slice(0, 5), ["pr", "create", "--title", "Retry uploads", "--body-file"]);
    assert(args[5].startsWith("/dev/fd/"), `a process substitution, not ${args[5]}`);
    const body = (await runCli(["pr", "1"], { cwd: p.dir })).stdout;
    assertEquals(await Deno.readTextFile(`${out}/gh-body`), body);
    const summary = await Deno.readTextFile(`${out}/summary.md`);
    assertStringIncludes(summary, "### Task 1: Retry uploads\n");
    assertStringIncludes(summary, "| Run | State |");
    assertStringIncludes(summary, "finished done (success)");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});
