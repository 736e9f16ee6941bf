/**
 * `taskline events [<task>]`: replays and follows one task's run, or the
 * events of every task merged by event cursor.
 *
 * @module
 */
import { type Cursor, parseCursor } from "../contract/cursor.ts";
import type { Envelope, TaggedEnvelope } from "../contract/envelope.ts";
import { EVENT_TYPES } from "../contract/events.ts";
import { inOwnWords, TasklineError } from "../errors.ts";
import type { FastItem, FeedItem } from "../follow/feed_item.ts";
import { exitStatusOf, followTask } from "../follow/follow_task.ts";
import type { LightEnvelope, ReadRecord } from "../store/log_reader.ts";
import type { ScanRecord } from "../follow/scan.ts";
import type { TextSink } from "./io.ts";
import type { Task } from "../store/tasks.ts";
import { listOption, parseArgs } from "./args.ts";
import type { Context } from "./context.ts";
// The all-tasks form, --all and human lines are loaded when used: `events <task> --json`
// starts with the fewest modules.
type EventLine = typeof import("../views/event_line.ts");
import { readFormText, taggedText } from "../codec/read_form.ts";
import { EventFilter, parseEventTypes, parseSince } from "../follow/filter.ts";
import { parseSeq } from "../contract/seq.ts";
import { openLogsSynchronously } from "../store/log_file.ts";
import type { CommandSpec } from "./args.ts";

/** `taskline events`, declared: its flags and help. */
export const EVENTS_SPEC: CommandSpec = {
  name: "events",
  usage: ["<TASK> [options]", "[options]          (every task)"],
  about: `With a task: replays the events of its current run in seq order.
Without: every logged event of every task, merged by event cursor, each
line starting with #N (the task's number).`,
  flags: {
    after: { type: "string", value: "SEQ", description: "(task) only events after that seq" },
    run: { type: "string", value: "PREFIX", description: "(task) another run of the task" },
    all: {
      type: "boolean",
      description: "(task) every run of the task (not with --after, --follow)",
    },
    since: {
      type: "string",
      value: "TIME",
      description: "events at or after TIME: RFC 3339, or an age such as 90s, 15m, 2h, 1d, 1h30m",
    },
    type: {
      type: "string",
      multiple: true,
      value: "T",
      description: "only these event types, comma-separated",
    },
    task: {
      type: "string",
      multiple: true,
      value: "REF",
      description: "(every task) only these tasks",
    },
    "after-cursor": {
      type: "string",
      value: "C",
      description: "(every task) resume strictly after an event cursor",
    },
    follow: {
      type: "boolean",
      short: "f",
      description: "after the replay, print events as they are appended; with a task it ends " +
        "at the end of the run; without, on Ctrl-C (and starts from now unless --since or " +
        "--after-cursor gives a start)",
    },
    "exit-status": {
      type: "boolean",
      description: "(task) exit 0 when the run succeeded, 2 when it ended paused, 1 otherwise",
    },
    json: {
      type: "boolean",
      description: "one envelope a line (the read form); tagged envelopes without a task",
    },
    verbose: {
      type: "boolean",
      short: "v",
      description: "also agent_delta and budget_updated in human lines; a follow also shows " +
        "the agent_delta text that runs of other processes stream (never logged)",
    },
  },
  notes: `Human lines: "HH:MM:SS.mmm <symbol> <what happened>", times in UTC.`,
};

/** Reads `--type` values; an unknown type is a usage error listing the known ones. */
export function parseTypes(value: unknown): string[] {
  const values = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return inOwnWords(() => parseEventTypes(values.map(String)), (e) =>
    new TasklineError(
      "usage",
      `--type: unknown event type${e.values.length > 1 ? "s" : ""} ${
        e.values.map((t) => `"${t.slice(0, 40)}"`).join(", ")
      }; known types: ${EVENT_TYPES.join(", ")}`,
    ));
}

/**
 * Output of lines given as text or as bytes (ranges of a reader's memory,
 * valid until its next batch: {@link LineOut.end} before asking for it).
 * Ranges that follow each other in memory are written as one, without a
 * copy; others are copied into one buffer.
 */
class LineOut {
  /** A pending range of a reader's memory. */
  #mem: Uint8Array | null = null;
  #start = 0;
  #end = 0;
  /** Copied bytes: `#buf[0, #len)`. */
  readonly #buf = new Uint8Array(OUT_BYTES);
  #len = 0;
  #text = "";
  constructor(readonly out: TextSink) {}

