/**
 * A command's flags are declared once (src/cli/args.ts): its parser reads
 * the declaration and its help is made from it (src/cli/help.ts). For every
 * command of the program, these tests keep the two from drifting apart:
 * each declared flag is accepted by the command as it runs and appears in
 * its help, and the help mentions no flag that the command refuses.
 *
 * @module
 */
import { assert, assertEquals, assertMatch } from "./assert.ts";
import { runCli, tempProject } from "./helpers.ts";
import { ALL_COMMANDS } from "../src/app/commands.ts";
import { type CommandSpec, type Flags, parseArgs } from "../src/cli/args.ts";
import { flagLabel, helpText } from "../src/cli/help.ts";

/** Every command's declaration, by name. */
const SPECS: Record<string, CommandSpec> = Object.fromEntries(
  await Promise.all(
    Object.entries(ALL_COMMANDS).map(async ([name, c]) => [name, (await c.load()).spec]),
  ),
);

/** What the parser says when it refuses an argument (src/cli/args.ts). */
const PARSE_ERROR =
  /Unknown option|argument missing|argument is ambiguous|does not take an argument/;

/** The invocations that give every declared flag: each subcommand, or the command. */
function invocations(spec: CommandSpec): { args: string[]; flags: Flags }[] {
  return (spec.subcommands ?? [spec]).map((s) => {
    const args = s.name.split(" ");
    for (const [name, flag] of Object.entries(s.flags)) {
      // A value that no command takes ("x"): each stops at a usage error after parsing.
      for (const f of [`--${name}`, ...(flag.short ? [`-${flag.short}`] : [])]) {
        args.push(f, ...(flag.type === "string" ? ["x"] : []));
      }
    }
    return { args, flags: s.flags };
  });
}

Deno.test("every command accepts, as it runs, each flag it declares (long and short)", async () => {
  const runs = Object.values(SPECS).flatMap(invocations).filter((i) =>
    Object.keys(i.flags).length > 0
  );
  assert(runs.length >= 20, `${runs.length} invocations`);
  // The check itself sees a refused flag.
  await using control = await tempProject({ init: false });
  const refused = await runCli(["events", "--no-such-flag"], { cwd: control.dir });
  assertMatch(refused.stderr, PARSE_ERROR);
  // A few at a time: the machine has two cores.
  for (let i = 0; i < runs.length; i += 4) {
    await Promise.all(
      runs.slice(i, i + 4).map(async ({ args }) => {
        // No project: no command finds anything to act on (init makes one here, and stops).
        await using p = await tempProject({ init: false });
        const r = await runCli(args, { cwd: p.dir });
        assert(!PARSE_ERROR.test(r.stderr), `taskline ${args.join(" ")}: ${r.stderr}`);
      }),
    );
  }
});

Deno.test("every command's help lists each flag it declares, with its subcommands' flags", () => {
  for (const spec of Object.values(SPECS)) {
    const help = helpText(spec);
    for (const [name, flag] of Object.entries(spec.flags)) {
      assertMatch(help, new RegExp(`^  ${escape(flagLabel(name, flag))}  `, "m"), spec.name);
    }
    for (const sub of spec.subcommands ?? []) {
      const line = help.split("\n").find((l) => l.startsWith(`  ${sub.name} `));
      assert(line !== undefined, `${spec.name}: no line for ${sub.name}`);
      for (const name of Object.keys(sub.flags)) {
        assert(line.includes(`[--${name}`), `${sub.name}: --${name} not in "${line}"`);
      }
    }
  }
});

/** Programs other than taskline whose command lines a help shows (their flags are theirs). */
const OTHER_PROGRAMS = /(?:^\s*|[`(|]\s*|\$\()(?:claude|codex|gh|jq) /;

/**
 * The flags a help's text mentions that no one takes: not the command
 * (`parse`), nor a taskline command named in the same line or description
 * (`taskline run <TASK> --resume`, `ship --live`), nor another program
 * whose command line it is (claude, gh...).
 */
function refusedMentions(spec: CommandSpec, parse: Flags): string[] {
  const units = [
    ...spec.usage.map((u) => `taskline ${spec.name} ${u}`),
    ...lines(spec.about),
    ...lines(spec.notes),
    ...Object.values(spec.flags).map((f) => f.description),
    ...(spec.subcommands ?? []).flatMap((s) => [
      ...s.usage,
      ...lines(s.about),
      ...Object.values(s.flags).map((f) => f.description),
    ]),
  ];
  const refused: string[] = [];
  for (const unit of units) {
    if (OTHER_PROGRAMS.test(unit)) continue;
    const named = [...unit.matchAll(/(?:taskline |`(?!taskline ))([a-z]+)/g)].map((m) => m[1])
      .filter((n) => Object.hasOwn(SPECS, n)).map((n) => SPECS[n]);
    for (const m of unit.matchAll(/(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])/g)) {
      const takers = [{ name: spec.name, flags: parse }, ...named];
      if (!takers.some((t) => accepts(t.name, t.flags, m[1]))) refused.push(`${m[1]} in "${unit}"`);
    }
  }
  return refused;
}

/** Whether the parser of `flags` takes `flag`. */
function accepts(name: string, flags: Flags, flag: string): boolean {
  try {
    parseArgs(name, [flag, "x"], flags);
    return true;
  } catch {
    return false;
  }
}

/** A text's lines; a line ending in "\" goes on in the next (a shell command's). */
function lines(text: string | undefined): string[] {
  return text === undefined ? [] : text.replaceAll("\\\n", " ").split("\n");
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

Deno.test("no command's help mentions a flag that the command refuses", () => {
  // The check itself sees a flag that nobody takes, and one of another command's alone.
  const demo: CommandSpec = {
    name: "cancel",
    usage: ["<TASK> [options]"],
    about: "Use --nope, or `taskline run 1 --resume`.\nNot --resume alone.",
    flags: { json: { type: "boolean", description: "JSON, not -q" } },
  };
  assertEquals(refusedMentions(demo, demo.flags), [
    '--nope in "Use --nope, or `taskline run 1 --resume`."',
    '--resume in "Not --resume alone."',
    '-q in "JSON, not -q"',
  ]);
  for (const spec of Object.values(SPECS)) {
    assertEquals(refusedMentions(spec, spec.flags), [], spec.name);
  }
});
