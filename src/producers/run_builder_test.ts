import { assert, assertEquals } from "../../tests/assert.ts";
import { OPEN_CALLS_MAX, type Produced, RunBuilder, summaryOf } from "./run_builder.ts";

function builder() {
  let n = 0;
  return new RunBuilder("agent", "the agent's final line", {
    newCall: () => (++n).toString(16).padStart(12, "0"),
    now: () => 0,
  });
}

Deno.test("a session's events come in the contract's order, the session in a phase of its own", () => {
  const b = builder();
  const out: Produced[] = [];
  b.startSession(out, "m");
  b.startSession(out, "m"); // open already: nothing
  b.endSession(out, { success: true, summary: "fine", steps: 3, durationMs: 1200 });
  assertEquals(out.map((p) => p.event.type), [
    "phase_started",
    "agent_started",
    "agent_finished",
    "phase_finished",
  ]);
  assertEquals(out[2].event.steps, 3);
  assertEquals(b.finish(out, "eof"), { success: true, status: "done", activeMs: 1200 });
});

Deno.test("a call id is fresh for every call, and an open id is not called twice", () => {
  const b = builder();
  const out: Produced[] = [];
  b.startSession(out, "");
  b.called(out, "x", "agent", "t", {});
  b.called(out, "x", "agent", "t", {});
  b.called(out, "y", "agent", "t", {});
  assertEquals(out.filter((p) => p.event.type === "tool_called").map((p) => p.event.call), [
    "000000000001",
    "000000000002",
  ]);
});

Deno.test("interrupted or cancelled: the open session ends without the caller's error, the run not done", () => {
  for (const cause of ["interrupt", "cancel"] as const) {
    const b = builder();
    const out: Produced[] = [];
    b.startSession(out, "");
    b.called(out, "x", "agent", "t", {});
    const end = b.finish(out, cause);
    assertEquals(end.status, "failed");
    assert(!out.some((p) => p.event.type === "log" && p.event.level === "error"));
    const stop = out.find((p) => p.event.type === "agent_finished")!.event.stop;
    assertEquals(JSON.parse(String(stop)).reason, cause === "cancel" ? "cancelled" : "interrupted");
  }
});

Deno.test("open calls are bounded: past the bound the oldest is given up with a warning", () => {
  const b = builder();
  const out: Produced[] = [];
  b.startSession(out, "");
  for (let i = 0; i <= OPEN_CALLS_MAX; i++) b.called(out, `c${i}`, "agent", "t", null);
  const warnings = out.filter((p) => p.event.type === "log");
  assertEquals(warnings.length, 1);
  assert(String(warnings[0].event.message).includes("the agent's c0)"));
  assert(!b.isOpen("c0") && b.isOpen(`c${OPEN_CALLS_MAX}`));
});

Deno.test("a summary is the first line, at most 200 characters", () => {
  assertEquals(summaryOf("  one\ntwo"), "one");
  assertEquals(summaryOf("x".repeat(300)).length, 200);
});
