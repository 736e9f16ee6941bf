/**
 * The taskline side of an agent's transcript: the bare events of the
 * contract that a run recorded from an agent is made of, whatever the agent.
 * The format adapters (claude_code.ts, codex.ts) read the agent's lines and
 * say what happened (a session began, a call was made, a call returned, a
 * session ended); {@link RunBuilder} writes it as events, in order:
 *
 * - a session: `phase_started` (phase `agent`) and `agent_started` (the
 *   main role, the model), ..., `agent_finished` (steps, usage, stop, the
 *   reported cost) and `phase_finished`;
 * - a subagent: `agent_started` and `agent_finished` of its own role
 *   inside the session;
 * - a call: `tool_called` with a fresh 12-hex `call`, then `tool_returned`
 *   with the same `call`, found by the agent's own call id, in whatever
 *   order the calls return; the complete output goes with it to the trace
 *   store. A call still open when its session ends is named in a `log`
 *   warning (the trace shows it without a result); a result whose call is
 *   not in the input is named in one and not written.
 *
 * Every open call and subagent is bounded (see the constants): past the
 * bound the oldest is given up with a warning.
 *
 * @example
 * ```ts
 * const b = new RunBuilder("claude_code", "Claude Code's result");
 * const out: Produced[] = [];
 * b.startSession(out, "claude-sonnet-4-5");
 * b.called(out, "toolu_1", null, "Bash", { command: "ls" });
 * b.returned(out, "toolu_1", { is_error: false, output: "README.md\n" });
 * b.endSession(out, { success: true, summary: "done" });
 * ```
 *
 * @module
 */
import { type Usage, zeroUsage } from "../contract/events.ts";
import { addUsage, subtractUsage } from "./usage.ts";

/** A bare event of the contract, without `run` (the recorder sets it). */
export type ProducedEvent = Record<string, unknown> & { type: string };

/** One event to record, and for a `tool_returned` its complete output. */
export interface Produced {
  event: ProducedEvent;
  /** The complete output of a `tool_returned`: kept in the trace store. */
  output?: string;
}

/** Options of {@link RunBuilder}. */
export interface BuilderOptions {
  /** Milliseconds of a monotonic clock, for call durations. Default: `performance.now`. */
  now?: () => number;
  /** A fresh call id (12 hex digits). Default: random. */
  newCall?: () => string;
}

/** How a session ended, as the agent said. */
export interface SessionEnd {
  success: boolean;
  /** The phase's summary: the agent's last words, or the error. */
  summary: string;
  /** The agent's error message: written to the log (level error) when the session failed. */
  error?: string;
  /**
   * The main agent's usage. Default: the usage of the main agent's messages
   * (see {@link RunBuilder.message}).
   */
  usage?: Usage;
  /**
   * The usage of the whole session, subagents included: the main agent's is
   * what is left after its subagents' (each count at least 0). Used when
   * `usage` is not given.
   */
  totalUsage?: Usage;
  /** Model calls of the main agent. Default: its distinct messages. */
  steps?: number;
  /** The cost the agent reported for the session, in US dollars. */
  costUsd?: number;
  /** The session's duration as the agent reported it, in milliseconds. */
  durationMs?: number;
  /** The `reason` of `agent_finished.stop`. Default: `completed`, or `failed`. */
  reason?: string;
}

/** How the run ends, once the input has ended. */
export interface RunEnd {
  success: boolean;
  status: "done" | "failed";
  /**
   * The run's active time as the agent reported it (the sum of its
   * sessions' durations) when every session reported one; else null.
   */
  activeMs: number | null;
}

interface OpenCall {
  call: string;
  tool: string;
  role: string;
  at: number;
}

interface Agent {
  role: string;
  /** Usage of each message (by the agent's message id): the last report wins. */
  messages: Map<string, Usage>;
  usage: Usage;
}

/** Open calls kept at most; past this the oldest is given up (named in a warning). */
export const OPEN_CALLS_MAX = 65_536;
/** Open subagents kept at most; past this the oldest is ended. */
export const OPEN_SUBAGENTS_MAX = 1024;
/** Messages whose usage is kept per agent; past this their usage is kept, not their ids. */
const MESSAGES_MAX = 100_000;
/** Open calls named one by one in the warning at the end of a session. */
const NAMED_CALLS_MAX = 20;
/** Longest phase summary, in characters. */
const SUMMARY_CHARS_MAX = 200;
/** The phase every session of an agent is recorded in. */
export const AGENT_PHASE = "agent";

function randomCall(): string {
  const b = crypto.getRandomValues(new Uint8Array(6));
  let s = "";
  for (const x of b) s += (x < 16 ? "0" : "") + x.toString(16);
  return s;
}

/** The first line of `text`, at most {@link SUMMARY_CHARS_MAX} characters. */
export function summaryOf(text: string): string {
  const line = text.trim().split("\n", 1)[0] ?? "";
  return line.length > SUMMARY_CHARS_MAX ? line.slice(0, SUMMARY_CHARS_MAX - 1) + "…" : line;
}

