import { assertEquals } from "../../tests/assert.ts";
import { REPO, tempProject } from "../../tests/helpers.ts";
import { emptyRunState, loadRunState, normalizeRunState, saveRunState } from "./run_state.ts";
import { StateDir } from "./state_dir.ts";

Deno.test("absent run.json fields load as empty or zero", () => {
  assertEquals(normalizeRunState({}), emptyRunState());
  assertEquals(normalizeRunState(null), emptyRunState());
  assertEquals(normalizeRunState([1]), emptyRunState());
  const s = normalizeRunState({ run: "r", usage: { input_tokens: 5 }, active_ms: "x" });
  assertEquals(s.usage, {
    input_tokens: 5,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
  assertEquals(s.active_ms, 0);
  assertEquals(s.validations, []);
  assertEquals(s.validation_fix_attempts, 0);
  assertEquals(s.pending_validation_fix, false);
  assertEquals(s.pending_approval, null);
  assertEquals(s.approvals, []);
});

Deno.test("a run.json written by 0.4 loads: its fields kept, the missing ones zero", async () => {
  const state = new StateDir(`${REPO}/fixtures/projects/releases/.taskline`);
  const s = await loadRunState(state, "003-document-the-verbose-flag");
  assertEquals(s.run, "d2c4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e04");
  assertEquals(s.validations, [{ command: "make check", passed: true, exit_code: 0 }]);
  assertEquals(s.usage, {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
  assertEquals(s.active_ms, 0);
  assertEquals(s.started_at, "");
  assertEquals(s.approvals, []);
});

Deno.test("a missing or unreadable run.json loads as the empty state", async () => {
  await using p = await tempProject();
  await Deno.mkdir(p.state.taskDir("001-x"));
  assertEquals(await loadRunState(p.state, "001-x"), emptyRunState());
  await Deno.writeTextFile(p.state.runJsonPath("001-x"), "{ torn");
  assertEquals(await loadRunState(p.state, "001-x"), emptyRunState());
});

Deno.test("run.json round-trips and keeps fields it does not know", async () => {
  await using p = await tempProject();
  await Deno.mkdir(p.state.taskDir("001-x"));
  const s = {
    ...emptyRunState(),
    run: "r",
    active_ms: 42,
    pending_approval: "merge" as const,
    vendor: { a: 1 },
  };
  await saveRunState(p.state, "001-x", s);
  assertEquals(await loadRunState(p.state, "001-x"), s);
});