  /** Adds bytes [start, end) of `mem`; a promise when something had to be written first. */
  bytes(mem: Uint8Array, start: number, end: number): Promise<void> | undefined {
    if (this.#mem === mem && start === this.#end) {
      this.#end = end;
      return undefined;
    }
    if (this.#text !== "") return this.#afterText(mem, start, end);
    if (this.#mem !== null) {
      // Not contiguous: the pending range is copied.
      if (this.#end - this.#start > OUT_BYTES - this.#len) {
        return this.#flushAll().then(() => this.#take(mem, start, end));
      }
      this.#buf.set(this.#mem.subarray(this.#start, this.#end), this.#len);
      this.#len += this.#end - this.#start;
    }
    this.#take(mem, start, end);
    return undefined;
  }

  async #afterText(mem: Uint8Array, start: number, end: number): Promise<void> {
    await this.end();
    this.#take(mem, start, end);
  }

  #take(mem: Uint8Array, start: number, end: number): void {
    this.#mem = mem;
    this.#start = start;
    this.#end = end;
  }

  async text(t: string): Promise<void> {
    if (this.#mem !== null || this.#len > 0) await this.#flushAll();
    this.#text += t;
    if (this.#text.length >= 64 * 1024) await this.#flushText();
  }

  /** Writes what is pending. */
  async end(): Promise<void> {
    if (this.#mem !== null || this.#len > 0) await this.#flushAll();
    if (this.#text !== "") await this.#flushText();
  }

  async #flushAll(): Promise<void> {
    if (this.#len > 0) {
      await this.#write(this.#buf.subarray(0, this.#len));
      this.#len = 0;
    }
    if (this.#mem !== null) {
      const m = this.#mem;
      this.#mem = null;
      await this.#write(m.subarray(this.#start, this.#end));
    }
  }

  #write(b: Uint8Array): Promise<void> {
    return this.out.writeBytes ? this.out.writeBytes(b) : this.out.write(decoder.decode(b));
  }

  #flushText(): Promise<void> {
    const t = this.#text;
    this.#text = "";
    return this.out.write(t);
  }
}

/** Bytes of lines {@link LineOut} copies before it writes them. */
const OUT_BYTES = 512 * 1024;

const decoder = new TextDecoder();

export async function eventsCommand(ctx: Context, args: string[]): Promise<number> {
  openLogsSynchronously();
  const { values, positionals } = parseArgs(EVENTS_SPEC.name, args, EVENTS_SPEC.flags);
  ctx.json = values.json === true;
  if (positionals.length > 1) {
    throw new TasklineError(
      "usage",
      `taskline events: name at most one task, not ${positionals.length} (${
        positionals.slice(0, 3).join(" ")
      })`,
    );
  }
  const types = parseTypes(values.type);
  const since = values.since;
  const sinceNs = since === undefined
    ? null
    : inOwnWords(() => parseSince(String(since)), (e) => e.givenAs("--since"));
  const view: EventLine | null = ctx.json ? null : await import("../views/event_line.ts");
  const color = view !== null && view.useColor(ctx.io.stdout.isTerminal, ctx.io.env);
  // -v shows agent_delta and budget_updated in human lines; naming them with --type does too.
  const hidden = ctx.json || values.verbose === true
    ? new Set<string>()
    : new Set([...view!.VERBOSE_TYPES].filter((t) => !types.includes(t)));
  const common = {
    view,
    types,
    sinceNs,
    color,
    hidden,
    follow: values.follow === true,
  };
  if (positionals.length === 0) {
    for (const name of ["after", "run", "all", "exit-status"] as const) {
      if (values[name] !== undefined) {
        throw new TasklineError(
          "usage",
          `taskline events: --${name} needs a task (taskline events <TASK> --${name} ...)`,
        );
      }
    }
    const afterCursor = values["after-cursor"] === undefined
      ? null
      : parseCursor(String(values["after-cursor"]));
    return await feedForm(ctx, {
      ...common,
      refs: listOption(values.task),
      afterCursor,
    });
  }
  for (const name of ["task", "after-cursor"] as const) {
    if (values[name] !== undefined) {
      throw new TasklineError(
        "usage",
        `taskline events: --${name} is for the events of every task, not with a task`,
      );
    }
  }
  const afterText = values.after;
  const after = afterText === undefined
    ? undefined
    : inOwnWords(() => parseSeq(String(afterText)), (e) => e.givenAs("--after"));
  if (values.all && (after !== undefined || values.run !== undefined || common.follow)) {
    throw new TasklineError(
      "usage",
      "taskline events: --all does not go with --after, --run or --follow",
    );
  }
  const task = await ctx.task(positionals[0]);
  return await taskForm(ctx, task, {
    ...common,
    after,
    run: values.run as string | undefined,
    all: values.all === true,
    exitStatus: values["exit-status"] === true,
  });
}

