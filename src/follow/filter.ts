/**
 * The filter of the event views, shared by `taskline events` and the
 * server, and the readers of its values as given in text (the command's
 * flags, the server's query): a time or an age, the type set with its byte
 * prefilter, and the task set. Each reader says what is wrong with a value
 * and not where it was given; the command line and the server each name
 * their flag or parameter (a {@link BadValue}).
 *
 * @module
 */
import { EVENT_TYPES, isEventType } from "../contract/events.ts";
import { parseTimeNs } from "../contract/time.ts";
import { BadValue } from "../errors.ts";

/** What a time of `since` may be, in the words of every error about it. */
const SINCE_EXPECTED =
  "an RFC 3339 time (2026-01-02T03:04:05Z) or an age such as 90s, 15m, 2h, 1d, 1h30m";

/**
 * Reads a start time (`--since`, `since=`): RFC 3339, or an age before
 * `nowMs`. Returns nanoseconds since the epoch.
 *
 * @throws BadValue (`usage`) naming the text.
 *
 * @example
 * ```ts
 * parseSince("90s", 1_000_000); // 910_000n * 1_000_000n
 * ```
 */
export function parseSince(text: string, nowMs: number = Date.now()): bigint {
  const ns = parseTimeNs(text);
  if (ns !== null) return ns;
  const m = /^(?:(\d{1,6})d)?(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,10})s)?$/.exec(text);
  if (!m || text === "") {
    throw new BadValue(
      `Cannot read time "${text.slice(0, 40)}": expected ${SINCE_EXPECTED}`,
      { values: [text], expected: SINCE_EXPECTED },
    );
  }
  const [, d, h, mi, s] = m;
  const ageMs = ((Number(d ?? 0) * 24 + Number(h ?? 0)) * 60 + Number(mi ?? 0)) * 60_000 +
    Number(s ?? 0) * 1000;
  return BigInt(nowMs - ageMs) * 1_000_000n;
}

/**
 * Reads event types given as text, each value a comma-separated list (as
 * `--type a,b --type c` and `type=a,b&type=c` give them): the types named,
 * once each, in their first order; blank items are left out, so no value
 * names none.
 *
 * @throws BadValue (`usage`) whose `values` are the unknown types, in order.
 *
 * @example
 * ```ts
 * parseEventTypes(["log, tool_called", "log"]); // ["log", "tool_called"]
 * ```
 */
export function parseEventTypes(values: readonly string[]): string[] {
  const types = splitList(values);
  const unknown = types.filter((t) => !isEventType(t));
  if (unknown.length > 0) {
    const s = unknown.length > 1 ? "s" : "";
    throw new BadValue(
      `Unknown event type${s} ${
        unknown.map((t) => `"${t.slice(0, 40)}"`).join(", ")
      }; known types: ${EVENT_TYPES.join(", ")}`,
      { values: unknown, expected: "a known event type" },
    );
  }
  return [...new Set(types)];
}

/**
 * The items of values that are comma-separated lists, trimmed, blank ones
 * left out.
 *
 * @example
 * ```ts
 * splitList(["1, 2", "", "3"]); // ["1", "2", "3"]
 * ```
 */
export function splitList(values: readonly string[]): string[] {
  return values.flatMap((v) => v.split(",")).map((s) => s.trim()).filter((s) => s !== "");
}

/** Options of {@link EventFilter}. */
export interface EventFilterOptions {
  /** Only these event types. Default: every type. */
  types?: Iterable<string> | null;
  /** Only the tasks of these ids. Default: every task. */
  tasks?: Iterable<string> | null;
  /** Only events at or after this time, nanoseconds since the epoch. Default: any time. */
  sinceNs?: bigint | null;
}

/**
 * The filter of the event views (`taskline events`, `/api/events`,
 * `/api/stream`): a type set, a task set and a time, with the byte
 * prefilter of the type set (a line that contains none of the quoted type
 * names cannot be of one of those types, so it is neither parsed nor
 * looked at).
 *
 * @example
 * ```ts
 * const f = new EventFilter({ types: ["tool_called"], sinceNs: parseSince("1h") });
 * f.needles; // ['"tool_called"']
 * f.keeps(task, env);
 * ```
 */
export class EventFilter {
  readonly types: Set<string> | null;
  readonly tasks: Set<string> | null;
  readonly sinceNs: bigint | null;
  /** The quoted type names (`"tool_called"`), or null without a type set. */
  readonly needles: readonly string[] | null;
  readonly #sinceSec: number;
  readonly #sinceNanos: number;

  constructor(options: EventFilterOptions = {}) {
    const types = options.types ? new Set(options.types) : null;
    const tasks = options.tasks ? new Set(options.tasks) : null;
    this.types = types && types.size > 0 ? types : null;
    this.tasks = tasks && tasks.size > 0 ? tasks : null;
    this.sinceNs = options.sinceNs ?? null;
    this.needles = this.types ? [...this.types].map((t) => JSON.stringify(t)) : null;
    const ns = this.sinceNs ?? 0n;
    let sec = ns / 1_000_000_000n, nanos = ns % 1_000_000_000n;
    if (nanos < 0n) {
      sec -= 1n;
      nanos += 1_000_000_000n;
    }
    this.#sinceSec = Number(sec);
    this.#sinceNanos = Number(nanos);
  }

  /** Whether it lets everything through. */
  get all(): boolean {
    return this.types === null && this.tasks === null && this.sinceNs === null;
  }

  /** A cheap test on a raw line (false: it cannot pass), or undefined without a type set. */
  get prefilter(): ((line: string) => boolean) | undefined {
    const needles = this.needles;
    if (needles === null) return undefined;
    return needles.length === 1
      ? (line) => line.includes(needles[0])
      : (line) => needles.some((n) => line.includes(n));
  }

  /** Whether an event of `task` passes. */
  keeps(
    task: { id: string } | null,
    env: {
      at: string;
      event: { type: string };
      atOrAfter?(sec: number, nanos: number): boolean | null;
    },
  ): boolean {
    if (this.types !== null && !this.types.has(env.event.type)) return false;
    if (this.tasks !== null && (task === null || !this.tasks.has(task.id))) return false;
    if (this.sinceNs !== null) {
      // A line read as bytes answers from its bytes (no string of `at`).
      const after = env.atOrAfter?.(this.#sinceSec, this.#sinceNanos) ?? null;
      if (after !== null) return after;
      const ns = parseTimeNs(env.at);
      if (ns === null || ns < this.sinceNs) return false;
    }
    return true;
  }

  /**
   * Whether an event passes, by its type and cursor time (`sec`, `nanos`:
   * seconds since the epoch and nanoseconds), without its envelope.
   */
  keepsAt(task: { id: string }, type: string, sec: number, nanos: number): boolean {
    if (this.types !== null && !this.types.has(type)) return false;
    if (this.tasks !== null && !this.tasks.has(task.id)) return false;
    if (this.sinceNs !== null) {
      if (sec < this.#sinceSec || (sec === this.#sinceSec && nanos < this.#sinceNanos)) {
        return false;
      }
    }
    return true;
  }
}
