/**
 * The trace view as a library: pairing by call id (also out of order), by
 * order for pre-0.5 logs, calls without results and results without calls,
 * filters, complete outputs from the trace store, and the safe reader.
 */
import { assert, assertEquals, assertRejects } from "./assert.ts";
import { copyTree, env, REPO, taskWithLog, tempProject } from "./helpers.ts";
import { StateDir } from "../src/store/state_dir.ts";
import { listTasks, type Task } from "../src/store/tasks.ts";
import { resolveRef } from "../src/store/refs.ts";
import type { Envelope } from "../src/contract/envelope.ts";
import { TasklineError } from "../src/errors.ts";
import { buildRunTrace } from "../src/views/trace.ts";
import { readTraceOutput } from "../src/views/trace_output.ts";

const PEER = `${REPO}/fixtures/peer`;

async function releases(): Promise<{ state: StateDir; tasks: Task[] } & AsyncDisposable> {
  const dir = await Deno.makeTempDir({ prefix: "taskline-trace-" });
  await copyTree(`${REPO}/fixtures/projects/releases`, dir);
  const state = new StateDir(`${dir}/.taskline`);
  return {
    state,
    tasks: await listTasks(state),
    [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
  };
}

Deno.test("the real peer run gives the peer's recorded RunTrace, output_file kept relative", async () => {
  await using p = await tempProject();
  const tagged = JSON.parse(await Deno.readTextFile(`${PEER}/real-events.json`)) as Record<
    string,
    unknown
  >[];
  const envs = tagged.map(({ task: _t, number: _n, ...e }) => e as unknown as Envelope);
  const task = await taskWithLog(p.state, "Write the greeting", envs, { number: 1 });
  const ours = await buildRunTrace(p.state, task);
  const theirs = JSON.parse(await Deno.readTextFile(`${PEER}/real-trace.json`));
  assertEquals(ours.run, theirs.run);
  assertEquals(ours.files_written, theirs.files_written);
  assertEquals(ours.calls.length, 1);
  const { result, seq, ...call } = ours.calls[0];
  assertEquals(result, "ok");
  assertEquals(seq, 18);
  // The peer's server made the path absolute; taskline keeps the event's path.
  assertEquals(call, {
    ...theirs.calls[0],
    output_file:
      ".vibe/tool-output/001-write-the-greeting/986edd04-f7ca-4734-9e5f-c9779a4f6473/e6773c7642a0.txt",
  });
});

Deno.test("parallel calls returning out of order pair by call id", async () => {
  await using p = await releases();
  const trace = await buildRunTrace(p.state, resolveRef("7", p.tasks));
  assertEquals(trace.calls.map((c) => [c.tool, c.paired, c.result]), [
    ["read_file", "id", "ok"],
    ["grep", "id", "ok"],
    ["list_dir", "id", "ok"],
  ]);
  // Each call has its own return: previews differ and match the tool.
  assert(trace.calls[2].preview.startsWith("src/handlers/"), trace.calls[2].preview);
  assert(trace.calls[1].preview.includes("Error::NotFound"));
  assert(trace.calls[0].returned_at! > trace.calls[2].returned_at!, "read_file returned last");
});

Deno.test("pre-0.5 calls pair by order per run, role, tool and subtask, and say so", async () => {
  await using p = await releases();
  for (const ref of ["1", "2", "3"]) {
    const trace = await buildRunTrace(p.state, resolveRef(ref, p.tasks));
    assert(trace.calls.length > 0, `#${ref} has calls`);
    assert(trace.calls.every((c) => c.paired === "order"), `#${ref}`);
    assert(trace.paired_by_order);
    assert(trace.calls.every((c) => c.returned_at !== null), `#${ref}: every call returned`);
  }
});

Deno.test("a call that never returned and a return without a call are both kept", async () => {
  await using p = await tempProject();
  const run = "66666666-2222-4333-8444-555555555555";
  const sub = "77777777-2222-4333-8444-555555555555";
  const task = await taskWithLog(p.state, "Odd", [
    env(1, "2026-03-01T10:00:00Z", { type: "run_started", run, task: "t" }),
    env(2, "2026-03-01T10:00:01Z", {
      type: "tool_called",
      run,
      role: "coder",
      tool: "bash",
      input: { command: "sleep 999" },
      call: "0123456789ab",
      subtask: sub,
    }),
    env(3, "2026-03-01T10:00:02Z", {
      type: "tool_returned",
      run,
      role: "coder",
      tool: "bash",
      is_error: true,
      duration_ms: 1500,
      preview: "boom",
      call: "ba9876543210",
      subtask: null,
      exit_code: 2,
      timed_out: false,
      output_chars: 4,
      output_file: null,
    }),
  ]);
  const trace = await buildRunTrace(p.state, task);
  assertEquals(
    trace.calls.map((c) => [c.call, c.paired, c.result, c.called_at !== null, c.input]),
    [
      ["0123456789ab", "unmatched", "no result", true, { command: "sleep 999" }],
      ["ba9876543210", "unmatched", "exit 2", false, null],
    ],
  );
  // Filters: by tool, and by subtask prefix.
  assertEquals((await buildRunTrace(p.state, task, { subtask: "7777" })).calls.length, 1);
  assertEquals((await buildRunTrace(p.state, task, { tool: "grep" })).calls.length, 0);
  assertEquals((await buildRunTrace(p.state, task, { tool: "bash" })).calls.length, 2);
});

Deno.test("a timed-out call, every run with all, and an unknown run prefix", async () => {
  await using p = await releases();
  const failed = await buildRunTrace(p.state, resolveRef("6", p.tasks));
  assert(failed.calls.some((c) => c.result === "timed out"), JSON.stringify(failed.calls));
  const all = await buildRunTrace(p.state, resolveRef("6", p.tasks), { all: true });
  assertEquals(all.run, null);
  assert(all.runs.length === 2);
  await assertRejects(
    () => buildRunTrace(p.state, resolveRef("6", p.tasks), { run: "ffffffff" }),
    TasklineError,
  );
});

Deno.test("--full reads the trace store: complete, cut, missing, not kept", async () => {
  await using p = await releases();
  const task7 = resolveRef("7", p.tasks);
  const full = await buildRunTrace(p.state, task7, { full: true });
  const grep = full.calls.find((c) => c.tool === "grep")!;
  assertEquals(grep.output_state, "cut");
  assertEquals(grep.output_total_chars, grep.output_chars);
  assert(grep.output!.length > grep.preview.length);
  assert(grep.output!.startsWith(grep.preview));
  const list = full.calls.find((c) => c.tool === "list_dir")!;
  assertEquals(list.output_state, "complete");
  // Remove one file: missing, and the preview stands in.
  await Deno.remove(p.state.traceFile(task7.dir, list.run, list.call));
  const again = await buildRunTrace(p.state, task7, { full: true, tool: "list_dir" });
  assertEquals(again.calls[0].output_state, "missing");
  assertEquals(again.calls[0].output, again.calls[0].preview);
  // Pre-0.5 calls kept only previews.
  const old = await buildRunTrace(p.state, resolveRef("1", p.tasks), { full: true });
  assert(old.calls.every((c) => c.output_state === "before 0.5"));
});

Deno.test("readTraceOutput: 12 hex digits only, nothing outside the trace store", async () => {
  await using p = await releases();
  const task7 = resolveRef("7", p.tasks);
  const out = await readTraceOutput(p.state, task7, "F01E2D3C4B5A");
  assert(out !== null && out.text.startsWith("src/handlers/"));
  assertEquals(out.cut, null);
  const cut = await readTraceOutput(p.state, task7, "a8d2e6f0b4c1");
  assert(cut !== null && cut.cut !== null && cut.cut.total === 4970, JSON.stringify(cut?.cut));
  for (const bad of ["../../../etc", "f01e2d3c4b5", "f01e2d3c4b5a0", "g01e2d3c4b5a", ""]) {
    const e = await assertRejects(() => readTraceOutput(p.state, task7, bad), TasklineError);
    assertEquals((e as TasklineError).code, "bad-request");
  }
  assertEquals(await readTraceOutput(p.state, task7, "000000000000"), null);
  // A link in the store that leads outside it is refused.
  const outside = await Deno.makeTempFile();
  try {
    await Deno.writeTextFile(outside, "secret");
    const run = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c08";
    await Deno.symlink(outside, p.state.traceFile(task7.dir, run, "abcdefabcdef"));
    const e = await assertRejects(
      () => readTraceOutput(p.state, task7, "abcdefabcdef"),
      TasklineError,
    );
    assertEquals((e as TasklineError).code, "bad-state");
  } finally {
    await Deno.remove(outside);
  }
});
