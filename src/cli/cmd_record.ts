/**
 * `taskline record <TASK>`: an engine of its own (any language) produces a
 * run through a pipe. It writes bare events on standard input, one JSON
 * object a line; taskline checks each against the contract, adds the
 * envelope and writes it through the run recorder, with every guarantee of
 * `taskline run` (the task's lock, gapless seq across resumes, a torn tail
 * repaired, `run_finished` always last, outputs kept in the trace store).
 *
 * @module
 */
import type { Envelope } from "../contract/envelope.ts";
import type { Gate } from "../contract/events.ts";
import { INVALID_UTF8_LINE, OVERSIZED_LINE } from "../codec/decode.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { LineSplitter } from "../codec/lines.ts";
import { TasklineError } from "../errors.ts";
import { clearCancelRequest, watchCancel } from "../engine/cancel_watch.ts";
import { checkEventInput } from "../store/event_input.ts";
import { type EventInput, RunRecorder } from "../store/recorder.ts";
import { saveTask } from "../store/tasks.ts";
import { liveChannelSink } from "../follow/live_channel.ts";
import {
  type AgentAdapter,
  agentAdapter,
  type Produced,
  RECORD_FORMATS,
  type RecordFormat,
} from "../producers/mod.ts";
import { type CommandSpec, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";

/** Longest input line, in bytes: a longer one is reported and skipped, never held whole. */
export const RECORD_LINE_BYTES_MAX = 16 * 1024 * 1024;
/** Rejected lines reported one by one; past this, only counted (then reported once at the end). */
const REPORTED_LINES_MAX = 100;
/** Longest time run.json lags behind the run's totals, in milliseconds. */
const STATE_SAVE_MS = 200;

/** `taskline record`, declared: its flags and help. */
export const RECORD_SPEC: CommandSpec = {
  name: "record",
  usage: ["<TASK> [options]"],
  about: `Records a run produced by an engine of your own: reads events on standard
input, one JSON object a line, without envelope ({"type":"tool_called",...}),
and writes each through taskline's run recorder (schema, seq and at added,
the task's lock held, run_finished always last). See docs/producing.md.

  - run_started is written first unless the input's first event is one.
  - run is set by taskline in every event; a producer may leave it out.
  - A tool_returned may carry its complete "output": it is kept in the trace
    store and the event gets output_file, output_chars and preview.
  - agent_delta goes to live followers and a running server, never to the log.
  - The run ends with the input's run_finished. When standard input closes
    without one, a log error says so and a failed run_finished ends the run;
    Ctrl-C and SIGTERM do the same; \`taskline cancel\` ends it as cancelled.
  - A line that is not JSON, or not a valid event of a known type, is
    reported on stderr with its line number and not written. Events of types
    taskline does not know are written when their type is a plain name.
    Lines are at most 16 MiB.

Exit codes: 0 the run succeeded, 2 it ended paused, 1 it failed (or the task
is running, or cannot be resumed), 130 interrupted or cancelled.

With --from claude-code or --from codex it reads an agent's own output
instead, as it comes, and records the agent's session as the run
(docs/agents.md):

  claude -p "fix the test" --output-format stream-json --verbose | taskline record 5 --from claude-code
  codex exec --json "fix the test" | taskline record 5 --from codex --model gpt-5-codex

The run then ends when the input ends: done
when every session of the agent ended with success, failed (exit 1) when one
failed (its error in the log) or when the input ended before the agent's
final line. Lines of types the adapter does not know are skipped.`,
  flags: {
    from: {
      type: "string",
      value: "FORMAT",
      description: "the input's format: taskline (bare events), claude-code " +
        "(`claude -p --output-format stream-json --verbose`), codex (`codex exec --json`)",
      default: "taskline",
    },
    model: {
      type: "string",
      value: "NAME",
      description: "the model, where the agent's output does not name it (Codex)",
    },
    resume: {
      type: "boolean",
      description: "continue the task's current run (same run id, seq continues)",
    },
    restart: {
      type: "boolean",
      description: "start a new run even though the current one is paused",
    },
    json: {
      type: "boolean",
      description: "print each envelope as written (agent_delta included), one a line",
    },
  },
};

/** Why recording stopped before its input ended. */
type Stop = "interrupt" | "cancel";

export async function recordCommand(ctx: Context, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs(RECORD_SPEC.name, args, RECORD_SPEC.flags);
  ctx.json = values.json === true;
  const from = (values.from ?? "taskline") as string;
  if (!(RECORD_FORMATS as readonly string[]).includes(from)) {
    throw new TasklineError(
      "usage",
      `taskline record: unknown --from ${
        JSON.stringify(from.slice(0, 80))
      }; the formats are taskline (bare taskline events, the default), claude-code (claude -p --output-format stream-json --verbose) and codex (codex exec --json)`,
    );
  }
  const format = from as RecordFormat;
  if (values.model !== undefined && format === "taskline") {
    throw new TasklineError(
      "usage",
      "taskline record: --model names the model of an agent's output (--from claude-code or codex); taskline events name it in agent_started",
    );
  }
  if (positionals.length !== 1) {
    throw new TasklineError(
      "usage",
      "taskline record: name one task, for example `taskline record 3 < events.jsonl`",
    );
  }
  const resume = values.resume === true;
  if (resume && values.restart) {
    throw new TasklineError("usage", "taskline record: --resume and --restart do not go together");
  }
  const task = await ctx.task(positionals[0]);
  const settings = await ctx.settings();
  const live = liveChannelSink(ctx.state); // agent_delta to a running server, if any
  let rec: RunRecorder;
  try {
    rec = await RunRecorder.open(ctx.state, task, {
      mode: resume ? "resume" : "new",
      settings,
      onRepair: (m) => void ctx.warn(m),
      sink: live.sink,
    });
  } catch (e) {
    live.close();
    throw e;
  }
  let stopWatch = () => {};
  try {
    const previousStatus = task.record.status;
    if (resume && rec.runState.run === rec.run && rec.runState.pending_approval) {
      throw new TasklineError(
        "wrong-state",
        `Cannot resume task #${task.number}: it waits for approval of the ${rec.runState.pending_approval} gate; answer with \`taskline approve ${task.number}\` or \`taskline reject ${task.number} --reason TEXT\``,
      );
    }
    if (resume && previousStatus === "done") {
      throw new TasklineError(
        "wrong-state",
        `Cannot resume task #${task.number}: its run is done; record a new run with \`taskline record ${task.number}\``,
      );
    }
    if (!resume && previousStatus === "paused" && !values.restart) {
      throw new TasklineError(
        "wrong-state",
        `Cannot start a new run of task #${task.number}: its run is paused; continue it with \`taskline record ${task.number} --resume\` or start over with --restart`,
      );
    }
    await clearCancelRequest(ctx.state, task.dir);

    const out = ctx.io.stdout;
    let echo = ctx.json;
    if (echo) {
      rec.subscribe((env: Envelope) => {
        if (echo) out.write(encodeEnvelope(env) + "\n").catch(() => echo = false);
      });
    }
    const flushOut = async () => {
      if (!echo) return;
      // A reader of the echo that went away stops the echo, not the recording.
      await out.flush().catch(() => echo = false);
    };

    const reader = ctx.io.stdin.getReader();
    // A stop cancels the read in progress; the loop then finds why. (Not a race
    // with a promise that lives as long as the run: each race would keep its chunk.)
    const halt: { why: Stop | null } = { why: null };
    const stopNow = (why: Stop) => {
      if (halt.why !== null) return;
      halt.why = why;
      reader.cancel().catch(() => {});
    };
    const onAbort = () => stopNow("interrupt");
    if (ctx.io.signal.aborted) onAbort();
    ctx.io.signal.addEventListener("abort", onAbort, { once: true });
    stopWatch = watchCancel(ctx.state, task.dir, () => stopNow("cancel"), { watch: false });

    rec.start();
    task.record.status = "running";
    await saveTask(ctx.state, task);
    await rec.saveState();
    await flushOut();

    // An agent's output (--from claude-code, codex): its adapter makes the events.
    const adapter: AgentAdapter | null = format === "taskline"
      ? null
      : agentAdapter(format, { model: (values.model as string | undefined) ?? "" });
    const produced: Produced[] = [];
    /** Adds the adapter's events to a batch, their outputs kept in the trace store first. */
    const addProduced = async (from: Produced[], batch: EventInput[], texts: unknown[]) => {
      for (const ev of await producedEvents(rec, from)) {
        batch.push(ev);
        texts.push(undefined);
      }
    };

    let rejected = 0;
    let warnedRun = false;
    const reject = async (line: number, reason: string) => {
      rejected++;
      if (rejected <= REPORTED_LINES_MAX) {
        await ctx.warn(`line ${line} of stdin not written: ${reason}`);
      }
    };
    // run.json follows the run within STATE_SAVE_MS, so that the totals a
    // dead process leaves (see the recorder's dead-run rule) are nearly whole.
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    let saving: Promise<void> = Promise.resolve();
    const saveSoon = () => {
      saveTimer ??= setTimeout(() => {
        saveTimer = undefined;
        saving = saving.then(() => rec.saveState()).catch(() => {});
      }, STATE_SAVE_MS);
    };
    const applyToRunState = (events: EventInput[]) => {
      const rs = rec.runState;
      for (const ev of events) {
        if (ev.type === "agent_finished" || ev.type === "phase_started") saveSoon();
        else if (ev.type === "approval_requested") {
          rs.pending_approval = (ev as { gate: Gate }).gate;
          saveSoon();
        }
      }
    };

    const splitter = new LineSplitter({ lineBytesMax: RECORD_LINE_BYTES_MAX });
    let lineNo = 0;
    let sawEvent = false;
    let end: { success: boolean; status: string } | null = null;
    let ignoredAfterEnd = 0;
    let eof = false;
    try {
      while (end === null && halt.why === null) {
        const r = await reader.read();
        if (halt.why !== null) break;
        let chunk: Uint8Array;
        if (r.done) {
          eof = true;
          chunk = Uint8Array.of(10); // a last line without its newline is complete now
        } else chunk = r.value;
        const batch: EventInput[] = [];
        // The producer's own text of an event that needs no change: not encoded again.
        const texts: Array<string | undefined> = [];
        for (const raw of splitter.push(chunk).lines) {
          lineNo++;
          if (end !== null) {
            ignoredAfterEnd++;
            continue;
          }
          if (raw === OVERSIZED_LINE) {
            await reject(lineNo, `longer than ${RECORD_LINE_BYTES_MAX} bytes`);
            continue;
          }
          if (raw === INVALID_UTF8_LINE) {
            await reject(lineNo, "not valid UTF-8");
            continue;
          }
          const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
          if (line.trim() === "") continue;
          let value: unknown;
          try {
            value = JSON.parse(line);
          } catch (e) {
            await reject(lineNo, `not JSON (${(e as Error).message.slice(0, 120)})`);
            continue;
          }
          if (adapter !== null) {
            produced.length = 0;
            adapter.take(value, produced);
            if (produced.length > 0) await addProduced(produced, batch, texts);
            continue;
          }
          const c = checkEventInput(value, rec.run);
          if (!c.ok) {
            await reject(lineNo, c.reason);
            continue;
          }
          const given = (value as { run?: unknown }).run;
          if (!warnedRun && typeof given === "string" && given !== rec.run) {
            warnedRun = true;
            await ctx.warn(
              `line ${lineNo} of stdin names run ${
                given.slice(0, 40)
              }; taskline sets run to ${rec.run} in every event`,
            );
          }
          const ev = c.event;
          const first = !sawEvent;
          sawEvent = true;
          if (ev.type === "run_started") {
            // The run is started already: a first run_started is that start.
            if (!first) {
              await reject(
                lineNo,
                "run_started only as the first event (a resumed run is `taskline record --resume`)",
              );
            }
            continue;
          }
          if (ev.type === "run_finished") {
            end = { success: ev.success as boolean, status: ev.status as string };
            continue;
          }
          if (c.output !== undefined) {
            const e = ev as Record<string, unknown>;
            const kept = await rec.keepOutput({
              role: e.role as string,
              tool: e.tool as string,
              call: e.call as string,
              subtask: e.subtask as string | null,
              output: c.output,
              is_error: e.is_error as boolean,
              duration_ms: e.duration_ms as number,
              exit_code: e.exit_code as number | null,
              timed_out: e.timed_out as boolean,
            });
            // The engine's fields in its order, then fields this release does not know.
            const { type: _type, ...keptFields } = kept as Record<string, unknown>;
            const merged: Record<string, unknown> = {
              type: kept.type,
              run: rec.run,
              ...keptFields,
            };
            for (const k in e) if (!(k in merged)) merged[k] = e[k];
            batch.push(merged as EventInput);
            texts.push(undefined);
            continue;
          }
          batch.push(ev as EventInput);
          // A CR is JSON whitespace, but no log line holds one.
          const asIs = sameKeys(value as Record<string, unknown>, ev) && !line.includes("\r");
          texts.push(asIs ? line : undefined);
        }
        if (batch.length > 0) {
          rec.emitAll(batch, { texts });
          applyToRunState(batch);
        }
        await flushOut();
        if (eof) break;
      }
    } finally {
      clearTimeout(saveTimer);
      await saving;
      ctx.io.signal.removeEventListener("abort", onAbort);
      stopWatch();
      if (!eof) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }

    let segmentMs: number | undefined;
    if (adapter !== null) {
      // The agent's open session is closed, and, when its input ended, the run ends as it said.
      produced.length = 0;
      const agentEnd = adapter.finish(produced, halt.why ?? "eof");
      const batch: EventInput[] = [];
      await addProduced(produced, batch, []);
      if (batch.length > 0) rec.emitAll(batch);
      if (halt.why === null) {
        end = { success: agentEnd.success, status: agentEnd.status };
        segmentMs = agentEnd.activeMs ?? undefined;
      }
    }

    let code: number;
    if (end !== null) {
      await rec.finish({ ...end, segmentMs });
      task.record.status = end.status;
      code = end.success ? 0 : end.status === "paused" ? 2 : 1;
    } else if (halt.why === "cancel") {
      rec.emit({
        type: "log",
        level: "warn",
        message: "run stopped: cancelled by `taskline cancel`",
      });
      await rec.finish({ success: false, status: "cancelled" });
      task.record.status = "cancelled";
      code = 130;
    } else {
      rec.emit({
        type: "log",
        level: "error",
        message: halt.why === "interrupt"
          ? "taskline record was interrupted (Ctrl-C or SIGTERM) before the input's run_finished"
          : "standard input closed without run_finished",
      });
      await rec.finish({ success: false, status: "failed" });
      task.record.status = "failed";
      code = halt.why === "interrupt" ? 130 : 1;
    }
    await saveTask(ctx.state, task);
    await flushOut();
    if (rejected > REPORTED_LINES_MAX) {
      await ctx.warn(
        `${rejected} lines of stdin were not written (the first ${REPORTED_LINES_MAX} are listed above)`,
      );
    }
    if (ignoredAfterEnd > 0) {
      await ctx.warn(`${ignoredAfterEnd} line(s) after run_finished were not read`);
    }
    if (!ctx.json) {
      const status = task.record.status;
      await out.write(
        `Task #${task.number}: run ${rec.run.slice(0, 8)} finished ${status} at seq ${rec.seq}${
          rejected > 0 ? ` (${rejected} line(s) of stdin not written)` : ""
        }\n`,
      );
    }
    return code;
  } catch (e) {
    await rec.close({ message: `record failed: ${(e as Error).message}` }).catch(() => {});
    if (rec.finished && task.record.status === "running") {
      task.record.status = "failed";
      await saveTask(ctx.state, task).catch(() => {});
    }
    throw e;
  } finally {
    stopWatch();
    // Still under the lock: a request meant for this run must not stop the next one.
    await clearCancelRequest(ctx.state, task.dir);
    await rec.close();
    live.close();
  }
}

/**
 * The events an agent's adapter made, ready for {@link RunRecorder.emitAll}:
 * a `tool_returned` with its output has the output kept in the trace store
 * first (its `preview`, `output_chars` and `output_file` filled).
 *
 * @example
 * ```ts
 * rec.emitAll(await producedEvents(rec, produced));
 * ```
 */
export async function producedEvents(
  rec: RunRecorder,
  produced: readonly Produced[],
): Promise<EventInput[]> {
  const events: EventInput[] = [];
  for (const p of produced) {
    if (p.output === undefined) {
      events.push(p.event as unknown as EventInput);
      continue;
    }
    const e = p.event;
    events.push(
      await rec.keepOutput({
        role: e.role as string,
        tool: e.tool as string,
        call: e.call as string,
        subtask: null,
        output: p.output,
        is_error: e.is_error as boolean,
        duration_ms: e.duration_ms as number,
        exit_code: e.exit_code as number | null,
        timed_out: e.timed_out as boolean,
      }),
    );
  }
  return events;
}

/** Whether the input's keys are the event's, in the same order, the event's `run` aside. */
function sameKeys(input: Record<string, unknown>, event: Record<string, unknown>): boolean {
  const ke = Object.keys(event);
  let i = 0;
  for (const k of ke) {
    if (k === "run") continue;
    ke[i++] = k;
  }
  let j = 0;
  for (const k in input) if (j >= i || ke[j++] !== k) return false;
  return j === i;
}
