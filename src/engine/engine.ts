/**
 * The scripted engine: plays a scenario's phases through a run recorder,
 * with real timings scaled by a speed factor, budgets, approval gates and
 * cancellation. It publishes what happens inside phases; the run's start,
 * pause and end belong to {@link runTask}.
 *
 * @module
 */
import type { Gate, Usage } from "../contract/events.ts";
import { zeroUsage } from "../contract/events.ts";
import type { RunRecorder } from "../store/recorder.ts";
import { branchOf } from "../store/tasks.ts";
import type {
  AgentSpec,
  AttemptSpec,
  CommitSpec,
  PhaseSpec,
  Scenario,
  StepSpec,
  SubtaskSpec,
  ToolCallSpec,
  ValidationSpec,
} from "./scenario.ts";

/** Why the engine stopped before the end. */
export type StopKind = "cancel" | "interrupt" | "budget";

/** Thrown inside the engine when the run must stop (cancel, Ctrl-C, budget). */
export class StopRun extends Error {
  override name = "StopRun";
  readonly kind: StopKind;
  constructor(kind: StopKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Thrown inside the engine when the run fails (a scripted failure). */
export class RunFailure extends Error {
  override name = "RunFailure";
}

/** Where the engine is in a scenario; kept in run.json under `engine`. */
export interface EnginePosition {
  /** The scenario of the run (a resume plays the same one). */
  scenario: Scenario;
  /** Index of the next phase to play. */
  next_phase: number;
  /** The phase whose gate waits for a human, while one does. */
  gate_phase: number | null;
  /** A rejection to work on when the phase is played again. */
  rework: { gate: Gate; comment: string | null } | null;
  /** Subtask ids by `<phase>/<index>`, stable across resumes. */
  subtask_ids: Record<string, string>;
  /** What paused the run last: `approval`, `budget`, or null. */
  paused_by: "approval" | "budget" | null;
}

/** A fresh position at the start of a scenario. */
export function startPosition(scenario: Scenario): EnginePosition {
  return {
    scenario,
    next_phase: 0,
    gate_phase: null,
    rework: null,
    subtask_ids: {},
    paused_by: null,
  };
}

/** How a played scenario ended. */
export type EngineOutcome =
  | { kind: "done" }
  | { kind: "approval"; gate: Gate }
  | { kind: "stopped"; stop: StopKind; message: string }
  | { kind: "failed"; message: string };

/** Options of {@link Engine}. */
export interface EngineOptions {
  /** Timings are divided by this. Default 1. */
  speed?: number;
  /** Gates that wait for a human (`pipeline.approvals`). Default none. */
  approvals?: Gate[];
  /** Whether a merge phase merges (`pipeline.auto_merge`); otherwise it leaves the branch for review. Default true. */
  autoMerge?: boolean;
  /** Automatic validation fixes over the whole run. Default 2. */
  maxValidationFixAttempts?: number;
  /** Token budget of the run (input + output tokens), or null. Default null. */
  tokenLimit?: number | null;
  /** Active-time budget of the run in milliseconds, or null. Default null. */
  durationLimitMs?: number | null;
  /** Aborted with a {@link StopRun} reason to stop the run (cancel, Ctrl-C). */
  signal?: AbortSignal;
}

const DEFAULT_MODEL = "claude-sonnet-4-5";
/** Longest single wait, whatever the scenario says (milliseconds after scaling). */
const WAIT_MS_MAX = 600_000;

function stopOf(reason: unknown): StopRun {
  return reason instanceof StopRun ? reason : new StopRun("interrupt", "interrupted");
}

/** Tokens counted against `max_tokens`: input and output tokens. */
export function tokensOf(u: Usage): number {
  return u.input_tokens + u.output_tokens;
}

function fullUsage(u: Partial<Usage> | undefined): Usage {
  return { ...zeroUsage(), ...(u ?? {}) };
}

function scaleUsage(u: Usage, f: number): Usage {
  return {
    input_tokens: Math.floor(u.input_tokens * f),
    output_tokens: Math.floor(u.output_tokens * f),
    cache_read_tokens: Math.floor(u.cache_read_tokens * f),
    cache_write_tokens: Math.floor(u.cache_write_tokens * f),
  };
}

/** A random call id: 12 hexadecimal digits. */
export function newCallId(): string {
  const b = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

function fakeHash(seed: string): string {
  // A stable 40-digit hex "commit" from the seed (FNV-1a, repeated).
  let out = "";
  let h = 0x811c9dc5;
  for (let round = 0; out.length < 40; round++) {
    for (let i = 0; i < seed.length; i++) {
      h ^= seed.charCodeAt(i) + round;
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    out += h.toString(16).padStart(8, "0");
  }
  return out.slice(0, 40);
}

/**
 * Plays one scenario on one recorder.
 *
 * @example
 * ```ts
 * const engine = new Engine(rec, startPosition(scenario), { speed: 10 });
 * const outcome = await engine.play();
 * ```
 */
export class Engine {
  readonly rec: RunRecorder;
  readonly pos: EnginePosition;
  readonly #speed: number;
  readonly #approvals: Gate[];
  readonly #maxFixes: number;
  readonly #tokenLimit: number | null;
  readonly #durationLimitMs: number | null;
  readonly #stop = new AbortController();
  /** Usage of the agent session in progress, not yet in the run's totals. */
  #partial: Usage = zeroUsage();
  readonly #tick: number;
  readonly #autoMerge: boolean;

  constructor(rec: RunRecorder, pos: EnginePosition, options: EngineOptions = {}) {
    this.rec = rec;
    this.pos = pos;
    this.#speed = options.speed && options.speed > 0 ? options.speed : 1;
    this.#approvals = options.approvals ?? [];
    this.#maxFixes = options.maxValidationFixAttempts ?? 2;
    this.#tokenLimit = options.tokenLimit ?? null;
    this.#durationLimitMs = options.durationLimitMs ?? null;
    this.#tick = pos.scenario.tick_ms ?? 100;
    this.#autoMerge = options.autoMerge ?? true;
    const outer = options.signal;
    if (outer) {
      if (outer.aborted) this.#stop.abort(stopOf(outer.reason));
      else {outer.addEventListener("abort", () => this.#stop.abort(stopOf(outer.reason)), {
          once: true,
        });}
    }
  }

  /** Tokens used by the run so far, the session in progress included. */
  tokens(): number {
    return tokensOf(this.rec.runState.usage) + tokensOf(this.#partial);
  }

  /** Plays the scenario from {@link EnginePosition.next_phase} to its end or a stop. */
  async play(): Promise<EngineOutcome> {
    const timer = this.#armDurationBudget();
    try {
      this.#checkBudget();
      const phases = this.pos.scenario.phases;
      while (this.pos.next_phase < phases.length) {
        const index = this.pos.next_phase;
        const phase = phases[index];
        await this.#phase(phase, index);
        this.pos.next_phase = index + 1;
        this.pos.rework = null;
        await this.rec.saveState();
        this.#budgetUpdated();
        if (phase.gate && this.#approvals.includes(phase.gate)) {
          this.pos.gate_phase = index;
          this.rec.emit({ type: "approval_requested", gate: phase.gate });
          return { kind: "approval", gate: phase.gate };
        }
        this.#checkBudget();
      }
      return { kind: "done" };
    } catch (e) {
      if (e instanceof StopRun) {
        if (e.kind === "budget") this.#budgetUpdated();
        return { kind: "stopped", stop: e.kind, message: e.message };
      }
      if (e instanceof RunFailure) return { kind: "failed", message: e.message };
      throw e;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
    }
  }

  #armDurationBudget(): ReturnType<typeof setTimeout> | undefined {
    if (this.#durationLimitMs === null) return undefined;
    const left = Math.max(0, this.#durationLimitMs - this.rec.activeMs());
    return setTimeout(() => {
      this.#stop.abort(new StopRun("budget", this.#budgetMessage()));
    }, Math.min(left, 2_147_000_000));
  }

  #budgetMessage(): string {
    const parts: string[] = [];
    if (this.#tokenLimit !== null && this.tokens() >= this.#tokenLimit) {
      parts.push(`${this.tokens()} of ${this.#tokenLimit} tokens used`);
    }
    if (this.#durationLimitMs !== null && this.rec.activeMs() >= this.#durationLimitMs) {
      parts.push(
        `${(this.rec.activeMs() / 1000).toFixed(1)} s of ${
          this.#durationLimitMs / 1000
        } s active time used`,
      );
    }
    return `budget reached: ${parts.join(", ") || "limit reached"}`;
  }

  #checkBudget(): void {
    if (this.#stop.signal.aborted) throw stopOf(this.#stop.signal.reason);
    const overTokens = this.#tokenLimit !== null && this.tokens() >= this.#tokenLimit;
    const overTime = this.#durationLimitMs !== null &&
      this.rec.activeMs() >= this.#durationLimitMs;
    if (overTokens || overTime) {
      const stop = new StopRun("budget", this.#budgetMessage());
      this.#stop.abort(stop);
      throw stop;
    }
  }

  #budgetUpdated(): void {
    this.rec.emit({
      type: "budget_updated",
      tokens: tokensOf(this.rec.runState.usage),
      token_limit: this.#tokenLimit,
      active_ms: this.rec.activeMs(),
      duration_limit_ms: this.#durationLimitMs,
    });
  }

  /** Waits `ms` (scaled by the speed), or throws {@link StopRun} when the run is stopped. */
  #wait(ms: number): Promise<void> {
    const signal = this.#stop.signal;
    if (signal.aborted) return Promise.reject(stopOf(signal.reason));
    const scaled = Math.min(WAIT_MS_MAX, Math.max(0, ms / this.#speed));
    if (scaled < 1) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(t);
        reject(stopOf(signal.reason));
      };
      const t = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, scaled);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  async #phase(phase: PhaseSpec, index: number): Promise<void> {
    this.rec.emit({ type: "phase_started", phase: phase.name });
    // run.json names the phase, for the task list (GET /api/tasks).
    await this.rec.saveState();
    const done = { agents: 0, subtasks: 0, validations: 0 };
    let summary = phase.summary;
    try {
      if (this.pos.rework) {
        this.rec.emit({
          type: "log",
          level: "info",
          message: `reworking ${phase.name} after the ${this.pos.rework.gate} gate was rejected: ${
            this.pos.rework.comment ?? "no reason given"
          }`,
        });
      }
      const repeat = phase.repeat ?? 1;
      for (let round = 0; round < repeat; round++) {
        if (phase.checkpoint) this.#commit(phase.checkpoint, null, `checkpoint/${index}`);
        for (const agent of phase.agents ?? []) {
          await this.#agent(agent, null);
          done.agents++;
        }
        const subtasks = phase.subtasks ?? [];
        const ids = subtasks.map((s, i) => this.#subtaskId(s, `${index}/${i}`));
        for (const id of ids) {
          this.rec.emit({ type: "subtask_updated", subtask: id, status: "pending" });
        }
        for (let i = 0; i < subtasks.length; i++) {
          await this.#subtask(subtasks[i], ids[i]);
          done.subtasks++;
        }
        for (const v of phase.validations ?? []) {
          await this.#validation(v);
          done.validations++;
        }
        if (phase.artefact) this.rec.emit({ type: "artefact_written", artefact: phase.artefact });
        if (phase.merge && !this.#autoMerge) {
          summary = "ready for human review and merge (auto_merge is off)";
        } else if (phase.merge) {
          await this.#wait(this.#tick);
          this.rec.emit({
            type: "merged",
            commit: phase.merge.commit ?? fakeHash(`${this.rec.run}/merge`),
            branch: phase.merge.branch ?? branchOf(this.rec.task),
            base: phase.merge.base ?? "main",
          });
        }
        if (phase.fail) throw new RunFailure(`phase ${phase.name} failed: ${phase.fail}`);
      }
    } catch (e) {
      const summary = e instanceof StopRun
        ? (e.kind === "budget" ? "stopped: budget reached" : "stopped: cancelled")
        : (e as Error).message;
      this.rec.emit({ type: "phase_finished", phase: phase.name, success: false, summary });
      throw e;
    }
    this.rec.emit({
      type: "phase_finished",
      phase: phase.name,
      success: true,
      summary: summary ?? describePhase(done),
    });
  }

  #subtaskId(s: SubtaskSpec, key: string): string {
    if (s.id) return s.id;
    const known = this.pos.subtask_ids[key];
    if (known) return known;
    const id = crypto.randomUUID();
    this.pos.subtask_ids[key] = id;
    return id;
  }

  #commit(c: CommitSpec, subtask: string | null, seed: string): string {
    const commit = c.hash ?? fakeHash(`${this.rec.run}/${seed}/${c.message}`);
    this.rec.emit({
      type: "committed",
      subtask,
      commit,
      message: c.message.split("\n")[0],
      files: c.files ?? [],
    });
    return commit;
  }

  async #subtask(s: SubtaskSpec, id: string): Promise<void> {
    for (let a = 0; a < s.attempts.length; a++) {
      const attempt: AttemptSpec = s.attempts[a];
      this.rec.emit({ type: "subtask_updated", subtask: id, status: "in_progress" });
      for (const agent of attempt.agents ?? []) await this.#agent(agent, id);
      const failed = attempt.status === "failed";
      let ok = !failed;
      if (!failed) {
        const commit = this.#commit(
          attempt.commit ?? { message: `taskline: ${s.title}`, files: [] },
          id,
          `${id}/${a}`,
        );
        const conflicts = attempt.conflicts ?? [];
        this.rec.emit({ type: "subtask_integrated", subtask: id, commit, conflicts });
        ok = conflicts.length === 0;
        this.rec.emit({ type: "subtask_updated", subtask: id, status: ok ? "done" : "conflicted" });
      } else {
        this.rec.emit({ type: "subtask_updated", subtask: id, status: "failed" });
      }
      this.#budgetUpdated();
      this.#checkBudget();
      if (ok) return;
      if (a + 1 < s.attempts.length) {
        const delay = attempt.delay_ms ?? this.#tick * 4;
        this.rec.emit({
          type: "retrying",
          what: `subtask "${s.title}"`,
          attempt: a + 2,
          delay_ms: Math.round(delay / this.#speed),
        });
        await this.#wait(delay);
      }
    }
    throw new RunFailure(`subtask "${s.title}" failed after ${s.attempts.length} attempt(s)`);
  }

  async #validation(v: ValidationSpec): Promise<void> {
    const codes = v.exit_codes ?? [0];
    for (let i = 0;; i++) {
      await this.#wait(this.#tick * 2);
      const code = i < codes.length ? codes[i] : 0;
      const passed = code === 0;
      this.rec.emit({
        type: "validation_finished",
        command: v.command,
        integration: v.integration ?? false,
        passed,
        exit_code: code,
      });
      const rs = this.rec.runState;
      rs.validations.push({ command: v.command, passed, exit_code: code });
      if (passed) {
        await this.rec.saveState();
        return;
      }
      if (rs.validation_fix_attempts >= this.#maxFixes) {
        await this.rec.saveState();
        throw new RunFailure(
          `validation "${v.command}" failed (exit ${code}) and the run's ${this.#maxFixes} automatic fix(es) are used up`,
        );
      }
      rs.validation_fix_attempts++;
      rs.pending_validation_fix = true;
      await this.rec.saveState();
      await this.#agent(
        v.fix ?? {
          role: "fixer",
          usage: { input_tokens: 900, output_tokens: 250 },
          steps: [{ text: `The command \`${v.command}\` failed; fixing what it reports.` }],
        },
        null,
      );
      this.#commit(
        { message: `taskline: fix ${v.command}`, files: [] },
        null,
        `fix/${rs.validation_fix_attempts}`,
      );
      rs.pending_validation_fix = false;
      await this.rec.saveState();
    }
  }

  async #agent(spec: AgentSpec, subtask: string | null): Promise<void> {
    const role = spec.role;
    const total = fullUsage(spec.usage);
    const steps = spec.steps ?? [];
    this.rec.emit({ type: "agent_started", role, subtask, model: spec.model ?? DEFAULT_MODEL });
    let done = 0;
    try {
      for (const step of steps) {
        await this.#step(step, role, subtask);
        done++;
        this.#partial = scaleUsage(total, done / steps.length);
        this.#checkBudget();
      }
    } catch (e) {
      const usage = this.#partial;
      this.#partial = zeroUsage();
      const reason = e instanceof StopRun
        ? (e.kind === "budget" ? "budget" : "cancelled")
        : "error";
      this.rec.emit({
        type: "agent_finished",
        role,
        steps: done,
        usage,
        stop: JSON.stringify({ reason }),
      });
      throw e;
    }
    this.#partial = zeroUsage();
    this.rec.emit({
      type: "agent_finished",
      role,
      steps: done,
      usage: total,
      stop: JSON.stringify({ reason: "completed" }),
    });
  }

  async #step(step: StepSpec, role: string, subtask: string | null): Promise<void> {
    await this.#wait(step.delay_ms ?? this.#tick);
    if (step.retry) {
      const attempts = step.retry.attempts ?? 1;
      const delay = step.retry.delay_ms ?? this.#tick * 4;
      for (let a = 1; a <= attempts; a++) {
        this.rec.emit({
          type: "retrying",
          what: step.retry.what,
          attempt: a + 1,
          delay_ms: Math.round(delay / this.#speed),
        });
        await this.#wait(delay);
      }
    }
    if (step.thinking) await this.#stream(step.thinking, "thinking", role, subtask, step);
    if (step.text !== undefined) {
      await this.#stream(step.text, "text", role, subtask, step);
      this.rec.emit({ type: "agent_text", role, text: step.text });
    }
    if (step.tools) await this.#tools(step.tools, step.parallel === true, role, subtask);
    if (step.fail) throw new RunFailure(step.fail);
  }

  async #stream(
    text: string,
    kind: "text" | "thinking",
    role: string,
    subtask: string | null,
    step: StepSpec,
  ): Promise<void> {
    const size = step.chunk_chars ?? 12;
    for (let i = 0; i < text.length; i += size) {
      if (i > 0) await this.#wait(this.#tick / 5);
      this.rec.emit({
        type: "agent_delta",
        role,
        subtask,
        delta: { kind, text: text.slice(i, i + size) },
      });
    }
  }

  async #tools(
    calls: ToolCallSpec[],
    parallel: boolean,
    role: string,
    subtask: string | null,
  ): Promise<void> {
    if (!parallel) {
      for (const c of calls) {
        const call = newCallId();
        this.rec.emit({
          type: "tool_called",
          role,
          tool: c.tool,
          input: c.input ?? {},
          call,
          subtask,
        });
        await this.#returnAfter([{ spec: c, call }], role, subtask);
      }
      return;
    }
    const open = calls.map((spec) => ({ spec, call: newCallId() }));
    for (const o of open) {
      this.rec.emit({
        type: "tool_called",
        role,
        tool: o.spec.tool,
        input: o.spec.input ?? {},
        call: o.call,
        subtask,
      });
    }
    // Read-only calls run together: the quickest returns first.
    await this.#returnAfter(
      [...open].sort((a, b) => this.#duration(a.spec) - this.#duration(b.spec)),
      role,
      subtask,
    );
  }

  #duration(c: ToolCallSpec): number {
    return c.duration_ms ?? this.#tick * 2;
  }

  /** Returns `open` calls in order, each after its duration; on a stop, the rest return as errors. */
  async #returnAfter(
    open: Array<{ spec: ToolCallSpec; call: string }>,
    role: string,
    subtask: string | null,
  ): Promise<void> {
    let elapsed = 0;
    const started = performance.now();
    for (let i = 0; i < open.length; i++) {
      const { spec, call } = open[i];
      const d = this.#duration(spec);
      try {
        await this.#wait(d - elapsed);
      } catch (e) {
        const ms = Math.round(performance.now() - started);
        for (const rest of open.slice(i)) {
          await this.rec.toolReturned({
            role,
            tool: rest.spec.tool,
            call: rest.call,
            subtask,
            output: "[taskline: the call was stopped before it finished]",
            is_error: true,
            duration_ms: ms,
            exit_code: null,
            timed_out: false,
          });
        }
        throw e;
      }
      elapsed = d;
      const output = (spec.output ?? "").repeat(spec.output_repeat ?? 1);
      const exit = spec.exit_code ?? null;
      await this.rec.toolReturned({
        role,
        tool: spec.tool,
        call,
        subtask,
        output,
        is_error: spec.is_error ?? (exit !== null && exit !== 0),
        duration_ms: Math.round(d / this.#speed),
        exit_code: exit,
        timed_out: spec.timed_out ?? false,
      });
    }
  }
}

function describePhase(done: { agents: number; subtasks: number; validations: number }): string {
  const parts: string[] = [];
  if (done.subtasks) parts.push(`${done.subtasks} subtask(s) done`);
  if (done.validations) parts.push(`${done.validations} validation(s) passed`);
  if (done.agents) parts.push(`${done.agents} agent session(s)`);
  return parts.join(", ") || "done";
}
