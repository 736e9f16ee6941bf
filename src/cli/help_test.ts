import { assert, assertEquals } from "../../tests/assert.ts";
import type { CommandSpec } from "./args.ts";
import { flagLabel, helpText, wrap } from "./help.ts";

Deno.test("a help is the usage lines, the free text, the options table and the notes, apart by a blank line", () => {
  const spec: CommandSpec = {
    name: "demo",
    usage: ["<TASK> [options]", "[options]   (every task)"],
    about: "Does a thing.\nOn two lines, as written.",
    flags: {
      after: { type: "string", value: "SEQ", description: "only after that seq" },
      type: { type: "string", multiple: true, value: "T", description: "only these types" },
      follow: { type: "boolean", short: "f", description: "keep going" },
      speed: { type: "string", description: "how fast", default: "1" },
    },
    notes: "The end.",
  };
  assertEquals(
    helpText(spec),
    `Usage: taskline demo <TASK> [options]
       taskline demo [options]   (every task)

Does a thing.
On two lines, as written.

Options:
  --after <SEQ>    only after that seq
  --type <T>       only these types (repeatable)
  -f, --follow     keep going
  --speed <SPEED>  how fast (default: 1)

The end.`,
  );
});

Deno.test("a command without flags or free text has its usage line alone", () => {
  assertEquals(helpText({ name: "schema", usage: [""], flags: {} }), "Usage: taskline schema");
});

Deno.test("descriptions wrap at 80 columns under their column, and '(default:' stays with its value", () => {
  const text = helpText({
    name: "demo",
    usage: ["[options]"],
    flags: {
      scenario: { type: "string", value: "FILE|NAME|-", description: "the scenario" },
      "max-duration": {
        type: "string",
        value: "TIME",
        description: "active-time budget for this invocation: seconds, or 90s, 15m, 1h30m",
        default: "pipeline.max_duration_secs",
      },
    },
  });
  const lines = text.split("\n").slice(3);
  assertEquals(lines, [
    "  --scenario <FILE|NAME|->  the scenario",
    "  --max-duration <TIME>     active-time budget for this invocation: seconds, or",
    "                            90s, 15m, 1h30m",
    "                            (default: pipeline.max_duration_secs)",
  ]);
  for (const l of lines) assert(l.length <= 80, l);
});

Deno.test("a wide left column leaves its descriptions 40 columns, past 80", () => {
  const long = "x".repeat(50);
  const text = helpText({
    name: "demo",
    usage: [""],
    flags: { [long]: { type: "boolean", description: "word ".repeat(20).trim() } },
  });
  const lines = text.split("\n").slice(3);
  assertEquals(lines[0], `  --${long}  ${"word ".repeat(8).trim()}`);
  assertEquals(lines[1], `${" ".repeat(56)}${"word ".repeat(8).trim()}`);
});

Deno.test("subcommands are listed with their positionals and flags, then every flag once in the options", () => {
  const json = { type: "boolean" as const, description: "print JSON" };
  const text = helpText({
    name: "task",
    usage: ["<new|list> ..."],
    subcommands: [
      {
        name: "task new",
        usage: ["<TITLE>"],
        about: "creates a task",
        flags: { description: { type: "string", value: "TEXT", description: "its text" }, json },
      },
      {
        name: "task list",
        usage: [""],
        about: "every task",
        flags: { json, yes: { type: "boolean", short: "y", description: "yes" } },
      },
    ],
    flags: {
      description: { type: "string", value: "TEXT", description: "its text" },
      json,
      yes: { type: "boolean", short: "y", description: "yes" },
    },
  });
  assertEquals(
    text,
    `Usage: taskline task <new|list> ...

  task new <TITLE> [--description <TEXT>] [--json]  creates a task
  task list [--json] [--yes]                        every task

Options:
  --description <TEXT>  its text
  --json                print JSON
  -y, --yes             yes`,
  );
});

Deno.test("a flag's label names its short letter and its value", () => {
  assertEquals(
    flagLabel("out", { type: "string", short: "o", description: "" }),
    "-o, --out <OUT>",
  );
  assertEquals(
    flagLabel("scenario", { type: "string", value: "FILE|-", description: "" }),
    "--scenario <FILE|->",
  );
  assertEquals(flagLabel("json", { type: "boolean", description: "" }), "--json");
});

Deno.test("wrap breaks at word boundaries and puts a longer word alone", () => {
  assertEquals(wrap(["aa", "bb", "cc"], 5), ["aa bb", "cc"]);
  assertEquals(wrap(["a", "bbbbbbb", "c"], 3), ["a", "bbbbbbb", "c"]);
  assertEquals(wrap([""], 10), [""]);
});
