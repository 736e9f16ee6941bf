import { assert, assertEquals } from "../../tests/assert.ts";
import { tempProject } from "../../tests/helpers.ts";
import { createTask, readTask, saveTask } from "../store/tasks.ts";
import { acquireTaskLock } from "../store/lock.ts";
import { defaultSettings } from "../store/settings.ts";
import { readAll } from "../store/log_reader.ts";
import type { Envelope } from "../contract/envelope.ts";
import { runTask, TASK_STATUS } from "./run_task.ts";
import type { Scenario } from "./scenario.ts";

function ev(e: Envelope): Record<string, unknown> {
  return e.event as unknown as Record<string, unknown>;
}

Deno.test("a conflicted attempt is integrated with its conflicts, retried, then done", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Conflicts");
  const scenario: Scenario = {
    tick_ms: 1,
    phases: [{
      name: "build",
      subtasks: [{
        title: "Rename",
        attempts: [
          { commit: { message: "first", files: ["a.ts"] }, conflicts: ["a.ts"], delay_ms: 1 },
          { commit: { message: "second\nbody", files: ["a.ts", "b.ts"] } },
        ],
      }],
    }],
  };
  const s = await runTask(p.state, task, { scenario, settings: defaultSettings() });
  assertEquals(s.run_status, "done");
  const log = (await readAll(p.state.logPath(task.dir))).map((r) => ev(r.env));
  const integrated = log.filter((e) => e.type === "subtask_integrated");
  assertEquals(integrated.map((e) => e.conflicts), [["a.ts"], []]);
  const statuses = log.filter((e) => e.type === "subtask_updated").map((e) => e.status);
  assertEquals(statuses, ["pending", "in_progress", "conflicted", "in_progress", "done"]);
  const retry = log.find((e) => e.type === "retrying")!;
  assertEquals([retry.what, retry.attempt], ['subtask "Rename"', 2]);
  const commits = log.filter((e) => e.type === "committed");
  assertEquals(commits.map((c) => c.message), ["first", "second"]);
  assert(commits.every((c) => /^[0-9a-f]{40}$/.test(String(c.commit)) && c.subtask !== null));
  // budget_updated after each subtask attempt and after the phase.
  assertEquals(log.filter((e) => e.type === "budget_updated").length, 3);
});

Deno.test("an active-time budget stops a running agent like a cancellation", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Slow");
  const scenario: Scenario = {
    tick_ms: 50,
    phases: [{
      name: "build",
      agents: [{
        role: "coder",
        usage: { input_tokens: 100 },
        steps: [
          { text: "a" },
          { tools: [{ tool: "bash", input: { command: "sleep" }, duration_ms: 60_000 }] },
        ],
      }],
    }],
  };
  const live: Envelope[] = [];
  const s = await runTask(p.state, task, {
    scenario,
    settings: defaultSettings(),
    maxDurationSecs: 0.3,
    onEnvelope: (e) => live.push(e),
  });
  assertEquals(s.run_status, "budget_exhausted");
  assertEquals(s.exit_code, 2);
  assert(s.active_ms >= 300 && s.active_ms < 10_000, `active ${s.active_ms}`);
  const log = (await readAll(p.state.logPath(task.dir))).map((r) => ev(r.env));
  const called = log.find((e) => e.type === "tool_called")!;
  const returned = log.find((e) => e.type === "tool_returned")!;
  assertEquals([returned.call, returned.is_error], [called.call, true]);
  const finished = log.find((e) => e.type === "agent_finished")!;
  assertEquals(JSON.parse(String(finished.stop)), { reason: "budget" });
  assertEquals(log.map((e) => e.type).slice(-3), ["budget_updated", "paused", "run_finished"]);
  const budget = log.findLast((e) => e.type === "budget_updated")!;
  assertEquals(budget.duration_limit_ms, 300);
  // Subscribers got the deltas; the log did not.
  assert(live.some((e) => e.event.type === "agent_delta"));
  assert(!log.some((e) => e.type === "agent_delta"));
});

Deno.test("a merge phase merges only with pipeline.auto_merge", async () => {
  await using p = await tempProject();
  const scenario: Scenario = { tick_ms: 1, phases: [{ name: "merge", merge: { base: "main" } }] };
  for (const auto_merge of [false, true]) {
    const task = await createTask(p.state, `Merge ${auto_merge}`);
    const settings = defaultSettings();
    settings.pipeline.auto_merge = auto_merge;
    assertEquals((await runTask(p.state, task, { scenario, settings })).run_status, "done");
    const log = (await readAll(p.state.logPath(task.dir))).map((r) => ev(r.env));
    const merged = log.filter((e) => e.type === "merged");
    const finished = log.find((e) => e.type === "phase_finished")!;
    if (auto_merge) {
      assertEquals([merged[0].branch, merged[0].base], [`taskline/${task.dir}`, "main"]);
    } else {
      assertEquals(merged.length, 0);
      assertEquals(finished.summary, "ready for human review and merge (auto_merge is off)");
    }
  }
});

Deno.test("a run that waited for the lock sees the task as the run before it left it (paused: refused)", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "Add login");
  // Another process runs the task: it holds the lock.
  const held = await acquireTaskLock(p.state, task.dir);
  const second = runTask(p.state, task, { settings: defaultSettings(), speed: 1000 })
    .then(() => null, (e) => e as Error);
  // The other run pauses at a gate and lets go of the lock while the second
  // one is still trying to take it.
  await new Promise((r) => setTimeout(r, 20));
  const paused = await readTask(p.state, task.dir);
  paused.record.status = TASK_STATUS.paused;
  await saveTask(p.state, paused);
  held.release();
  const e = await second;
  assert(e !== null, "the second run was refused");
  assert(/its run is paused/.test(e.message), e.message);
  assertEquals((await readTask(p.state, task.dir)).record.status, TASK_STATUS.paused);
});