/** Writes the events of a run recorded from an agent. */
export class RunBuilder {
  /** The role of the main agent (`claude_code`, `codex`). */
  readonly mainRole: string;
  /** What the agent's final line is called, for messages (`Claude Code's result`). */
  readonly finalLine: string;
  #now: () => number;
  #newCall: () => string;
  #calls = new Map<string, OpenCall>();
  #open = false;
  #main: Agent | null = null;
  #subs = new Map<string, Agent>();
  /** Usage of the subagents that ended in the open session. */
  #subUsage = zeroUsage();
  #sessions = 0;
  #failed = 0;
  #durationMs = 0;
  #durationsKnown = true;

  constructor(mainRole: string, finalLine: string, options: BuilderOptions = {}) {
    this.mainRole = mainRole;
    this.finalLine = finalLine;
    this.#now = options.now ?? (() => performance.now());
    this.#newCall = options.newCall ?? randomCall;
  }

  /** Whether a session is open. */
  get sessionOpen(): boolean {
    return this.#open;
  }

  /** Sessions started so far. */
  get sessions(): number {
    return this.#sessions;
  }

  /** Opens a session (nothing when one is open): its phase and its main agent. */
  startSession(out: Produced[], model: string): void {
    if (this.#open) return;
    this.#open = true;
    this.#sessions++;
    this.#main = { role: this.mainRole, messages: new Map(), usage: zeroUsage() };
    this.#subUsage = zeroUsage();
    out.push({ event: { type: "phase_started", phase: AGENT_PHASE } });
    out.push({
      event: { type: "agent_started", role: this.mainRole, subtask: null, model },
    });
  }

  /** Whether the subagent `key` (the agent's id of the call that started it) is open. */
  hasSubagent(key: string): boolean {
    return this.#subs.has(key);
  }

  /** The role of the open subagent `key`, or the main role. */
  roleOf(key: string | null): string {
    return key === null ? this.mainRole : this.#subs.get(key)?.role ?? this.mainRole;
  }

  /** Starts a subagent of its own role, keyed by the agent's id of the call that started it. */
  startSubagent(out: Produced[], key: string, role: string, model: string): void {
    if (!this.#open || this.#subs.has(key)) return;
    if (this.#subs.size >= OPEN_SUBAGENTS_MAX) {
      this.endSubagent(out, this.#subs.keys().next().value!, "given_up");
    }
    this.#subs.set(key, { role, messages: new Map(), usage: zeroUsage() });
    out.push({ event: { type: "agent_started", role, subtask: null, model } });
  }

  /** Ends the subagent `key` (nothing when it is not open). */
  endSubagent(out: Produced[], key: string, reason = "completed"): void {
    const a = this.#subs.get(key);
    if (!a) return;
    this.#subs.delete(key);
    addUsage(this.#subUsage, a.usage);
    out.push({
      event: {
        type: "agent_finished",
        role: a.role,
        steps: a.messages.size,
        usage: a.usage,
        stop: JSON.stringify({ reason }),
      },
    });
  }

  /**
   * The usage a message of the main agent (`key` null) or of a subagent
   * reports: counted once per message id, the last report of a message
   * replacing the earlier ones (a streamed message is reported block by block).
   */
  message(key: string | null, id: string, usage: Usage): void {
    const a = key === null ? this.#main : this.#subs.get(key);
    if (!a) return;
    const last = a.messages.get(id);
    if (last) a.usage = addUsage(subtractUsage(a.usage, last), usage);
    else addUsage(a.usage, usage);
    if (a.messages.size < MESSAGES_MAX || last) a.messages.set(id, usage);
  }

  /** `agent_text`: the complete text of a step. */
  text(out: Produced[], role: string, text: string): void {
    if (text === "") return;
    out.push({ event: { type: "agent_text", role, text } });
  }

  /** `agent_delta`: text arriving while a step streams (ephemeral). */
  delta(out: Produced[], role: string, kind: "text" | "thinking", text: string): void {
    if (text === "") return;
    out.push({
      event: { type: "agent_delta", role, subtask: null, delta: { kind, text } },
    });
  }

  /** A `log` event. */
  log(out: Produced[], level: "info" | "warn" | "error", message: string): void {
    out.push({ event: { type: "log", level, message } });
  }

  /**
   * `tool_called` for the agent's call `id`, with a fresh `call`. A second
   * call with an id that is open is not written again.
   */
  called(out: Produced[], id: string, role: string, tool: string, input: unknown): void {
    if (this.#calls.has(id)) return;
    if (this.#calls.size >= OPEN_CALLS_MAX) {
      const [oldId, old] = this.#calls.entries().next().value!;
      this.#calls.delete(oldId);
      this.log(
        out,
        "warn",
        `call ${old.call} (${old.tool}, the agent's ${oldId}) given up without its result: more than ${OPEN_CALLS_MAX} calls were open`,
      );
    }
    const call = this.#newCall();
    this.#calls.set(id, { call, tool, role, at: this.#now() });
    out.push({
      event: { type: "tool_called", role, tool, input: input ?? null, call, subtask: null },
    });
  }

  /** Whether the agent's call `id` is open. */
  isOpen(id: string): boolean {
    return this.#calls.has(id);
  }

  /**
   * `tool_returned` for the agent's call `id`, with the complete output (for
   * the trace store). A result whose call is not open is named in a warning
   * and not written; returns whether it was written.
   */
  returned(
    out: Produced[],
    id: string,
    r: { is_error: boolean; output: string; exit_code?: number | null; timed_out?: boolean },
  ): boolean {
    const c = this.#calls.get(id);
    if (!c) {
      this.log(
        out,
        "warn",
        `a result for the agent's call ${
          JSON.stringify(id.slice(0, 80))
        } whose call is not in the input: not recorded`,
      );
      return false;
    }
    this.#calls.delete(id);
    out.push({
      event: {
        type: "tool_returned",
        role: c.role,
        tool: c.tool,
        is_error: r.is_error,
        duration_ms: Math.max(0, Math.round(this.#now() - c.at)),
        call: c.call,
        subtask: null,
        exit_code: r.exit_code ?? null,
        timed_out: r.timed_out ?? false,
      },
      output: r.output,
    });
    return true;
  }

  /**
   * Ends the open session: its open subagents, a warning naming its calls
   * without a result, the agent's error in the log when it failed, then
   * `agent_finished` and `phase_finished`.
   */
  endSession(out: Produced[], end: SessionEnd): void {
    if (!this.#open) return;
    const reason = end.reason ?? (end.success ? "completed" : "failed");
    for (const key of [...this.#subs.keys()]) {
      this.endSubagent(out, key, end.success ? "session_ended" : reason);
    }
    this.#warnOpenCalls(out);
    if (!end.success) {
      this.#failed++;
      this.log(out, "error", end.error ?? end.summary);
    }
    const main = this.#main!;
    const usage = end.usage ??
      (end.totalUsage ? subtractUsage(end.totalUsage, this.#subUsage) : main.usage);
    const finished: ProducedEvent = {
      type: "agent_finished",
      role: main.role,
      steps: end.steps ?? main.messages.size,
      usage,
      stop: JSON.stringify({ reason }),
    };
    if (end.costUsd !== undefined && Number.isFinite(end.costUsd) && end.costUsd >= 0) {
      finished.cost_usd = end.costUsd;
    }
    out.push({ event: finished });
    out.push({
      event: {
        type: "phase_finished",
        phase: AGENT_PHASE,
        success: end.success,
        summary: summaryOf(end.summary),
      },
    });
    if (end.durationMs !== undefined && Number.isFinite(end.durationMs) && end.durationMs >= 0) {
      this.#durationMs += end.durationMs;
    } else this.#durationsKnown = false;
    this.#open = false;
    this.#main = null;
  }

  /**
   * The input ended (`eof`), or recording was stopped: an open session is
   * ended as failed (`eof`: the agent's final line never came) and the
   * run's end is returned. After `interrupt` or `cancel` the caller says why
   * in the log.
   */
  finish(out: Produced[], cause: "eof" | "interrupt" | "cancel"): RunEnd {
    let cut = false;
    if (cause === "eof" && (this.#open || this.#sessions === 0)) {
      cut = true;
      const message = `standard input closed before ${this.finalLine}`;
      if (this.#open) {
        this.endSession(out, {
          success: false,
          summary: message,
          reason: "input_ended",
        });
      } else this.log(out, "error", message);
    } else if (this.#open) {
      const reason = cause === "cancel" ? "cancelled" : "interrupted";
      // The log's error is the caller's (why recording stopped): none here.
      this.#endQuietly(out, reason);
    }
    const success = !cut && cause === "eof" && this.#failed === 0 && this.#sessions > 0;
    return {
      success,
      status: success ? "done" : "failed",
      activeMs: this.#durationsKnown && this.#sessions > 0 ? this.#durationMs : null,
    };
  }

  #endQuietly(out: Produced[], reason: string) {
    for (const key of [...this.#subs.keys()]) this.endSubagent(out, key, reason);
    this.#warnOpenCalls(out);
    const main = this.#main!;
    out.push({
      event: {
        type: "agent_finished",
        role: main.role,
        steps: main.messages.size,
        usage: main.usage,
        stop: JSON.stringify({ reason }),
      },
    });
    out.push({
      event: { type: "phase_finished", phase: AGENT_PHASE, success: false, summary: reason },
    });
    this.#durationsKnown = false;
    this.#open = false;
    this.#main = null;
  }

  #warnOpenCalls(out: Produced[]) {
    if (this.#calls.size === 0) return;
    const named = [...this.#calls.entries()].slice(0, NAMED_CALLS_MAX).map(([id, c]) =>
      `${c.call} (${c.tool}, the agent's ${id.slice(0, 80)})`
    );
    const more = this.#calls.size - named.length;
    this.log(
      out,
      "warn",
      `${this.#calls.size} call(s) had no result when the session ended: ${named.join(", ")}${
        more > 0 ? ` and ${more} more` : ""
      }`,
    );
    this.#calls.clear();
  }
}
