/**
 * `taskline record` as a producer uses it: the real program under its
 * shipped permissions, bare events on its standard input.
 *
 * @module
 */
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { REPO, runCli, spawnCli, tempProject } from "./helpers.ts";
import { createTask, readTask } from "../src/store/tasks.ts";
import { assertGapless, bare, logLines, somePhase, typesOf, until } from "./record_util.ts";
import { startServer } from "./serve_util.ts";

Deno.test("record writes bare events as envelopes of one run, output kept in the trace store", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Produce elsewhere");
  // Characters are code points: the emoji count once each, as a user counts them.
  const long = "é→漢😀".repeat(60) + "\nend\n";
  const input = bare(
    ...somePhase(),
    {
      type: "tool_called",
      role: "coder",
      tool: "bash",
      input: {},
      call: "abcdefabcdef",
      subtask: null,
    },
    {
      type: "tool_returned",
      role: "coder",
      tool: "bash",
      is_error: true,
      duration_ms: 3,
      call: "abcdefabcdef",
      subtask: null,
      exit_code: 2,
      output: long,
    },
    { type: "run_finished", success: true, status: "done" },
  );
  const r = await runCli(["record", "1"], { cwd: p.dir, stdin: input });
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "");
  assertMatch(r.stdout, /^Task #1: run [0-9a-f]{8} finished done at seq 10\n$/);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "agent_started",
    "tool_called",
    "tool_returned",
    "agent_finished",
    "phase_finished",
    "tool_called",
    "tool_returned",
    "run_finished",
  ]);
  assertEquals(ls[0].event.task, task.id);
  const ret = ls[8].event;
  // The engine's fields, in the engine's order; no `output` in the log.
  assertEquals(Object.keys(ret), [
    "type",
    "run",
    "role",
    "tool",
    "is_error",
    "duration_ms",
    "preview",
    "call",
    "subtask",
    "exit_code",
    "timed_out",
    "output_chars",
    "output_file",
  ]);
  assertEquals(ret.preview, [...long].slice(0, 200).join(""));
  assertEquals(ret.output_chars, 245);
  assertEquals(ret.output_file, `.taskline/tool-output/${task.dir}/${ret.run}/abcdefabcdef.txt`);
  assertEquals(await Deno.readTextFile(`${p.dir}/${ret.output_file}`), long);
  const end = ls[9].event;
  assertEquals([end.success, end.status, end.started_at], [true, "done", ls[0].at]);
  assertEquals(end.usage, {
    input_tokens: 100,
    output_tokens: 20,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
  assertEquals((await readTask(p.state, task.dir)).record.status, "done");
  // The trace route of the CLI serves the kept output.
  const trace = await runCli(["trace", "1", "--json"], { cwd: p.dir });
  assertEquals(trace.code, 0, trace.stderr);
  assertStringIncludes(trace.stdout, "abcdefabcdef");
});

Deno.test("--json echoes each envelope as written, agent_delta included but never logged", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Echo");
  const r = await runCli(["record", "1", "--json"], {
    cwd: p.dir,
    stdin: bare(
      { type: "run_started" },
      { type: "phase_started", phase: "plan" },
      {
        type: "agent_delta",
        role: "planner",
        subtask: null,
        delta: { kind: "thinking", text: "hm" },
      },
      { type: "deploy_requested", target: "eu-1" },
      { type: "paused", reason: "waiting for a human" },
      { type: "run_finished", success: false, status: "paused" },
    ),
  });
  assertEquals(r.code, 2, r.stderr);
  const echoed = r.stdout.trim().split("\n");
  const logged = (await Deno.readTextFile(p.state.logPath(task.dir))).trim().split("\n");
  assertEquals(echoed.filter((l) => !l.includes('"agent_delta"')), logged);
  const delta = JSON.parse(echoed.find((l) => l.includes('"agent_delta"'))!);
  assertEquals(delta.seq, undefined);
  assertEquals(delta.event.delta, { kind: "thinking", text: "hm" });
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  // One run_started: the input's first event was one.
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "deploy_requested",
    "paused",
    "run_finished",
  ]);
  assertEquals(ls[2].event, { type: "deploy_requested", run: ls[0].event.run, target: "eu-1" });
  assertEquals((await readTask(p.state, task.dir)).record.status, "paused");
});

