import { assert, assertEquals, assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import { REPO, tempProject } from "../../tests/helpers.ts";
import { TasklineError } from "../errors.ts";
import { defaultSettings, loadSettings, parseSettings } from "./settings.ts";
import { StateDir } from "./state_dir.ts";

Deno.test("defaults: tracing on at 100000 characters, approvals none, budgets off", () => {
  const s = defaultSettings();
  assertEquals(s.pipeline.trace_outputs, true);
  assertEquals(s.pipeline.trace_max_chars, 100_000);
  assertEquals(s.pipeline.max_validation_fix_attempts, 2);
  assertEquals(s.pipeline.approvals, []);
  assertEquals(s.pipeline.max_tokens, null);
  assertEquals(s.pipeline.max_duration_secs, null);
  assertEquals(s.pipeline.project_memory, true);
  assertEquals(s.pricing, {});
  assertEquals(s.pricing_currency, "USD");
});

Deno.test("a project without config.jsonc gets the defaults and no warning", async () => {
  await using p = await tempProject();
  assertEquals(await loadSettings(p.state), { settings: defaultSettings(), warnings: [] });
});

Deno.test("JSONC: line and block comments and trailing commas are read", () => {
  const { settings, warnings } = parseSettings(`// project settings
{
  /* gates */ "pipeline": { "approvals": ["plan", "merge"], "trace_max_chars": 500, },
  "pricing": { "anthropic/claude-sonnet-5": { "input": 3, "output": 15 } }, // per million
}`);
  assertEquals(warnings, []);
  assertEquals(settings.pipeline.approvals, ["plan", "merge"]);
  assertEquals(settings.pipeline.trace_max_chars, 500);
  assertEquals(settings.pipeline.trace_outputs, true, "unset keys keep their default");
  assertEquals(settings.pricing["anthropic/claude-sonnet-5"], {
    input: 3,
    output: 15,
    cache_read: 0,
    cache_write: 0,
  });
});

Deno.test("unknown keys are warned about by name, at every level", () => {
  const { settings, warnings } = parseSettings(
    `{ "pipelin": {}, "pipeline": { "trace_max_char": 5, "max_tokens": 1000 },
       "server": { "hots": "x" }, "security": { "web_domains": [] },
       "pricing": { "m": { "inptu": 1 } } }`,
    ".taskline/config.jsonc",
  );
  assertEquals(settings.pipeline.max_tokens, 1000);
  for (
    const key of [
      "pipelin",
      "pipeline.trace_max_char",
      "server.hots",
      "security.web_domains",
      "pricing.m.inptu",
    ]
  ) {
    const hit = warnings.find((w) => w.endsWith(`unknown key ${key}`));
    assertEquals(typeof hit, "string", `no warning names ${key}: ${warnings.join("; ")}`);
    assertStringIncludes(hit!, ".taskline/config.jsonc");
  }
  assertEquals(warnings.length, 5);
});

Deno.test("keys named like an object's own properties are unknown keys, not a crash", () => {
  const { settings, warnings } = parseSettings(
    `{ "pipeline": { "constructor": true, "toString": 1, "__proto__": {}, "max_tokens": 7 },
       "server": { "constructor": 1 }, "security": { "hasOwnProperty": [] } }`,
  );
  assertEquals(settings.pipeline.max_tokens, 7);
  for (const key of ["pipeline.constructor", "pipeline.toString", "server.constructor"]) {
    assert(warnings.some((w) => w.endsWith(`unknown key ${key}`)), warnings.join("; "));
  }
});

Deno.test("a value of the wrong type is warned about and the default kept", () => {
  const { settings, warnings } = parseSettings(
    `{ "pipeline": { "trace_outputs": "yes", "trace_max_chars": -1, "approvals": ["deploy"] } }`,
  );
  assertEquals(settings.pipeline.trace_outputs, true);
  assertEquals(settings.pipeline.trace_max_chars, 100_000);
  assertEquals(settings.pipeline.approvals, []);
  assertEquals(warnings.length, 3);
  assertStringIncludes(warnings.join("\n"), "pipeline.trace_max_chars");
});

Deno.test("text that is not JSONC is a bad-state error naming the file and line", () => {
  const e = assertThrows(
    () => parseSettings('{\n "pipeline": {\n  "approvals": [,\n}', ".taskline/config.jsonc"),
    TasklineError,
  ) as TasklineError;
  assertEquals(e.code, "bad-state");
  assertStringIncludes(e.message, ".taskline/config.jsonc");
  assertStringIncludes(e.message, "line 3");
  assertEquals(
    (assertThrows(() => parseSettings("[1]"), TasklineError) as TasklineError).code,
    "bad-state",
  );
});

Deno.test("the fixture projects' settings load without warnings", async () => {
  for (const name of ["releases", "peer", "clash"]) {
    const { settings, warnings } = await loadSettings(
      new StateDir(`${REPO}/fixtures/projects/${name}/.taskline`),
    );
    assertEquals(warnings, [], name);
    if (name === "releases") {
      assertEquals(settings.pipeline.trace_max_chars, 2000);
      assertEquals(settings.pipeline.approvals, ["plan"]);
    }
  }
});
