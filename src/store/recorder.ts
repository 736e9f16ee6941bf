/**
 * The run recorder: the one way events of a run are written.
 *
 * It takes the task's lock (a second run fails), repairs a torn last line
 * left by a crash, continues seq across resumes, stamps `at` without going
 * backwards, writes each event as one complete line, sends ephemeral events
 * to live subscribers only, and ends every started run with `run_finished`.
 *
 * @module
 */
import { checkLogFile, lastNewlineBefore, readAt } from "./log_file.ts";
import type { Envelope } from "../contract/envelope.ts";
import { SCHEMA_VERSION } from "../contract/envelope.ts";
import {
  type AnyEvent,
  isEphemeral,
  type KnownEvent,
  runOf,
  type Usage,
  zeroUsage,
} from "../contract/events.ts";
import { type MonotonicClock, processClock } from "../contract/time.ts";
import { decodeLine } from "../codec/decode.ts";
import { encodeEnvelope } from "../codec/encode.ts";
import { TasklineError } from "../errors.ts";
import { acquireTaskLock, type TaskLock } from "./lock.ts";
import {
  findCurrentRun,
  lastRunLine,
  lastSegmentLine,
  readLog,
  scanBackward,
} from "./log_reader.ts";
import { emptyRunState, loadRunState, type RunState, saveRunState } from "./run_state.ts";
import { type StateDir, unlessNotFound } from "./state_dir.ts";
import { readTask, type Task } from "./tasks.ts";
import { defaultSettings, type Settings } from "./settings.ts";
import { charCount, previewOf, writeTraceOutput } from "./trace_store.ts";

/** An event as the engine hands it over: the recorder fills `run`. */
export type EventInput = KnownEvent extends infer E
  ? E extends KnownEvent ? Omit<E, "run"> & { run?: string } : never
  : never;

/** How a recorder joins the task's runs. */
export type RecorderMode =
  /** A new run: a fresh run id, seq from 1. */
  | "new"
  /** The current run again: same run id, seq continues, `run_started` repeated. */
  | "resume"
  /** Events into the current run without starting it (approve, reject). */
  | "append";

/** Options of {@link RunRecorder.open}. */
export interface RecorderOptions {
  /** Default `new`. */
  mode?: RecorderMode;
  /** Settings of the project (trace store). Default: the defaults. */
  settings?: Settings;
  /** Clock for `at`. Default: the process's clock. */
  clock?: MonotonicClock;
  /**
   * Told about a repair of the log: a torn last line, or a run whose process
   * died finished by this one. Default: ignored.
   */
  onRepair?: (message: string) => void;
  /** The run id of a new run. Default: a random UUID. */
  runId?: string;
  /**
   * Also given every envelope published, ephemeral ones included, with its
   * task (the live channel to a running server). Default: none.
   */
  sink?: RecorderSink;
}

/** Options of {@link RunRecorder.emitAll}. */
export interface EmitOptions {
  /**
   * The JSON text of each input, when the caller has it (a producer's line
   * that was parsed and found to need no change): exactly what
   * `JSON.stringify` of the input without its `run` would give, up to
   * insignificant whitespace, keys in the same order. The line is then
   * built from it instead of encoding the event again. Default: none.
   */
  texts?: ReadonlyArray<string | undefined>;
}

/** What a subscriber is given: every envelope, ephemeral ones included. */
export type Subscriber = (env: Envelope) => void;

/** A sink a recorder is given: each envelope published, and the task it belongs to. */
export type RecorderSink = (env: Envelope, task: Task) => void;

const encoder = new TextEncoder();
/** The write buffer of a recorder, in bytes (a batch of 64 KiB of input fits). */
const APPEND_BUFFER_BYTES = 1024 * 1024;

/** What a tool returned, for {@link RunRecorder.toolReturned}. */
export interface ToolResult {
  role: string;
  tool: string;
  call: string;
  subtask: string | null;
  output: string;
  is_error: boolean;
  duration_ms: number;
  exit_code?: number | null;
  timed_out?: boolean;
}

