/**
 * The producers shown in docs/producing.md are the files under
 * scripts/examples/, verbatim, and they produce runs through `taskline
 * record` as the page says.
 *
 * @module
 */
import { assert, assertEquals, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO, runCli, tempProject } from "./helpers.ts";
import { PERMISSION_FLAGS } from "../src/cli/permissions.ts";
import { createTask } from "../src/store/tasks.ts";
import { assertGapless, logLines, typesOf } from "./record_util.ts";

const DOC = `${REPO}/docs/producing.md`;
const PY = `${REPO}/scripts/examples/engine.py`;
const SH = `${REPO}/scripts/examples/engine.sh`;

Deno.test("docs/producing.md shows the example engines verbatim; the Python one is 20 lines", async () => {
  const doc = await Deno.readTextFile(DOC);
  const py = await Deno.readTextFile(PY);
  const sh = await Deno.readTextFile(SH);
  assertStringIncludes(doc, "```python\n" + py + "```\n");
  assertStringIncludes(doc, "```sh\n" + sh + "```\n");
  assertEquals(py.trimEnd().split("\n").length, 20);
});

/** `<producer> | taskline record 1` in a shell, from the project root. */
async function pipeInto(cwd: string, producer: string) {
  const taskline = [Deno.execPath(), "run", "--quiet", ...PERMISSION_FLAGS, MAIN]
    .map((w) => `'${w}'`).join(" ");
  const out = await new Deno.Command("bash", {
    args: ["-c", `set -o pipefail; ${producer} | ${taskline} record 1`],
    cwd,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, stdout: dec.decode(out.stdout), stderr: dec.decode(out.stderr) };
}

Deno.test("the Python engine loop of the docs produces a run: outputs kept, totals, trace", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "From Python");
  const r = await pipeInto(p.dir, `python3 '${PY}' 'echo hello' 'exit 3'`);
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "");
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "agent_started",
    "tool_called",
    "tool_returned",
    "tool_called",
    "tool_returned",
    "agent_finished",
    "phase_finished",
    "run_finished",
  ]);
  const [hello, failed] = [ls[4].event, ls[6].event];
  assertEquals([hello.preview, hello.exit_code, hello.is_error], ["hello\n", 0, false]);
  assertEquals([failed.exit_code, failed.is_error], [3, true]);
  assertEquals(await Deno.readTextFile(`${p.dir}/${hello.output_file}`), "hello\n");
  const history = JSON.parse((await runCli(["history", "1", "--json"], { cwd: p.dir })).stdout);
  const run = history.runs[0];
  assertEquals([run.status, run.success, run.usage.input_tokens], ["done", true, 1200]);
  const trace = await runCli(["trace", "1"], { cwd: p.dir });
  assertEquals(trace.code, 0, trace.stderr);
  assertStringIncludes(trace.stdout, "echo hello");
  assertStringIncludes(trace.stdout, "hello");
});

Deno.test("the shell producer of the docs produces a run, its output quoted by jq", async () => {
  await using p = await tempProject();
  const task = await createTask(p.state, "From shell");
  const r = await pipeInto(p.dir, `sh '${SH}'`);
  assertEquals(r.code, 0, r.stderr);
  assertEquals(r.stderr, "");
  const ls = await logLines(p.state, task);
  assertGapless(ls);
  assertEquals(typesOf(ls), [
    "run_started",
    "phase_started",
    "tool_called",
    "tool_returned",
    "validation_finished",
    "phase_finished",
    "run_finished",
  ]);
  const ret = ls[3].event;
  assertEquals(ret.call, ls[2].event.call);
  assert(typeof ret.output_file === "string", "the output is kept");
  assertEquals(ret.preview, "Linux\n");
});
