/**
 * `taskline events <task>`: options, errors, output forms, a closed pipe
 * and a terminal, with the real program.
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { env, MAIN, runCli, taskWithLog, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { TuiSession } from "./tui_tmux.ts";
import { createTask } from "../src/store/tasks.ts";
import { startWriter } from "./events_util.ts";

const RUN = "5f0c1d2e-3a4b-4c5d-8e9f-0a1b2c3d4e5f";
const RUN2 = "77777777-3a4b-4c5d-8e9f-0a1b2c3d4e5f";

Deno.test("events | head ends quietly with 0", async () => {
  await using p = await tempProject();
  const lines = [env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" })];
  for (let i = 2; i < 40_000; i++) {
    lines.push(
      env(i, "2026-01-01T00:00:01Z", { type: "log", run: RUN, level: "info", message: `m${i}` }),
    );
  }
  await taskWithLog(p.state, "long", lines);
  for (const extra of [[], ["--json"]]) {
    const cmd = [
      Deno.execPath(),
      "run",
      "--quiet",
      ...PERMISSION_FLAGS,
      MAIN,
      "events",
      "1",
      ...extra,
    ]
      .map((s) => `'${s}'`).join(" ");
    const out = await new Deno.Command("bash", {
      args: [
        "-c",
        `${cmd} 2>err.txt | head -n 2 >/dev/null; echo "\${PIPESTATUS[0]}"; cat err.txt`,
      ],
      cwd: p.dir,
      env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
      stdout: "piped",
    }).output();
    assertEquals(new TextDecoder().decode(out.stdout), "0\n", `taskline events 1 ${extra}`);
  }
});

Deno.test("events into a pipe whose reader is slow: every line once, in order, as a file gets them", async () => {
  await using p = await tempProject();
  const lines = [env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" })];
  for (let i = 2; i < 60_000; i++) {
    lines.push(
      env(i, "2026-01-01T00:00:01Z", {
        type: "log",
        run: RUN,
        level: "info",
        message: `m${i} “quoted” → ${"é".repeat(i % 50)}`,
      }),
    );
  }
  await taskWithLog(p.state, "long", lines);
  const argv = ["run", "--quiet", ...PERMISSION_FLAGS, MAIN, "events", "1", "--json"];
  // Into a file: the writes never wait.
  const file = await new Deno.Command(Deno.execPath(), {
    args: argv,
    cwd: p.dir,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdout: "piped",
  }).output();
  assertEquals(file.code, 0);
  // Into a pipe read 16 KiB at a time with pauses: the writes wait for the
  // reader, and the program writes a buffer while it fills the next.
  const child = new Deno.Command(Deno.execPath(), {
    args: argv,
    cwd: p.dir,
    env: { NO_COLOR: "1", RUST_BACKTRACE: "0" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const reader = child.stdout.getReader({ mode: "byob" });
  const parts: Uint8Array[] = [];
  let total = 0;
  for (let i = 0;; i++) {
    const { value, done } = await reader.read(new Uint8Array(16 * 1024));
    if (done) break;
    parts.push(value.slice());
    total += value.length;
    if (i % 8 === 0) await new Promise((r) => setTimeout(r, 1));
  }
  const [{ code }, stderr] = await Promise.all([child.status, new Response(child.stderr).text()]);
  assertEquals(code, 0, stderr);
  const got = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    got.set(part, o);
    o += part.length;
  }
  assertEquals(got.length, file.stdout.length);
  assert(got.every((b, i) => b === file.stdout[i]), "the pipe got other bytes than the file");
  assertEquals(new TextDecoder().decode(got).split("\n").length - 1, lines.length);
});

Deno.test("events: usage errors exit 2 and say what is wrong; an unknown task exits 1", async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "one", [
    env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" }),
  ]);
  const cases: Array<[string[], number, string]> = [
    [["events", "1", "--type", "tool_call"], 2, "known types: run_started, phase_started"],
    [["events", "1", "--all", "--follow"], 2, "--all does not go with"],
    [["events", "1", "--all", "--after", "2"], 2, "--all does not go with"],
    [
      ["events", "1", "--since", "yesterday"],
      2,
      'an age such as 90s, 15m, 2h, 1d, 1h30m, not "yesterday"',
    ],
    [["events", "1", "--after", "x3"], 2, "--after takes a non-negative integer"],
    [["events", "1", "2"], 2, "name at most one task"],
    [
      ["events", "1", "--after-cursor", "0-0-0"],
      2,
      "--after-cursor is for the events of every task",
    ],
    [["events", "--exit-status"], 2, "--exit-status needs a task"],
    [["events", "9"], 1, 'Cannot resolve task "9"'],
    [["events", "1", "--run", "ffff"], 1, 'Cannot find run "ffff"'],
  ];
  for (const [args, code, message] of cases) {
    const r = await runCli(args, { cwd: p.dir });
    assertEquals(r.code, code, `${args.join(" ")}: ${r.stderr}`);
    assertStringIncludes(r.stderr, message);
    assertEquals(r.stdout, "");
  }
  const j = await runCli(["events", "1", "--type", "nope", "--json"], { cwd: p.dir });
  assertEquals(JSON.parse(j.stderr).error.code, "usage");
});

Deno.test("events: --since takes ages and times; -v and --type show budget_updated", async () => {
  await using p = await tempProject();
  const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
  const phaseAt = ago(30);
  await taskWithLog(p.state, "one", [
    env(1, ago(120), { type: "run_started", run: RUN, task: "t" }),
    env(2, phaseAt, { type: "phase_started", run: RUN, phase: "build" }),
    env(3, ago(2), {
      type: "budget_updated",
      run: RUN,
      tokens: 1200,
      token_limit: null,
      active_ms: 61_000,
      duration_limit_ms: null,
    }),
    env(4, ago(1), { type: "log", run: RUN, level: "warn", message: "slow" }),
  ]);
  const count = async (...args: string[]) => {
    const r = await runCli(["events", "1", ...args], { cwd: p.dir });
    assertEquals(r.code, 0, r.stderr);
    return r.stdout.split("\n").filter((l) => l).length;
  };
  assertEquals(await count("--since", "15m"), 1, "budget_updated hidden without -v");
  assertEquals(await count("--since", "15m", "-v"), 2);
  assertEquals(await count("--since", "1h30m", "-v"), 3);
  assertEquals(await count("--since", "1d", "--json"), 4);
  assertEquals(await count("--since", phaseAt), 2, "at or after the time");
  const budget = await runCli(["events", "1", "--type", "budget_updated"], { cwd: p.dir });
  assertMatch(budget.stdout, /^\d\d:\d\d:\d\d\.\d{3} \$ budget: 1,200 tokens, 1m01s active\n$/);
});

Deno.test("events: --run picks a run by prefix, --all replays every run", async () => {
  await using p = await tempProject();
  await taskWithLog(p.state, "two runs", [
    env(1, "2026-01-01T00:00:00Z", { type: "run_started", run: RUN, task: "t" }),
    env(2, "2026-01-01T00:00:01Z", {
      type: "run_finished",
      run: RUN,
      success: false,
      status: "failed",
    }),
    env(1, "2026-01-01T00:01:00Z", { type: "run_started", run: RUN2, task: "t" }),
  ]);
  const cur = await runCli(["events", "1", "--json"], { cwd: p.dir });
  assertEquals(cur.stdout.trim().split("\n").map((l) => JSON.parse(l).event.run), [RUN2]);
  const old = await runCli(["events", "1", "--run", "5f0c", "--json", "-f", "--exit-status"], {
    cwd: p.dir,
  });
  assertEquals(old.stdout.trim().split("\n").length, 2);
  assertEquals(old.code, 1, "the old run failed");
  const all = await runCli(["events", "1", "--all"], { cwd: p.dir });
  assertEquals(all.stdout.trim().split("\n").length, 3);
});

Deno.test("events --json: the read form; lines not in it are encoded again", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "forms");
  const lines = [
    // 0.4: tool_called without call and subtask gets the 0.5 defaults.
    `{"schema":2,"seq":1,"at":"2026-01-01T00:00:00Z","event":{"type":"run_started","run":"${RUN}","task":"t"}}`,
    `{"schema":2,"seq":2,"at":"2026-01-01T00:00:01Z","event":{"type":"tool_called","run":"${RUN}","role":"coder","tool":"bash","input":{"n":1.0}}}`,
    // White space, an escaped slash, keys in another order.
    `{"seq":3, "schema":2,"at":"2026-01-01T00:00:02Z","event":{"type":"log","run":"${RUN}","level":"info","message":"a\\/b"}}`,
    // Already in the read form, with escapes JSON.stringify writes.
    `{"schema":2,"seq":4,"at":"2026-01-01T00:00:03Z","event":{"type":"log","run":"${RUN}","level":"info","message":"tab\\tquote\\" \\u0001 é"}}`,
  ];
  await Deno.writeTextFile(p.state.logPath(task.dir), lines.join("\n") + "\n");
  const r = await runCli(["events", "1", "--json"], { cwd: p.dir });
  const out = r.stdout.trim().split("\n");
  assertEquals(out[0], lines[0]);
  assertEquals(
    out[1],
    `{"schema":2,"seq":2,"at":"2026-01-01T00:00:01Z","event":{"type":"tool_called","run":"${RUN}","role":"coder","tool":"bash","input":{"n":1},"call":"000000000000","subtask":null}}`,
  );
  assertEquals(
    out[2],
    `{"schema":2,"seq":3,"at":"2026-01-01T00:00:02Z","event":{"type":"log","run":"${RUN}","level":"info","message":"a/b"}}`,
  );
  assertEquals(out[3], lines[3]);
  // The same with the fast filtered path.
  const t = await runCli(["events", "1", "--json", "--type", "tool_called,log"], { cwd: p.dir });
  assertEquals(t.stdout.trim().split("\n"), out.slice(1));
});

Deno.test("events on a terminal: colour, none with NO_COLOR", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "tty");
  await using w = startWriter(p.dir, task.dir);
  await w.send({ op: "open" });
  await w.send({ op: "start" });
  await w.emit({ type: "log", level: "error", message: "boom" });
  // (A helper, not a loop body: `await using` in a loop body is disposed too early.)
  const run = async (noColor: string) => {
    await using s = new TuiSession("events");
    await s.start(p.dir, ["events", "1", "-f"], { env: { NO_COLOR: noColor } });
    await s.waitFor("boom");
    // (Ctrl-C in the pane would also stop its shell; SIGINT is tested on a pipe.)
    return await s.tmux("capture-pane", "-e", "-p");
  };
  const colour = await run("");
  assertStringIncludes(colour, "\x1b[31m");
  assertStringIncludes(colour, "✘");
  const plain = await run("1");
  assert(!plain.includes("\x1b[3"), plain);
  assertStringIncludes(plain, "✘ error: boom");
});

Deno.test("events <task> on a log of broken lines and no run: nothing printed, the broken line named", async () => {
  await using p = await tempProject();
  const t = await createTask(p.state, "broken only");
  await Deno.writeTextFile(p.state.logPath(t.dir), 'garbage line\n{"broken":\n');
  const r = await runCli(["events", "1"], { cwd: p.dir });
  assertEquals([r.code, r.stdout], [0, ""]);
  assertStringIncludes(r.stderr, `${t.dir}/events.jsonl: line 1: skipped a broken line`);
});
