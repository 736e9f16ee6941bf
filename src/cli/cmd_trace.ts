/**
 * `taskline trace <REF>`: the tool calls of a run with their results. The
 * documents come from src/views/trace.ts and src/views/otlp.ts; this file
 * renders them.
 *
 * @module
 */
import { visible } from "../views/terminal_text.ts";
import { TasklineError } from "../errors.ts";
import { buildOtlpTrace } from "../views/otlp.ts";
import { buildRunTrace, resultOf, type RunTrace, type TraceCall } from "../views/trace.ts";
import { formatClock, formatDuration } from "../views/units.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";
import { oneLine, useColor } from "../views/event_line.ts";
import { openLogsSynchronously } from "../store/log_file.ts";
import { charCount } from "../store/trace_store.ts";

/** `taskline trace`, declared: its flags and help. */
export const TRACE_SPEC: CommandSpec = {
  name: "trace",
  usage: ["<REF> [options]"],
  about: `Shows the tool calls of a task's current run: time, role, subtask, tool,
input, duration, result (ok, exit N, error, timed out, no result) and the
output preview.`,
  flags: {
    run: { type: "string", value: "PREFIX", description: "another run of the task" },
    all: { type: "boolean", description: "every run of the task" },
    tool: { type: "string", value: "NAME", description: "only calls of this tool" },
    subtask: {
      type: "string",
      value: "PREFIX",
      description: "only calls of subtasks whose id starts so",
    },
    full: {
      type: "boolean",
      description: "complete outputs from the trace store (says when cut, missing or not kept)",
    },
    json: { type: "boolean", description: "the RunTrace document" },
    format: {
      type: "string",
      value: "F",
      description: "text, json, or otlp (OpenTelemetry OTLP/JSON)",
      default: "text",
    },
  },
};

export async function traceCommand(ctx: Context, args: string[]): Promise<number> {
  openLogsSynchronously();
  const { values, positionals } = parseArgs(TRACE_SPEC.name, args, TRACE_SPEC.flags);
  const format = values.json === true ? "json" : String(values.format ?? "text");
  if (!["text", "json", "otlp"].includes(format)) {
    throw new TasklineError(
      "usage",
      `taskline trace: --format takes text, json or otlp, not "${format.slice(0, 40)}"`,
    );
  }
  ctx.json = format !== "text";
  if (positionals.length !== 1) {
    throw new TasklineError(
      "usage",
      "taskline trace: name one task, for example `taskline trace 3`",
    );
  }
  if (values.all && values.run !== undefined) {
    throw new TasklineError("usage", "taskline trace: --all does not go with --run");
  }
  const task = await ctx.task(positionals[0]);
  const out = ctx.io.stdout;
  if (format === "otlp") {
    if (values.tool !== undefined || values.subtask !== undefined || values.full) {
      throw new TasklineError(
        "usage",
        "taskline trace: --format otlp exports whole runs (not with --tool, --subtask or --full)",
      );
    }
    const doc = await buildOtlpTrace(ctx.state, task, {
      run: values.run as string | undefined,
      all: values.all === true,
      onProblem: ctx.problem,
      signal: ctx.io.signal,
    });
    await out.write(JSON.stringify(doc) + "\n");
    return 0;
  }
  const trace = await buildRunTrace(ctx.state, task, {
    run: values.run as string | undefined,
    all: values.all === true,
    tool: values.tool as string | undefined,
    subtask: values.subtask as string | undefined,
    full: values.full === true,
    onProblem: ctx.problem,
    signal: ctx.io.signal,
  });
  if (format === "json") await out.write(JSON.stringify(trace) + "\n");
  else {
    const color = useColor(out.isTerminal, ctx.io.env);
    await out.write(renderTrace(trace, values.full === true, color));
  }
  return 0;
}

/**
 * Output text indented under its call: its own line breaks and tabs kept,
 * every other control, bidi or separator character shown as an escape
 * (views/terminal_text.ts), so nothing in it acts on the terminal.
 */
function indent(text: string): string {
  const body = text.replace(/\r\n/g, "\n").replace(/\n$/, "");
  if (body === "") return "";
  return body.split("\n").map((l) => `    ${visible(l, { tab: "\t" })}`.trimEnd()).join("\n") +
    "\n";
}

/** A result word, coloured on a terminal: green ok, yellow no result, red otherwise. */
function paint(result: string, color: boolean): string {
  if (!color) return result;
  const sgr = result === "ok" ? "\x1b[32m" : result === "no result" ? "\x1b[33m" : "\x1b[31m";
  return `${sgr}${result}\x1b[0m`;
}

function header(c: TraceCall, color: boolean): string {
  const time = formatClock(c.called_at ?? c.returned_at);
  const subtask = c.subtask ? visible(c.subtask.slice(0, 8)) : "-";
  const input = c.called_at === null
    ? "(return without a call)"
    : oneLine(JSON.stringify(c.input), 100);
  const notes: string[] = [];
  if (c.paired === "order") notes.push("paired by order: recorded before 0.5");
  else if (c.paired !== "id" && c.paired !== "unmatched") notes.push(`paired: ${c.paired}`);
  return `${time}  ${oneLine(c.role, 40)}  ${subtask}  ${oneLine(c.tool, 40)}  ${input}  ${
    formatDuration(c.duration_ms)
  }  ${paint(c.result ?? resultOf(c), color)}${notes.length ? `  (${notes.join("; ")})` : ""}\n`;
}

function fullNote(c: TraceCall): string {
  switch (c.output_state) {
    case "cut": // the file's own marker line says so
      return "";
    case "missing":
      return `    [complete output missing: ${
        visible(String(c.output_file))
      } is not in the trace store; showing the preview]\n`;
    case "not kept":
      return c.returned_at === null
        ? "    [no output: the call never returned]\n"
        : "    [complete output not kept (tracing was off or the file could not be written); showing the preview]\n";
    case "before 0.5":
      return "    [recorded before 0.5: only the preview was kept]\n";
    default:
      return "";
  }
}

/** The trace as text. */
export function renderTrace(t: RunTrace, full: boolean, color = false): string {
  // Documents of other servers may lack `runs`: the runs of their calls then.
  const runs = t.runs ?? [...new Set([...(t.run ? [t.run] : []), ...t.calls.map((c) => c.run)])];
  if (runs.length === 0) return "No tool calls: the task has no run yet.\n";
  const parts: string[] = [];
  for (const run of runs) {
    const calls = t.calls.filter((c) => c.run === run);
    let text = `Run ${visible(run)} · ${
      calls.length === 0 ? "no tool calls" : calls.length === 1 ? "1 call" : `${calls.length} calls`
    }\n`;
    for (const c of calls) {
      text += header(c, color);
      if (full) {
        text += indent(c.output ?? c.preview);
        text += fullNote(c);
      } else {
        text += indent(c.preview);
        if (c.output_chars > charCount(c.preview) && c.returned_at !== null) {
          text += `    … ${c.output_chars} characters in all${
            c.output_file ? " (--full shows them)" : ""
          }\n`;
        }
      }
    }
    parts.push(text);
  }
  let text = parts.join("\n");
  if (t.errors?.length) {
    text += `\nProblems:\n${t.errors.map((e) => `  ${visible(e)}\n`).join("")}`;
  }
  return text;
}