interface CommonOptions {
  /** The human lines' renderer (null with --json). */
  view: EventLine | null;
  types: string[];
  sinceNs: bigint | null;
  color: boolean;
  hidden: Set<string>;
  follow: boolean;
}

async function taskForm(
  ctx: Context,
  task: Task,
  o: CommonOptions & { after?: number; run?: string; all: boolean; exitStatus: boolean },
): Promise<number> {
  const filter = new EventFilter({ types: o.types, sinceNs: o.sinceNs });
  const keep = (env: Envelope | LightEnvelope) => filter.keeps(null, env);
  const out = ctx.io.stdout;
  const lines = new LineOut(out);
  const print = async (records: readonly (ScanRecord | ReadRecord)[]) => {
    for (const r of records) {
      if (r.light === true && "mem" in r) {
        // A line read in place: its bytes as they are in the file.
        const p = lines.bytes(r.mem, r.start, r.end);
        if (p !== undefined) await p;
      } else if (r.light === true || ctx.json) await lines.text(readFormText(r) + "\n");
      else if (!o.hidden.has(r.env.event.type)) {
        await lines.text(o.view!.renderEvent(r.env, { color: o.color }) + "\n");
      }
    }
    await lines.end();
  };
  if (o.all) {
    const { openReplay } = await import("../follow/replay.ts");
    const replay = await openReplay(ctx.state, task, {
      all: true,
      prefilter: filter.prefilter,
      onProblem: ctx.problem,
      signal: ctx.io.signal,
    });
    for await (const batch of replay.batches) await print(batch.records.filter((r) => keep(r.env)));
    return 0;
  }
  const f = await followTask(ctx.state, task, {
    after: o.after,
    run: o.run,
    follow: o.follow,
    keep: (r) => keep(r.env),
    needles: filter.needles ?? undefined,
    json: ctx.json,
    exactOutcome: o.exitStatus,
    onProblem: ctx.problem,
    onReset: (r) =>
      void ctx.warn(
        `${r.path} was ${r.reason} (it had ${r.offset} bytes read): reading it again from its start`,
      ),
    signal: ctx.io.signal,
  });
  const serially = serialized();
  const deltas = o.follow
    ? await liveDeltas(
      ctx,
      o,
      (env) => env.task === task.id && keep(env),
      (env) =>
        serially(async () => {
          await lines.text(o.view!.renderEvent(env, { color: o.color }) + "\n");
          await lines.end();
          await out.flush();
        }),
    )
    : null;
  try {
    for await (const records of f.batches) {
      // Through the queue the deltas share, when they are shown; else directly.
      const step = async () => {
        await print(records);
        if (o.follow) await out.flush();
      };
      await (deltas ? serially(step) : step());
    }
  } finally {
    await deltas?.close();
  }
  if (f.outcome() === "interrupted") {
    await out.flush();
    await ctx.warn(
      `run ${
        f.run()?.slice(0, 8)
      } of task #${task.number} has no run_finished and no process runs it ` +
        `(its process died): stopped following it`,
    );
  }
  return o.exitStatus ? exitStatusOf(f.outcome()) : 0;
}