/**
 * Records the events of one run of one task.
 *
 * @example
 * ```ts
 * const rec = await RunRecorder.open(state, task);
 * try {
 *   rec.start();
 *   rec.emit({ type: "phase_started", phase: "build" });
 *   rec.finish({ success: true, status: "done" });
 * } finally {
 *   rec.close();
 * }
 * ```
 */
export class RunRecorder {
  readonly state: StateDir;
  readonly task: Task;
  readonly run: string;
  readonly mode: RecorderMode;
  readonly settings: Settings;
  #file: Deno.FsFile | null;
  #lock: TaskLock | null;
  #size: number;
  #seq: number;
  #clock: MonotonicClock;
  #subscribers = new Set<Subscriber>();
  #runState: RunState;
  #started = false;
  #finished = false;
  #segmentStart = 0;
  #sink: RecorderSink | null;

  private constructor(init: {
    state: StateDir;
    task: Task;
    run: string;
    mode: RecorderMode;
    settings: Settings;
    file: Deno.FsFile;
    lock: TaskLock;
    size: number;
    seq: number;
    clock: MonotonicClock;
    runState: RunState;
    sink: RecorderSink | null;
  }) {
    this.state = init.state;
    this.task = init.task;
    this.run = init.run;
    this.mode = init.mode;
    this.settings = init.settings;
    this.#file = init.file;
    this.#lock = init.lock;
    this.#size = init.size;
    this.#seq = init.seq;
    this.#clock = init.clock;
    this.#runState = init.runState;
    this.#sink = init.sink;
  }