Deno.test("garbage lines are reported with their line numbers, not written, and the run goes on", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Garbage");
  const lines = [
    JSON.stringify({ type: "phase_started", phase: "build" }), // 1
    "not json at all", // 2
    JSON.stringify({ type: "phase_finished", phase: "build" }), // 3: lacks success, summary
    "[1,2,3]", // 4
    JSON.stringify({ type: "evil\nid: 9" }), // 5
    "", // 6: blank, skipped quietly
    JSON.stringify({ type: "tool_called", role: "r", tool: "t", input: {}, call: "XYZ" }), // 7
    "x".repeat(17 * 1024 * 1024), // 8: longer than the 16 MiB bound
    JSON.stringify({ type: "run_started" }), // 9: only as the first event
    JSON.stringify({ type: "custom.thing", n: 1 }), // 10: unknown type, plain name: kept
    JSON.stringify({ type: "log", level: "info", message: "still here" }), // 11
    JSON.stringify({ type: "run_finished", success: false, status: "failed" }), // 12
  ];
  const r = await runCli(["record", "1"], { cwd: p.dir, stdin: lines.join("\n") + "\n" });
  assertEquals(r.code, 1, r.stderr);
  for (const n of [2, 3, 4, 5, 7, 8, 9]) {
    assertStringIncludes(r.stderr, `line ${n} of stdin not written`);
  }
  for (const n of [1, 6, 10, 11, 12]) assert(!r.stderr.includes(`line ${n} of`), r.stderr);
  assertStringIncludes(r.stderr, "not JSON");
  assertStringIncludes(r.stderr, "phase_finished lacks success");
  assertStringIncludes(r.stderr, "not a plain name");
  assertStringIncludes(r.stderr, "tool_called.call does not match");
  assertStringIncludes(r.stderr, "longer than 16777216 bytes");
  assertStringIncludes(r.stdout, "(7 line(s) of stdin not written)");
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "custom.thing",
    "log",
    "run_finished",
  ]);
});

Deno.test("standard input closing without run_finished ends the run failed, after a log error", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Cut short");
  // The last line lacks its newline: it is whole, so it is written.
  const r = await runCli(["record", "1"], {
    cwd: p.dir,
    stdin: bare({ type: "phase_started", phase: "build" }) +
      JSON.stringify({ type: "agent_text", role: "coder", text: "last words" }),
  });
  assertEquals(r.code, 1, r.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), ["run_started", "phase_started", "agent_text", "log", "run_finished"]);
  assertEquals(ls[3].event.message, "standard input closed without run_finished");
  assertEquals([ls[4].event.success, ls[4].event.status], [false, "failed"]);
  assertEquals((await readTask(p.state, task.dir)).record.status, "failed");
});

Deno.test("two record processes on one task: the second fails clearly and writes nothing", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "One at a time");
  await using first = spawnCli(["record", "1", "--json"], { cwd: p.dir });
  await first.waitLines(1); // run_started: the lock is held
  const second = await runCli(["record", "1"], {
    cwd: p.dir,
    stdin: bare({ type: "phase_started", phase: "intruder" }),
  });
  assertEquals(second.code, 1);
  assertStringIncludes(second.stderr, "another process is running it");
  const w = first.child.stdin.getWriter();
  await w.write(
    new TextEncoder().encode(bare({ type: "run_finished", success: true, status: "done" })),
  );
  await w.close();
  assertEquals((await first.done).code, 0, first.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), ["run_started", "run_finished"]);
});

Deno.test("SIGTERM ends the run like a closed input: a log error, a failed run_finished, exit 130", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Stopped");
  await using rec = spawnCli(["record", "1", "--json"], { cwd: p.dir });
  const w = rec.child.stdin.getWriter();
  await w.write(new TextEncoder().encode(bare({ type: "phase_started", phase: "build" })));
  await rec.waitLines(2);
  rec.kill("SIGTERM");
  assertEquals((await rec.done).code, 130, rec.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), ["run_started", "phase_started", "log", "run_finished"]);
  assertStringIncludes(String(ls[2].event.message), "interrupted");
  assertEquals(ls[3].event.status, "failed");
  w.releaseLock();
});

Deno.test("a producer killed mid-run: record sees its input close and ends the run failed", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Producer dies");
  const pidFile = `${p.dir}/producer.pid`;
  // The producer writes two events, then hangs until it is killed.
  const producer = `import json, os, sys, time
open(${JSON.stringify(pidFile)}, "w").write(str(os.getpid()))
for e in [{"type": "phase_started", "phase": "build"}, {"type": "agent_text", "role": "coder", "text": "working"}]:
    print(json.dumps(e), flush=True)
time.sleep(120)
`;
  await Deno.writeTextFile(`${p.dir}/producer.py`, producer);
  const { MAIN } = await import("./helpers.ts");
  const { PERMISSION_FLAGS } = await import("../src/cli/permissions.ts");
  const pipeline = new Deno.Command("bash", {
    args: [
      "-c",
      `python3 producer.py | '${Deno.execPath()}' run --quiet ${
        PERMISSION_FLAGS.join(" ")
      } '${MAIN}' record 1`,
    ],
    cwd: p.dir,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  try {
    assert(
      await until(async () => (await logLines(p.state, task)).length >= 3),
      "the producer's events were written",
    );
    const pid = Number(await Deno.readTextFile(pidFile));
    Deno.kill(pid, "SIGKILL");
    const out = await pipeline.output();
    assertEquals(out.code, 1, new TextDecoder().decode(out.stderr));
  } finally {
    try {
      pipeline.kill("SIGKILL");
    } catch { /* ended */ }
  }
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), ["run_started", "phase_started", "agent_text", "log", "run_finished"]);
  assertEquals(ls[4].event.status, "failed");
});

