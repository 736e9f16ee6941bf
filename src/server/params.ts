/**
 * The parameters the routes share, each with its parser and its description
 * in the OpenAPI document. The values are read by the same functions as the
 * command line's flags (`parseSeq`, `parseCursor`, `parseSince`,
 * `parseEventTypes`); what the server adds is its own words: an error names
 * the parameter (`Parameter after ...`), never a flag.
 *
 * @module
 */
import { type Cursor, parseCursor } from "../contract/cursor.ts";
import { EVENT_TYPES } from "../contract/events.ts";
import { parseSeq } from "../contract/seq.ts";
import { inOwnWords, TasklineError } from "../errors.ts";
import { parseEventTypes, parseSince, splitList } from "../follow/filter.ts";
import type { Task } from "../store/tasks.ts";
import type { Param, PathParam } from "./route.ts";

/** A 400 naming what is wrong. */
function badRequest(message: string): TasklineError {
  return new TasklineError("bad-request", message);
}

/**
 * A seq (`after=12`): a non-negative integer; undefined when absent.
 *
 * @example
 * ```ts
 * const after = seqParam("after", "Only events with a seq above this");
 * ```
 */
export function seqParam(name: string, description: string): Param<number | undefined> {
  return {
    name,
    in: "query",
    description,
    schema: { type: "integer", minimum: 0 },
    parse: (values) =>
      values.length === 0 ? undefined : inOwnWords(
        () => parseSeq(values[0]),
        (e) => badRequest(`Parameter ${name} takes ${e.expected} (a seq), not "${e.shown}"`),
      ),
  };
}

/**
 * A boolean: `true`, `1` or no value at all for true, `false` or `0` for
 * false; false when absent.
 *
 * @example
 * ```ts
 * const all = flagParam("all", "Every run of the task");
 * ```
 */
export function flagParam(name: string, description: string): Param<boolean> {
  return {
    name,
    in: "query",
    description,
    schema: { type: "boolean" },
    parse(values) {
      const v = values[0];
      if (v === undefined) return false;
      if (v === "" || v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      throw badRequest(`Parameter ${name} takes true or false, not "${v.slice(0, 40)}"`);
    },
  };
}

/**
 * Text taken as it is (the route's handler or the library judges it);
 * undefined when absent.
 *
 * @example
 * ```ts
 * const tool = textParam("tool", "Only calls of this tool");
 * ```
 */
export function textParam(name: string, description: string): Param<string | undefined> {
  return {
    name,
    in: "query",
    description,
    schema: { type: "string" },
    parse: (values) => values[0],
  };
}

/** `after` of the project's events and stream: an event cursor; null when absent. */
export const AFTER_CURSOR: Param<Cursor | null> = {
  name: "after",
  in: "query",
  component: "after",
  description: "Start strictly after this event cursor (`<ns>-<number>-<seq>`)",
  schema: { type: "string", pattern: "^\\d+-\\d+-\\d+$" },
  parse: (values) => values.length === 0 ? null : parseCursor(values[0]),
};

/** `since`: a time or an age, as nanoseconds since the epoch; null when absent. */
export const SINCE: Param<bigint | null> = {
  name: "since",
  in: "query",
  component: "since",
  description: "Events at or after this time: RFC 3339, or an age such as 90s, 15m, 1h30m",
  schema: { type: "string" },
  parse: (values) =>
    values.length === 0
      ? null
      : inOwnWords(() => parseSince(values[0]), (e) => e.givenAs("since", "bad-request")),
};

/**
 * `type`: event types, repeatable and comma-separated; null when absent. A
 * value that names no type is a 400, never every type.
 */
export const TYPES: Param<Set<string> | null> = {
  name: "type",
  in: "query",
  component: "type",
  description: "Only these event types (repeatable, comma-separated)",
  schema: { type: "array", items: { type: "string", enum: [...EVENT_TYPES] } },
  repeatable: true,
  parse(values) {
    if (values.length === 0) return null;
    const types = inOwnWords(
      () => parseEventTypes(values),
      (e) =>
        badRequest(
          `Unknown event type "${e.shown}"; known types: ${EVENT_TYPES.join(", ")}`,
        ),
    );
    // An empty value would widen the answer to every type: a typo is told, not guessed.
    if (types.length === 0) throw badRequest("Parameter type names no event type");
    return new Set(types);
  },
};

/** `task`: task references, repeatable and comma-separated, as the tasks' ids; null when absent. */
export const TASKS: Param<Set<string> | null> = {
  name: "task",
  in: "query",
  component: "task",
  description: "Only these tasks (references; repeatable)",
  schema: { type: "array", items: { type: "string" } },
  repeatable: true,
  answers: ["NotFound"],
  async parse(values, ctx) {
    const refs = splitList(values);
    if (values.length > 0 && refs.length === 0) throw badRequest("Parameter task names no task");
    if (refs.length === 0) return null;
    const ids = new Set<string>();
    for (const ref of refs) ids.add((await ctx.tasks.resolve(ref)).id);
    return ids;
  },
};

/** How `Last-Event-ID` is described on both streams. */
const LAST_EVENT_ID = {
  name: "Last-Event-ID",
  in: "header",
  component: "lastEventId",
  description: "Resume after this id (beats the query)",
  schema: { type: "string" },
} as const;

/** `Last-Event-ID` of the project stream: an event cursor; null when absent or blank. */
export const LAST_EVENT_CURSOR: Param<Cursor | null> = {
  ...LAST_EVENT_ID,
  parse(values) {
    const v = values[0]?.trim() ?? "";
    return v === "" ? null : parseCursor(v);
  },
};

/** `Last-Event-ID` of a task stream: a seq; undefined when absent or blank. */
export const LAST_EVENT_SEQ: Param<number | undefined> = {
  ...LAST_EVENT_ID,
  parse(values) {
    const v = values[0];
    if (v === undefined || v.trim() === "") return undefined;
    return inOwnWords(
      () => parseSeq(v.trim()),
      () => badRequest(`Last-Event-ID of a task stream is a seq, not "${v.slice(0, 40)}"`),
    );
  },
};

/**
 * `?token=`, which the streams take for EventSource clients: read by the
 * pipeline's token check (auth.ts), never by a route, and described on the
 * routes that declare `queryToken`.
 */
export const QUERY_TOKEN: Param<undefined> = {
  name: "token",
  in: "query",
  component: "token",
  description: "The token, for EventSource clients that cannot send headers",
  schema: { type: "string" },
  parse: () => undefined,
};

/** `{ref}`: a task reference, resolved (400 ambiguous, 404 unknown). */
export const TASK_REF: PathParam<Task> = {
  name: "ref",
  component: "ref",
  description:
    "A task reference: #N or digits, the directory name, the id or an id prefix of at least 4 hex digits",
  schema: { type: "string" },
  answers: ["NotFound"],
  parse: (value, ctx) => ctx.tasks.resolve(value),
};
