/**
 * `taskline init`: makes the project's `.taskline/` with a commented
 * `config.jsonc` of every setting at its default and the `.gitignore` of
 * what must not be committed. Safe to run twice: existing files are kept.
 *
 * @module
 */
import { defaultSettings } from "../store/settings.ts";
import { pathExists } from "../store/state_dir.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** `taskline init`, declared: its flags and help. */
export const INIT_SPEC: CommandSpec = {
  name: "init",
  usage: ["[options]"],
  about: `Creates .taskline/ in the current directory (the project root) with
config.jsonc (every setting, commented, at its default), .gitignore, tasks/
and scenarios/. Files that exist are kept, so it is safe to run twice.`,
  flags: {
    json: { type: "boolean", description: "what was created and kept, as JSON: {created, kept}" },
  },
};

/** What each setting means, by its dotted key; the config file's comments. */
export const SETTING_DOCS: Record<string, string> = {
  "pipeline.approvals":
    'Gates that wait for a human: any of "spec", "plan", "merge". The run pauses (exit 2) until `taskline approve` or `taskline reject`.',
  "pipeline.trace_outputs":
    "Keep the complete output of every tool call in .taskline/tool-output/ (the trace store).",
  "pipeline.trace_max_chars":
    "Longest kept output file, in characters; a longer output is cut and ends with a marker line.",
  "pipeline.max_validation_fix_attempts":
    "Automatic fixes of failed validation commands over the whole run.",
  "pipeline.max_tokens":
    "Pause the run after this many tokens (input + output), resumes included; null is off. `taskline run --max-tokens` sets it for one invocation.",
  "pipeline.max_duration_secs":
    "Pause the run after this much active time in seconds, resumes included; null is off. `taskline run --max-duration` sets it for one invocation.",
  "pipeline.project_memory":
    "Append a lesson of each finished task to .taskline/memory.jsonl (`taskline memory list`).",
  "pipeline.validation_commands": "Commands that must pass before a task is done.",
  "pipeline.isolate_subtasks":
    "Run each subtask attempt in its own worktree and branch `<task branch>--s<N>-a<attempt>`.",
  "pipeline.auto_merge": "Merge the task branch into its base when the task is done.",
  "pricing":
    'Prices per million tokens keyed "<provider>/<model>", e.g. {"anthropic/claude-sonnet-4-5": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75}}; none by default, so no cost is shown.',
  "pricing_currency": "Currency of the prices.",
  "server.host": "Address `taskline serve` binds to (loopback only).",
  "server.port": "Port of `taskline serve`; 0 takes a free port.",
  "security.web_allowed_domains": "Domains the agents' web tool may fetch.",
  "fleet.project":
    "Name of this project on the stream of `taskline ship`; null is the name of the project's directory.",
  "fleet.stream": "JetStream stream of `taskline ship` and `taskline mirror`.",
  "security.search_url": "Search endpoint of the agents' search tool; null is none.",
};

/** The lines of `.taskline/.gitignore`. */
export const GITIGNORE_LINES = [
  "tool-output/",
  "server.token",
  "*.lock",
  "cancel.request",
  "cache/",
  "live.json",
  "live-*.json",
  "nats.token",
  "nats.nkey",
  "nats.creds",
];

function comment(text: string, indent: string): string {
  // Wrap at about 96 columns.
  const words = text.split(" ");
  const lines: string[] = [];
  let line = "";
  for (const w of words) {
    if (line !== "" && indent.length + 3 + line.length + 1 + w.length > 96) {
      lines.push(line);
      line = w;
    } else line = line === "" ? w : `${line} ${w}`;
  }
  if (line !== "") lines.push(line);
  return lines.map((l) => `${indent}// ${l}\n`).join("");
}

/** The text of a commented `config.jsonc` with every setting at its default. */
export function defaultConfigText(): string {
  const d = defaultSettings() as unknown as Record<string, unknown>;
  let out = "// taskline settings (JSON with comments). Every setting is listed at its default;\n" +
    "// change a value to override it. Unknown keys give a warning naming the key.\n{\n";
  const top = Object.entries(d);
  top.forEach(([key, value], i) => {
    const last = i === top.length - 1;
    if (value !== null && typeof value === "object" && !Array.isArray(value) && key !== "pricing") {
      out += `  "${key}": {\n`;
      const inner = Object.entries(value as Record<string, unknown>);
      inner.forEach(([k, v], j) => {
        out += comment(SETTING_DOCS[`${key}.${k}`] ?? "", "    ");
        out += `    "${k}": ${JSON.stringify(v)}${j === inner.length - 1 ? "" : ","}\n`;
      });
      out += `  }${last ? "" : ","}\n`;
    } else {
      out += comment(SETTING_DOCS[key] ?? "", "  ");
      out += `  "${key}": ${JSON.stringify(value)}${last ? "" : ","}\n`;
    }
  });
  return out + "}\n";
}

export async function initCommand(ctx: Context, args: string[]): Promise<number> {
  const { values } = parseArgs(INIT_SPEC.name, args, INIT_SPEC.flags);
  ctx.json = values.json === true;
  const s = ctx.state;
  const created: string[] = [];
  const kept: string[] = [];
  for (const dir of [s.root, s.tasksDir, `${s.root}/scenarios`]) {
    if (await pathExists(dir)) kept.push(`${dir}/`);
    else {
      await Deno.mkdir(dir, { recursive: true });
      created.push(`${dir}/`);
    }
  }
  if (await pathExists(s.configPath)) kept.push(s.configPath);
  else {
    await Deno.writeTextFile(s.configPath, defaultConfigText(), { createNew: true });
    created.push(s.configPath);
  }
  const ignorePath = `${s.root}/.gitignore`;
  if (await pathExists(ignorePath)) {
    // Add lines a user's file lacks, keep the rest.
    const text = await Deno.readTextFile(ignorePath);
    const have = new Set(text.split("\n").map((l) => l.trim()));
    const missing = GITIGNORE_LINES.filter((l) => !have.has(l));
    if (missing.length > 0) {
      const sep = text === "" || text.endsWith("\n") ? "" : "\n";
      await Deno.writeTextFile(ignorePath, `${text}${sep}${missing.join("\n")}\n`);
      created.push(`${ignorePath} (added ${missing.join(", ")})`);
    } else kept.push(ignorePath);
  } else {
    await Deno.writeTextFile(
      ignorePath,
      "# written by taskline init: local files that are not shared\n" +
        GITIGNORE_LINES.join("\n") + "\n",
    );
    created.push(ignorePath);
  }
  if (ctx.json) {
    await ctx.io.stdout.write(JSON.stringify({ created, kept }) + "\n");
  } else {
    for (const c of created) await ctx.io.stdout.write(`created ${c}\n`);
    for (const k of kept) await ctx.io.stdout.write(`kept    ${k}\n`);
    await ctx.io.stdout.write(
      created.length === 0
        ? "Nothing to do: this project is set up already.\n"
        : 'Next: `taskline task new "<title>"`, then `taskline run 1`.\n',
    );
  }
  return 0;
}