Deno.test("record killed by SIGKILL, then record --resume: the same run goes on, seq gapless", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Crash and resume");
  {
    await using rec = spawnCli(["record", "1", "--json"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    await w.write(new TextEncoder().encode(bare(...somePhase())));
    await rec.waitLines(7);
    // run.json follows the run within 200 ms: wait for the session's usage in it.
    assert(
      await until(async () =>
        (await Deno.readTextFile(p.state.runJsonPath(task.dir))).includes('"input_tokens": 100')
      ),
      "run.json has the first session's usage",
    );
    rec.kill("SIGKILL");
    await rec.done;
    w.releaseLock();
  }
  const before = await logLines(p.state, task);
  assertEquals(before.length, 7);
  assertEquals(before.at(-1)!.event.type, "phase_finished");
  const r = await runCli(["record", "1", "--resume"], {
    cwd: p.dir,
    stdin: bare(...somePhase("f0f0f0f0f0f0"), {
      type: "run_finished",
      success: true,
      status: "done",
    }),
  });
  assertEquals(r.code, 0, r.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls).slice(6), [
    "phase_finished",
    "run_started",
    "phase_started",
    "agent_started",
    "tool_called",
    "tool_returned",
    "agent_finished",
    "phase_finished",
    "run_finished",
  ]);
  // Totals of the whole run: both agent sessions.
  assertEquals((ls.at(-1)!.event.usage as { input_tokens: number }).input_tokens, 200);
  // Nothing is left for doctor to find.
  const doctor = await runCli(["doctor"], { cwd: p.dir });
  assertEquals(doctor.code, 0, doctor.stdout + doctor.stderr);
});

Deno.test("an approval through record: paused exits 2, approve answers it, --resume continues", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Needs a yes");
  const first = await runCli(["record", "1"], {
    cwd: p.dir,
    stdin: bare(
      { type: "phase_started", phase: "plan" },
      { type: "phase_finished", phase: "plan", success: true, summary: "planned" },
      { type: "approval_requested", gate: "plan" },
      { type: "paused", reason: "waiting for approval of the plan" },
      { type: "run_finished", success: false, status: "paused" },
    ),
  });
  assertEquals(first.code, 2, first.stderr);
  const refused = await runCli(["record", "1", "--resume"], { cwd: p.dir, stdin: "" });
  assertEquals(refused.code, 1);
  assertStringIncludes(refused.stderr, "waits for approval of the plan gate");
  const fresh = await runCli(["record", "1"], { cwd: p.dir, stdin: "" });
  assertEquals(fresh.code, 1);
  assertStringIncludes(fresh.stderr, "its run is paused");
  const ok = await runCli(["approve", "1"], { cwd: p.dir });
  assertEquals(ok.code, 0, ok.stderr);
  // The way on that approve names is the recorder's, not the scripted engine's (which
  // refuses such a run), and that refusal names a way that works.
  assertStringIncludes(ok.stdout, "taskline record 1 --resume");
  const wrong = await runCli(["run", "1", "--resume"], { cwd: p.dir });
  assertEquals(wrong.code, 1);
  assertStringIncludes(wrong.stderr, "taskline record 1 --resume");
  assertStringIncludes(wrong.stderr, "taskline run 1 --restart");
  const resumed = await runCli(["record", "1", "--resume"], {
    cwd: p.dir,
    stdin: bare({ type: "run_finished", success: true, status: "done" }),
  });
  assertEquals(resumed.code, 0, resumed.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "phase_finished",
    "approval_requested",
    "paused",
    "run_finished",
    "approval_resolved",
    "run_started",
    "run_finished",
  ]);
});

Deno.test("taskline cancel stops a recording: run_finished cancelled, exit 130", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Cancel me");
  await using rec = spawnCli(["record", "1", "--json"], { cwd: p.dir });
  await rec.waitLines(1);
  const c = await runCli(["cancel", "1"], { cwd: p.dir });
  assertEquals(c.code, 0, c.stderr);
  assertEquals((await rec.done).code, 130, rec.stderr);
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), ["run_started", "log", "run_finished"]);
  assertEquals(ls[2].event.status, "cancelled");
  assertEquals((await readTask(p.state, task.dir)).record.status, "cancelled");
});