  /**
   * Opens a run on a task: takes its lock, reads `task.record` again (what
   * it holds once no other process can change it) and prepares its log.
   *
   * @throws TasklineError `task-running` when another process holds the
   * task; `not-found` when resuming a task without a run.
   */
  static async open(
    state: StateDir,
    task: Task,
    options: RecorderOptions = {},
  ): Promise<RunRecorder> {
    const mode = options.mode ?? "new";
    const lock = await acquireTaskLock(state, task.dir);
    try {
      // The task as it is now that no other process can change it: a run
      // that held the lock until a moment ago may have paused or ended it.
      task.record = (await readTask(state, task.dir)).record;
      const logPath = state.logPath(task.dir);
      let size = await repairTail(logPath, options.onRepair);
      let run: string;
      let seq = 0;
      let runState = await loadRunState(state, task.dir);
      if (mode === "new") {
        size = await finishDeadRun(state, task, size, runState, {
          clock: options.clock ?? processClock,
          onRepair: options.onRepair,
        });
        run = options.runId ?? crypto.randomUUID();
        // A new run starts from nothing; fields of others (the engine's) stay.
        runState = { ...runState, ...emptyRunState(), run, status: undefined };
      } else {
        // The run of the log's last line with a seq, and that seq (a read of
        // the log's end); a log of 0.2 runs only is searched for run_started.
        const last = await lastRunLine(logPath, { to: size });
        const current = last ?? await findCurrentRun(logPath, { to: size });
        if (!current) {
          throw new TasklineError(
            "not-found",
            `Cannot resume task #${task.number}: it has no run yet`,
          );
        }
        run = current.run;
        // A 0.2 run (no line with a seq) is numbered from 1 on.
        seq = last?.seq ?? 0;
        if (!describesRun(runState, run)) {
          runState = await stateFromLog(logPath, run, size, runState);
        } else if (runState.started_at === "" || runState.run === "") {
          // A run.json of 0.4 has no started_at: the run started at its first run_started.
          runState = {
            ...runState,
            run,
            started_at: runState.started_at || await firstStartOf(logPath, run, size),
          };
        }
      }
      const file = await Deno.open(logPath, { write: true, append: true, create: true });
      return new RunRecorder({
        state,
        task,
        run,
        mode,
        settings: options.settings ?? defaultSettings(),
        file,
        lock,
        size,
        seq,
        clock: options.clock ?? processClock,
        runState,
        sink: options.sink ?? null,
      });
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  /** The seq of the last event written. */
  get seq(): number {
    return this.#seq;
  }

  /** Totals and state of the run (kept in run.json). */
  get runState(): RunState {
    return this.#runState;
  }

  /** Whether `run_finished` was written. */
  get finished(): boolean {
    return this.#finished;
  }

  /** Calls `fn` with every envelope published from now on, ephemeral ones included. */
  subscribe(fn: Subscriber): () => void {
    this.#subscribers.add(fn);
    return () => this.#subscribers.delete(fn);
  }

  /**
   * Publishes one event: stamps it, gives it the next seq and appends it as
   * one line (ephemeral events are only sent to subscribers).
   *
   * @throws TasklineError `io` when the line cannot be written; the log is
   * then left as it was before the call.
   */
  emit(input: EventInput): Envelope {
    return this.emitAll([input])[0];
  }

  /**
   * Publishes events in order, as {@link emit} does each, with one write for
   * all their lines: a producer that has many events at hand pays one system
   * call, not one an event. Each line is complete; when the write fails, none
   * of them is left in the log, no seq is used, and nothing is published.
   *
   * @example
   * ```ts
   * rec.emitAll([
   *   { type: "phase_started", phase: "build" },
   *   { type: "phase_finished", phase: "build", success: true, summary: "done" },
   * ]);
   * ```
   */
  emitAll(inputs: readonly EventInput[], options: EmitOptions = {}): Envelope[] {
    if (!this.#file) throw new Error("RunRecorder.emit after close");
    if (this.#finished) {
      throw new Error(`RunRecorder.emit(${inputs[0]?.type}) after run_finished`);
    }
    const texts = options.texts;
    const envs: Envelope[] = new Array(inputs.length);
    const lines: string[] = [];
    let chars = 0;
    let seq = this.#seq;
    for (let i = 0; i < inputs.length; i++) {
      const input = inputs[i] as AnyEvent;
      const type = input.type;
      const run = input.run;
      // Keys as the contract lists them: type, run, then the event's own fields. An input
      // that names this run already is taken as it is (a producer's, checked and ordered).
      let event = input;
      if (run !== this.run) {
        const { type: _t, run: _r, ...fields } = input;
        event = { type, run: run ?? this.run, ...fields } as AnyEvent;
      }
      // The events of a batch are written at one moment: one read of the clock.
      const at = this.#clock.now(i > 0);
      if (isEphemeral(type)) {
        envs[i] = { schema: SCHEMA_VERSION, at, event };
        continue;
      }
      const env: Envelope = { schema: SCHEMA_VERSION, seq: ++seq, at, event };
      // encodeEnvelope's line, built without a second pass over the envelope.
      const line = `{"schema":${SCHEMA_VERSION},"seq":${seq},"at":${JSON.stringify(at)},"event":${
        this.#eventJson(event, run === undefined || run === this.run ? texts?.[i] : undefined)
      }}\n`;
      lines.push(line);
      chars += line.length;
      envs[i] = env;
    }
    if (lines.length > 0) this.#append(lines, chars);
    this.#seq = seq;
    for (const env of envs) {
      if (env.event.type === "agent_finished") {
        this.#addUsage((env.event as Extract<KnownEvent, { type: "agent_finished" }>).usage);
      } else if (env.event.type === "phase_started" && typeof env.event.phase === "string") {
        this.#runState.current_phase = env.event.phase;
      }
      this.#publish(env);
    }
    return envs;
  }

  #heads = new Map<string, string>();
  #out: Uint8Array | undefined;
  #runJson = "";

  /** The JSON of an event with its run, from the caller's text of it when given. */
  #eventJson(event: AnyEvent, text: string | undefined): string {
    if (text === undefined) return JSON.stringify(event);
    let head = this.#heads.get(event.type);
    if (head === undefined) {
      head = `{"type":${JSON.stringify(event.type)},`;
      if (this.#heads.size < 256) this.#heads.set(event.type, head);
    }
    if (!text.startsWith(head)) return JSON.stringify(event);
    if (this.#runJson === "") this.#runJson = `"run":${JSON.stringify(this.run)},`;
    return head + this.#runJson + text.slice(head.length);
  }

  /** Publishes `run_started` (a new run, or a resume of the current one). */
  start(): Envelope {
    if (this.mode === "append") throw new Error("RunRecorder.start in append mode");
    if (this.#started) throw new Error("RunRecorder.start twice");
    const env = this.emit({ type: "run_started", task: this.task.id });
    this.#started = true;
    this.#segmentStart = performance.now();
    if (this.#runState.started_at === "") this.#runState.started_at = env.at;
    return env;
  }

  /**
   * Keeps a tool's complete output in the trace store (when
   * `pipeline.trace_outputs` is on) and publishes `tool_returned` with its
   * preview, length and file.
   */
  async toolReturned(result: ToolResult): Promise<Envelope> {
    return this.emit(await this.keepOutput(result));
  }

  /**
   * Keeps a tool's complete output in the trace store (when
   * `pipeline.trace_outputs` is on) and returns the `tool_returned` event to
   * publish: its preview, length and file filled, as {@link toolReturned}
   * publishes it.
   */
  async keepOutput(result: ToolResult): Promise<EventInput> {
    const output_file = this.settings.pipeline.trace_outputs
      ? await writeTraceOutput(
        this.state,
        { dir: this.task.dir, run: this.run, call: result.call },
        result.output,
        { maxChars: this.settings.pipeline.trace_max_chars },
      )
      : null;
    return {
      type: "tool_returned",
      role: result.role,
      tool: result.tool,
      is_error: result.is_error,
      duration_ms: result.duration_ms,
      preview: previewOf(result.output),
      call: result.call,
      subtask: result.subtask,
      exit_code: result.exit_code ?? null,
      timed_out: result.timed_out ?? false,
      output_chars: charCount(result.output),
      output_file,
    };
  }

  /** Active time of the run so far, resumes included, in milliseconds. */
  activeMs(): number {
    const segment = this.#started ? Math.round(performance.now() - this.#segmentStart) : 0;
    return this.#runState.active_ms + segment;
  }

  /**
   * Publishes `run_finished` with the totals of the whole run and saves
   * run.json. Only once; afterwards the recorder accepts no event.
   */
  async finish(
    result: {
      success: boolean;
      status: string;
      /**
       * The active time of this segment of the run as the producer reported
       * it (an agent's session durations), in milliseconds: replaces the time
       * this process ran it. Default: that time.
       */
      segmentMs?: number;
    },
  ): Promise<Envelope> {
    if (!this.#started) throw new Error("RunRecorder.finish before start");
    const given = result.segmentMs;
    this.#runState.active_ms = given !== undefined && Number.isFinite(given) && given >= 0
      ? this.#runState.active_ms + Math.round(given)
      : this.activeMs();
    this.#started = false;
    const env = this.emit({
      type: "run_finished",
      success: result.success,
      status: result.status,
      usage: { ...this.#runState.usage },
      active_ms: this.#runState.active_ms,
      started_at: this.#runState.started_at,
    });
    this.#finished = true;
    // Kept so that a listing tells how the run ended without reading its log.
    this.#runState.status = result.status;
    await this.saveState();
    return env;
  }

  /** Saves run.json (the engine calls this after changing {@link runState}). */
  async saveState(): Promise<void> {
    await saveRunState(this.state, this.task.dir, this.#runState);
  }

  /**
   * Ends the recorder. A run that published `run_started` and did not finish
   * is finished now as failed, so `run_finished` is always its last event.
   */
  async close(failure?: { status?: string; message?: string }): Promise<void> {
    if (!this.#file) return;
    try {
      if (this.#started && !this.#finished) {
        if (failure?.message) {
          try {
            this.emit({ type: "log", level: "error", message: failure.message });
          } catch { /* the finish below matters more */ }
        }
        await this.finish({ success: false, status: failure?.status ?? "failed" });
      }
    } finally {
      this.#file.close();
      this.#file = null;
      this.#lock?.release();
      this.#lock = null;
    }
  }

  #addUsage(u: Usage) {
    const t = this.#runState.usage;
    t.input_tokens += u.input_tokens ?? 0;
    t.output_tokens += u.output_tokens ?? 0;
    t.cache_read_tokens += u.cache_read_tokens ?? 0;
    t.cache_write_tokens += u.cache_write_tokens ?? 0;
  }

  #append(lines: readonly string[], chars: number) {
    // One reused buffer for batches: a fresh one per write is garbage at 100 MB/s.
    let bytes: Uint8Array;
    if (chars * 3 <= APPEND_BUFFER_BYTES) {
      const out = this.#out ??= new Uint8Array(APPEND_BUFFER_BYTES);
      // Line by line: the batch as one string would be flattened first, and a
      // single non-ASCII character would make all of it a two-byte string,
      // six times slower to encode.
      let n = 0;
      for (const line of lines) n += encoder.encodeInto(line, out.subarray(n)).written;
      bytes = out.subarray(0, n);
    } else bytes = encoder.encode(lines.join(""));
    const file = this.#file!;
    let written = 0;
    try {
      while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
    } catch (e) {
      // Leave no partial line behind for readers.
      try {
        if (written > 0) file.truncateSync(this.#size);
      } catch { /* the reader skips a torn line; the next open repairs it */ }
      throw new TasklineError(
        "io",
        `Cannot append to ${this.state.logPath(this.task.dir)}: ${(e as Error).message}`,
        { cause: e },
      );
    }
    this.#size += bytes.length;
  }

  #publish(env: Envelope) {
    for (const fn of this.#subscribers) {
      try {
        fn(env);
      } catch { /* a subscriber's failure never stops the run */ }
    }
    if (this.#sink) {
      try {
        this.#sink(env, this.task);
      } catch { /* idem */ }
    }
  }
}

/**
 * Makes the log end with a complete line: a last line without its newline is
 * completed when it is a whole event, and cut off when it is not. Returns the
 * size of the log afterwards.
 */
export async function repairTail(path: string, onRepair?: (m: string) => void): Promise<number> {
  // A log that is not a regular file inside .taskline/ (a FIFO would block
  // the open below) is refused before anything opens it.
  if ((await checkLogFile(path)) === null) return 0;
  const file = await unlessNotFound(Deno.open(path, { read: true, write: true }));
  if (file === null) return 0;
  try {
    const size = (await file.stat()).size;
    if (size === 0) return 0;
    // The last line, when it lacks its newline.
    const lastNl = await lastNewlineBefore(file, size);
    if (lastNl === size - 1) return size;
    const tail = await readAt(file, lastNl + 1, size - (lastNl + 1));
    const text = new TextDecoder().decode(tail);
    const d = decodeLine(text);
    if (d.ok) {
      await file.seek(0, Deno.SeekMode.End);
      await file.write(encoder.encode("\n"));
      onRepair?.(`${path}: completed a last line that lacked its newline`);
      return size + 1;
    }
    await file.truncate(lastNl + 1);
    onRepair?.(
      `${path}: removed a torn last line of ${tail.length} bytes left by an interrupted write`,
    );
    return lastNl + 1;
  } finally {
    file.close();
  }
}

/**
 * Ends the current run of a task's log when its process died before it
 * could (SIGKILL, a crash, the machine going down): a run that published
 * `run_started` must end with `run_finished`, so the process that starts the
 * task's next run, holding the task's lock (no other process runs it),
 * writes a `log` error and a `run_finished` (failed, with the run's totals)
 * for it first. A resume continues the dead run instead (followers of it go
 * on across the resume), and its `run_finished` ends the run. Returns the
 * log's size afterwards.
 */
async function finishDeadRun(
  state: StateDir,
  task: Task,
  size: number,
  runState: RunState,
  options: { clock: MonotonicClock; onRepair?: (message: string) => void },
): Promise<number> {
  const path = state.logPath(task.dir);
  // The log's last line with a seq belongs to the current run (runs never
  // interleave); when it is a run_finished, the run ended.
  const last = await lastRunLine(path, { to: size });
  // A log of 0.2 runs only (no seq): such a run is not continued.
  if (last === null) return size;
  if (last.type === "run_finished") return size;
  // Where the run stands, read from the log's end, not the whole run (an
  // approval after a pause does not make it a dead run). A run with no line
  // of a running segment at all (not even its run_started) is left as it is.
  const decisive = await lastSegmentLine(path, last.run, size);
  if (decisive === null || decisive.event.type === "run_finished") return size;
  return await finishRun(path, last, size, runState, options);
}

/** Appends a `log` error and a failed `run_finished` for a dead run; returns the log's size. */
async function finishRun(
  path: string,
  last: { run: string; seq: number },
  size: number,
  runState: RunState,
  options: { clock: MonotonicClock; onRepair?: (message: string) => void },
): Promise<number> {
  const { run, seq } = last;
  const totals = describesRun(runState, run)
    ? { ...runState, started_at: runState.started_at || await firstStartOf(path, run, size) }
    : await stateFromLog(path, run, size, runState);
  const message =
    `Run ${run} ended without run_finished (its process died); finished as failed by the next run`;
  const lines = [
    { type: "log", run, level: "error", message },
    {
      type: "run_finished",
      run,
      success: false,
      status: "failed",
      usage: { ...totals.usage },
      active_ms: totals.active_ms,
      started_at: totals.started_at,
    },
  ].map((event, k) =>
    encodeEnvelope({
      schema: SCHEMA_VERSION,
      seq: seq + 1 + k,
      at: options.clock.now(),
      event: event as AnyEvent,
    }) + "\n"
  ).join("");
  const bytes = encoder.encode(lines);
  const file = await Deno.open(path, { write: true, append: true });
  try {
    let written = 0;
    while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
  } catch (e) {
    try {
      file.truncateSync(size);
    } catch { /* the next open repairs a torn tail */ }
    throw new TasklineError("io", `Cannot append to ${path}: ${(e as Error).message}`, {
      cause: e,
    });
  } finally {
    file.close();
  }
  options.onRepair?.(message);
  return size + bytes.length;
}

/**
 * Whether run.json holds the totals of `run`, the task's current run: it names
 * it, or it names no run but has totals, as the run.json of 0.2 and 0.4 (which
 * kept `usage` and `active_ms` of the current run for its budgets, resumes
 * included). Their logs' `run_finished` carry no totals, so these are the only
 * record of the time and tokens the run used before 0.5 resumes it.
 */
function describesRun(runState: RunState, run: string): boolean {
  if (runState.run !== "") return runState.run === run;
  const u = runState.usage;
  return runState.active_ms > 0 || u.input_tokens > 0 || u.output_tokens > 0 ||
    u.cache_read_tokens > 0 || u.cache_write_tokens > 0;
}

/** Totals of a run from its last `run_finished`, when run.json describes another run. */
async function stateFromLog(
  path: string,
  run: string,
  to: number,
  base: RunState,
): Promise<RunState> {
  const state: RunState = { ...base, run, started_at: "", usage: zeroUsage(), active_ms: 0 };
  await scanBackward(path, '"run_finished"', (text) => {
    const d = decodeLine(text);
    if (d.ok && d.env.event.type === "run_finished" && runOf(d.env.event) === run) {
      const ev = d.env.event as Extract<KnownEvent, { type: "run_finished" }>;
      state.usage = { ...ev.usage };
      state.active_ms = ev.active_ms;
      if (!d.upgraded) state.started_at = ev.started_at;
      return true;
    }
    return false;
  }, { to });
  // No trustworthy total: the run started at its first run_started.
  if (state.started_at === "") state.started_at = await firstStartOf(path, run, to);
  return state;
}

/**
 * The time of the first `run_started` of `run`, schema-1 lines included (a
 * run begun by 0.2 has no seq, so a seek by seq cannot find its start); ""
 * when there is none. Reads from the start of the log: only a resume whose
 * start time is recorded nowhere else comes here.
 */
async function firstStartOf(path: string, run: string, to: number): Promise<string> {
  const prefilter = (l: string) => l.includes(run) && l.includes('"run_started"');
  for await (const b of readLog(path, { to, prefilter })) {
    const first = b.records.find((r) =>
      r.env.event.type === "run_started" && runOf(r.env.event) === run
    );
    if (first) return first.env.at;
  }
  return "";
}
