import { assert, assertEquals } from "../../tests/assert.ts";
import { checkEventInput } from "./event_input.ts";

const bad = (v: unknown) => {
  const c = checkEventInput(v);
  assert(!c.ok, `accepted ${JSON.stringify(v)}`);
  return c.reason;
};

Deno.test("a known event is written in the contract's key order, run left to the recorder", () => {
  const c = checkEventInput({
    subtask: null,
    extra: 1,
    tool: "bash",
    run: "ignored",
    role: "coder",
    input: { command: "ls" },
    type: "tool_called",
    call: "0123456789ab",
  });
  assert(c.ok);
  assertEquals(
    JSON.stringify(c.event),
    JSON.stringify({
      type: "tool_called",
      role: "coder",
      tool: "bash",
      input: { command: "ls" },
      call: "0123456789ab",
      subtask: null,
      extra: 1,
    }),
  );
});

Deno.test("fields added in 0.5 may be left out and are written with the contract's defaults", () => {
  const c = checkEventInput({ type: "agent_started", role: "coder", subtask: null });
  assert(c.ok);
  assertEquals(c.event, { type: "agent_started", role: "coder", subtask: null, model: "" });
});

Deno.test("missing required fields and fields of the wrong type are refused with the field named", () => {
  assertEquals(bad({ type: "phase_started" }), "phase_started lacks phase");
  assertEquals(bad({ type: "phase_started", phase: 3 }), "phase_started.phase is not string");
  assert(
    bad({ type: "tool_called", role: "r", tool: "t", input: 1, call: "xyz" }).includes("call"),
  );
  assert(bad({ type: "approval_requested", gate: "deploy" }).includes("gate"));
  assert(
    bad({ type: "agent_delta", role: "r", subtask: null, delta: { kind: "x", text: "" } })
      .includes("delta.kind"),
  );
  assert(bad({ type: "artefact_written", artefact: { kind: "qa_report" } }).includes("round"));
  assert(
    bad({
      type: "validation_finished",
      command: "c",
      integration: false,
      passed: true,
      exit_code: 1.5,
    })
      .includes("exit_code"),
  );
  assertEquals(bad([1]), "not a JSON object");
  assertEquals(bad({ kind: "x" }), "no string type");
});

Deno.test("unknown types are kept when the type is a plain name, refused otherwise", () => {
  const c = checkEventInput({ type: "deploy_started", run: "x", target: "eu" });
  assert(c.ok);
  assertEquals(c.event, { type: "deploy_started", target: "eu" });
  assert(bad({ type: "x\nid: 9" }).includes("plain name"));
  assert(bad({ type: "" }).includes("plain name"));
});

Deno.test("tool_returned with output: preview, chars and file are left to the trace store step", () => {
  const c = checkEventInput({
    type: "tool_returned",
    role: "coder",
    tool: "bash",
    is_error: false,
    duration_ms: 3,
    call: "0123456789ab",
    subtask: null,
    output: "hello",
    preview: "forged",
  });
  assert(c.ok);
  assertEquals(c.output, "hello");
  assertEquals("preview" in c.event, false);
  assert(
    bad({
      type: "tool_returned",
      role: "c",
      tool: "t",
      is_error: false,
      duration_ms: 1,
      output: "x",
    })
      .includes("lacks call"),
  );
  // Without output, preview is the producer's and required.
  assert(
    bad({ type: "tool_returned", role: "c", tool: "t", is_error: false, duration_ms: 1 })
      .includes("preview"),
  );
});

Deno.test("run_started's task and run_finished's totals are taskline's", () => {
  const c = checkEventInput({
    type: "run_finished",
    success: true,
    status: "done",
    active_ms: "x",
  });
  assert(c.ok);
  assertEquals(c.event, { type: "run_finished", success: true, status: "done" });
  assert(checkEventInput({ type: "run_started" }).ok);
});
