import { assert, assertEquals, assertRejects, assertStringIncludes } from "../../tests/assert.ts";
import { BUILTIN_SCENARIO } from "../../scenarios/builtin.ts";
import { checkScenario, parseScenario } from "./scenario.ts";
import { TasklineError } from "../errors.ts";

Deno.test("the built-in scenario follows the scenario schema", async () => {
  assertEquals(await checkScenario(structuredClone(BUILTIN_SCENARIO), "builtin"), BUILTIN_SCENARIO);
});

Deno.test("every demo scenario file follows the schema", async () => {
  const dir = new URL("../../scenarios/", import.meta.url);
  let n = 0;
  for await (const e of Deno.readDir(dir)) {
    if (!e.name.endsWith(".jsonc")) continue;
    await parseScenario(await Deno.readTextFile(new URL(e.name, dir)), e.name);
    n++;
  }
  assert(n >= 3, "the demo has its scenarios");
});

Deno.test("a scenario with comments and trailing commas reads", async () => {
  const s = await parseScenario('// a\n{"phases": [{"name": "build",},], /* b */}', "inline");
  assertEquals(s.phases[0].name, "build");
});

Deno.test("a scenario error names the source, the place and the problem", async () => {
  const e = await assertRejects(
    () => parseScenario('{"phases": [{"name": "build", "agents": [{"model": "x"}]}]}', "x.jsonc"),
    TasklineError,
  ) as TasklineError;
  assertEquals(e.code, "usage");
  assertStringIncludes(e.message, "x.jsonc");
  assertStringIncludes(e.message, "/phases/0/agents/0 must have required property 'role'");
  const syntax = await assertRejects(() =>
    parseScenario('{"phases": [', "y.jsonc")
  ) as TasklineError;
  assertStringIncludes(syntax.message, "y.jsonc");
});