Deno.test("a new record after a killed one finishes the dead run first (log error, failed run_finished)", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Crash then anew");
  {
    await using rec = spawnCli(["record", "1", "--json"], { cwd: p.dir });
    const w = rec.child.stdin.getWriter();
    await w.write(new TextEncoder().encode(bare({ type: "phase_started", phase: "build" })));
    await rec.waitLines(2);
    rec.kill("SIGKILL");
    await rec.done;
    w.releaseLock();
  }
  const r = await runCli(["record", "1"], {
    cwd: p.dir,
    stdin: bare({ type: "run_finished", success: true, status: "done" }),
  });
  assertEquals(r.code, 0, r.stderr);
  assertStringIncludes(r.stderr, "finished as failed by the next run");
  const ls = await logLines(p.state, task);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "log",
    "run_finished",
    "run_started",
    "run_finished",
  ]);
  assertGapless(ls.slice(0, 4));
  assertEquals(ls[3].event.status, "failed");
  assertEquals(ls.slice(4).map((l) => l.seq), [1, 2]);
  assert(ls[4].event.run !== ls[0].event.run, "a new run id");
});

Deno.test("record --resume of a run paused by 0.4 keeps the totals of its run.json", async () => {
  // 0.4 kept the run's totals in run.json (naming no run) and none in run_finished.
  await using p = await tempProject();
  const task = await createTask(p.state, "Begun by 0.4", { status: "paused" });
  const legacy = await Deno.readTextFile(`${REPO}/fixtures/peer/events-legacy.jsonl`);
  // The peer's 0.4 run up to its run_finished (the last line is a schema-1 line).
  await Deno.writeTextFile(
    p.state.logPath(task.dir),
    legacy.split("\n").slice(0, 11).map((l) => l + "\n").join(""),
  );
  const usage = {
    input_tokens: 196,
    output_tokens: 136,
    cache_read_tokens: 0,
    cache_write_tokens: 2511,
  };
  await Deno.writeTextFile(
    p.state.runJsonPath(task.dir),
    JSON.stringify({
      validations: [],
      validation_fix_attempts: 0,
      pending_validation_fix: false,
      usage,
      active_ms: 2686,
    }),
  );
  const r = await runCli(["record", "1", "--resume"], {
    cwd: p.dir,
    stdin: bare(
      {
        type: "agent_finished",
        role: "coder",
        steps: 1,
        usage: {
          input_tokens: 100,
          output_tokens: 10,
          cache_read_tokens: 0,
          cache_write_tokens: 0,
        },
        stop: "completed",
      },
      { type: "run_finished", success: true, status: "done" },
    ),
  });
  assertEquals(r.code, 0, r.stderr);
  const ls = await logLines(p.state, task);
  assertEquals(ls.map((l) => l.seq), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  const end = ls.at(-1)!.event;
  assertEquals(end.type, "run_finished");
  // Totals of the whole run, the part 0.4 ran included.
  assertEquals(end.usage, {
    input_tokens: 296,
    output_tokens: 146,
    cache_read_tokens: 0,
    cache_write_tokens: 2511,
  });
  assert((end.active_ms as number) >= 2686, `active_ms ${end.active_ms}`);
  assertEquals(end.started_at, ls[0].at);
});

Deno.test(
  "a run whose process died shows as interrupted in task list, task show and /api/tasks",
  { sanitizeOps: false, sanitizeResources: false },
  async () => {
    await using p = await tempProject();
    const task = await createTask(p.state, "Killed");
    {
      await using rec = spawnCli(["record", "1", "--json"], { cwd: p.dir });
      const w = rec.child.stdin.getWriter();
      await w.write(new TextEncoder().encode(bare(...somePhase())));
      await rec.waitLines(7);
      rec.kill("SIGKILL");
      await rec.done;
      w.releaseLock();
    }
    assertEquals((await readTask(p.state, task.dir)).record.status, "running");
    const list = await runCli(["task", "list"], { cwd: p.dir });
    assertEquals(list.code, 0, list.stderr);
    assertMatch(list.stdout, /^#1 +interrupted +Killed$/m);
    const show = await runCli(["task", "show", "1"], { cwd: p.dir });
    assertStringIncludes(show.stdout, "status:   interrupted (task.json says running");
    await using s = await startServer(p.dir);
    const rows = await (await s.get("/api/tasks")).json();
    assertEquals([rows[0].running, rows[0].run.status], [false, "interrupted"]);
    // A process running it again: running.
    await using again = spawnCli(["record", "1", "--resume"], { cwd: p.dir });
    assert(
      await until(async () =>
        (await runCli(["task", "list"], { cwd: p.dir })).stdout.includes("running*")
      ),
      "running while recorded again",
    );
    const rows2 = await (await s.get("/api/tasks")).json();
    assertEquals([rows2[0].running, rows2[0].run.status], [true, "running"]);
    await again.closeStdin();
    await again.done;
  },
);
