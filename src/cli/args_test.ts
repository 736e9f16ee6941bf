import fc from "fast-check";
import { parseArgs as nodeParseArgs } from "node:util";
import { assertEquals, assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import { parseArgs } from "./args.ts";

const OPTIONS = {
  after: { type: "string" as const },
  json: { type: "boolean" as const },
  type: { type: "string" as const, multiple: true },
  follow: { type: "boolean" as const, short: "f" },
  verbose: { type: "boolean" as const, short: "v" },
  out: { type: "string" as const, short: "o" },
};

Deno.test("parseArgs reads arguments as node:util's parseArgs does in strict mode", () => {
  const token = fc.oneof(
    fc.constantFrom(
      "--after",
      "--json",
      "--type",
      "--follow",
      "-f",
      "-v",
      "-fv",
      "-vo",
      "-f-",
      "-v-fo",
      "-f-ov",
      "-ofile",
      "-o",
      "--",
      "-",
      "--json=1",
      "--after=5",
      "--type=a,b",
      "--nope",
      "-x",
      "-5",
      "1",
      "x",
      "tool_called",
    ),
    fc.string({ maxLength: 4 }),
  );
  fc.assert(
    fc.property(fc.array(token, { maxLength: 8 }), (args) => {
      let want: unknown;
      try {
        const r = nodeParseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true });
        want = { values: { ...r.values }, positionals: r.positionals };
      } catch {
        want = "usage error";
      }
      let got: unknown;
      try {
        got = parseArgs("test", args, OPTIONS);
      } catch (e) {
        got = (e as { code?: string }).code === "usage" ? "usage error" : e;
      }
      assertEquals(got, want, JSON.stringify(args));
    }),
    { numRuns: 20_000 },
  );
});

Deno.test("flagValues reads the arguments as the command's parser does, and nothing when they do not parse", async () => {
  const { flagValues } = await import("./args.ts");
  const flags = {
    follow: { type: "boolean" as const, short: "f", description: "" },
    verbose: { type: "boolean" as const, short: "v", description: "" },
    live: { type: "boolean" as const, description: "" },
    type: { type: "string" as const, short: "t", multiple: true, description: "" },
  };
  assertEquals(flagValues("x", ["1", "-vf"], flags).follow, true);
  assertEquals(flagValues("x", ["1", "--", "-f"], flags).follow, undefined);
  assertEquals(flagValues("x", ["--type", "x"], flags).follow, undefined);
  // A string option's value is not a group of switches (a scan of the raw words took it for -f).
  assertEquals(flagValues("x", ["-tf"], flags), { type: ["f"] });
  assertEquals(flagValues("x", ["--type=agent_delta", "-t", "log"], flags).type, [
    "agent_delta",
    "log",
  ]);
  assertEquals(flagValues("x", ["--live"], flags).live, true);
  // Arguments the command will refuse give nothing: it says what is wrong, holding the least.
  assertEquals(flagValues("x", ["--folow"], flags), {});
  assertEquals(flagValues("x", ["--type"], flags), {});
});

Deno.test("flagsOf puts the flags of subcommands together, and refuses one declared two ways", async () => {
  const { flagsOf } = await import("./args.ts");
  const json = { type: "boolean" as const, description: "JSON" };
  const all = flagsOf([
    { name: "x new", usage: [], flags: { title: { type: "string", description: "t" }, json } },
    { name: "x list", usage: [], flags: { json, yes: { type: "boolean", description: "y" } } },
  ]);
  assertEquals(Object.keys(all), ["title", "json", "yes"]);
  const twice = assertThrows(() =>
    flagsOf([
      { name: "x a", usage: [], flags: { json } },
      { name: "x b", usage: [], flags: { json: { type: "string", description: "JSON" } } },
    ])
  );
  assertStringIncludes(twice.message, "--json is declared twice");
});