async function feedForm(
  ctx: Context,
  o: CommonOptions & { refs: string[]; afterCursor: Cursor | null },
): Promise<number> {
  const [{ FEED_BEGINNING, FEED_NOW, feedAfter }, { ProjectFollower }, { replayBytes }] =
    await Promise.all([
      import("../follow/feed_start.ts"),
      import("../follow/project_follower.ts"),
      import("../follow/replay_feed.ts"),
    ]);
  const filter = new EventFilter({ types: o.types, sinceNs: o.sinceNs });
  let only: Set<string> | null = null;
  if (o.refs.length > 0) {
    only = new Set<string>();
    for (const ref of o.refs) only.add((await ctx.task(ref)).id);
  } else {
    await ctx.state.requireExists();
  }
  const out = ctx.io.stdout;
  const lines = new LineOut(out);
  const print = async (items: FeedItem[]) => {
    for (const it of items) {
      const fast = it as Partial<FastItem>;
      if (fast.sec !== undefined) {
        if (!filter.keepsAt(it.task, fast.type!, fast.sec, fast.nanos!)) continue;
      } else if (!filter.keeps(it.task, it.record.env)) continue;
      if (ctx.json) {
        if (fast.bytes) {
          // The task's prefix, then the line after its "{".
          let p = lines.bytes(fast.prefix!, 0, fast.prefix!.length);
          if (p !== undefined) await p;
          p = lines.bytes(fast.bytes, fast.start! + 1, fast.end!);
          if (p !== undefined) await p;
        } else {
          await lines.text(
            (fast.taggedText ? fast.taggedText() : taggedText(it.record, it.task)) + "\n",
          );
        }
      } else if (!o.hidden.has(it.record.env.event.type)) {
        await lines.text(
          o.view!.renderEvent(it.record.env, { color: o.color, number: it.task.number }) + "\n",
        );
      }
    }
    await lines.end();
  };
  const taskFilter = only === null ? undefined : (t: Task) => only!.has(t.id);
  if (!o.follow) {
    const tasks = (await ctx.tasks()).filter((t) => taskFilter === undefined || taskFilter(t));
    for await (
      const items of replayBytes(ctx.state, tasks, {
        start: o.afterCursor !== null ? feedAfter(o.afterCursor) : FEED_BEGINNING,
        reuseBuffers: true,
        needles: filter.needles,
        onProblem: ctx.problem,
        onBadLog: ctx.badLog,
        signal: ctx.io.signal,
      })
    ) await print(items);
    return ctx.status(0);
  }
  const serially = serialized();
  const deltas = await liveDeltas(
    ctx,
    o,
    (env) => filter.keeps(null, env) && (only === null || only.has(env.task)),
    (env) =>
      serially(async () => {
        await lines.text(
          o.view!.renderEvent(env, { color: o.color, number: env.number }) + "\n",
        );
        await lines.end();
        await out.flush();
      }),
  );
  const follower = new ProjectFollower(ctx.state, {
    taskFilter,
    onProblem: ctx.problem,
    onBadLog: ctx.badLog,
    onReset: (r) => void ctx.warn(`${r.path} was ${r.reason}: reading it again from its start`),
    onRemoved: (t) =>
      void ctx.warn(`Task #${t.number} (${t.dir}) was discarded while it was followed`),
  });
  try {
    await follower.start();
    const start = o.afterCursor !== null
      ? feedAfter(o.afterCursor)
      : o.sinceNs !== null
      ? FEED_BEGINNING
      : FEED_NOW;
    const sub = follower.subscribe({
      start,
      prefilter: filter.prefilter,
      needles: filter.needles,
      signal: ctx.io.signal,
      lossless: true,
    });
    for await (const items of sub) {
      const step = async () => {
        await print(items);
        await out.flush();
      };
      await (deltas ? serially(step) : step());
    }
  } finally {
    follower.close();
    await deltas?.close();
  }
  return 0;
}

/** Runs async steps one after the other (a step waits for the one before to end). */
function serialized(): (step: () => Promise<void>) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (step) => (last = last.then(step, step));
}

/**
 * While a follow shows `agent_delta` in human lines (`-v`, or `--type`
 * naming it), a listener of the live channel: the runs of other processes
 * (`run`, `record`, the TUI) send it their deltas, which are never logged.
 * Null when the deltas are not shown. Deltas are live only: one sent before
 * the listener was found by the run (within a second) is not seen.
 */
async function liveDeltas(
  ctx: Context,
  o: CommonOptions,
  accept: (env: TaggedEnvelope) => boolean,
  show: (env: TaggedEnvelope) => Promise<void>,
): Promise<{ close(): Promise<void> } | null> {
  if (ctx.json || o.hidden.has("agent_delta")) return null;
  if (o.types.length > 0 && !o.types.includes("agent_delta")) return null;
  const { listenLiveChannel } = await import("../follow/live_listen.ts");
  return await listenLiveChannel(
    ctx.state.liveListenerPath(`events-${Deno.pid}`),
    crypto.randomUUID().replaceAll("-", ""),
    (env) => {
      if (env.event.type === "agent_delta" && accept(env)) void show(env).catch(() => {});
    },
    { onWarning: (m) => void ctx.warn(m) },
  );
}
