/**
 * The events as they were logged: one task's run (`GET
 * /api/tasks/{ref}/events`, read from its log as `taskline events <task>`
 * reads it) and the last events of every task (`GET /api/events`, from the
 * live hub's recent index or the logs).
 *
 * @module
 */
import { readFormText } from "../codec/read_form.ts";
import { TasklineError } from "../errors.ts";
import { EventFilter } from "../follow/filter.ts";
import { openReplay, type Replay } from "../follow/replay.ts";
import { requireLive } from "./live_routes.ts";
import {
  AFTER_CURSOR,
  flagParam,
  seqParam,
  SINCE,
  TASK_REF,
  TASKS,
  textParam,
  TYPES,
} from "./params.ts";
import { defineRoute, type Param, type Route } from "./route.ts";

/** `limit` of `/api/events`: how many of the last matching events. */
const LIMIT: Param<number> = {
  name: "limit",
  in: "query",
  description: "How many of the last matching events (default 500)",
  schema: { type: "integer", minimum: 1, maximum: 10000, default: 500 },
  parse(values) {
    const v = values[0];
    if (v === undefined) return 500;
    if (!/^\d{1,6}$/.test(v) || Number(v) < 1 || Number(v) > 10_000) {
      throw new TasklineError(
        "bad-request",
        `Parameter limit takes an integer from 1 to 10000, not "${v.slice(0, 40)}"`,
      );
    }
    return Number(v);
  },
};

/** The routes of logged events. */
export const EVENT_ROUTES: readonly Route[] = [
  defineRoute({
    name: "taskEvents",
    method: "GET",
    path: "/api/tasks/{ref}/events",
    summary: "Events of one task's current run (or another run, or all), ordered by seq",
    pathParams: { ref: TASK_REF },
    params: {
      after: seqParam("after", "Only events with a seq above this"),
      run: textParam("run", "A run id or prefix instead of the current run"),
      all: flagParam("all", "Every run of the task (not with after or run)"),
    },
    check({ after, run, all }) {
      if (all && (after !== undefined || run !== undefined)) {
        throw new TasklineError("bad-request", "Parameter all does not go with after or run");
      }
      if (run !== undefined && !/^[0-9a-fA-F-]{1,36}$/.test(run)) {
        throw new TasklineError(
          "bad-request",
          `Parameter run takes a run id or prefix, not "${run.slice(0, 40)}"`,
        );
      }
    },
    responses: {
      200: {
        description: "Envelopes ordered by seq (the 0.4 shape)",
        content: {
          "application/json": {
            schema: { type: "array", items: { $ref: "#/components/schemas/Envelope" } },
          },
        },
      },
      409: { $ref: "#/components/responses/BadLogFile" },
    },
    async handle({ query, path }, ctx) {
      const { after, run, all } = query;
      const replay = await openReplay(ctx.state, path.ref, { after, run, all });
      return new Response(jsonArray(replay.batches), {
        headers: {
          "content-type": "application/json; charset=utf-8",
          "cache-control": "no-store",
          ...(replay.run ? { "x-taskline-run": replay.run } : {}),
        },
      });
    },
  }),
  defineRoute({
    name: "events",
    method: "GET",
    path: "/api/events",
    summary: "Recent events of every task, as tagged envelopes ordered by event cursor",
    params: { after: AFTER_CURSOR, since: SINCE, type: TYPES, task: TASKS, limit: LIMIT },
    order: ["limit", "after", "type", "since", "task"],
    responses: {
      200: {
        description: "Tagged envelopes, oldest first",
        headers: {
          "X-Taskline-Cursor": {
            description: "The cursor of the last event read before filtering; resume after it",
            schema: { type: "string" },
          },
        },
        content: {
          "application/json": {
            schema: { type: "array", items: { $ref: "#/components/schemas/TaggedEnvelope" } },
          },
        },
      },
    },
    handle: ({ query }, ctx) =>
      requireLive(ctx.live).events({
        limit: query.limit,
        after: query.after,
        filter: new EventFilter({ types: query.type, tasks: query.task, sinceNs: query.since }),
      }, ctx.tasks),
  }),
];

/**
 * The records of a replay as one JSON array, written as it is read. Each
 * record is its log line when that is its read form already: a value nested
 * too deep for JSON.stringify still comes out as written.
 */
function jsonArray(batches: Replay["batches"]): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(enc.encode("["));
    },
    async pull(c) {
      // A pull that enqueues nothing is not called again: read on past
      // batches that kept no record (a skipped line, another run's lines).
      let value;
      for (;;) {
        const next = await batches.next();
        if (next.done) {
          c.enqueue(enc.encode("]\n"));
          c.close();
          return;
        }
        value = next.value;
        if (value.records.length > 0) break;
      }
      let text = "";
      for (const r of value.records) {
        text += (first ? "" : ",") + readFormText(r);
        first = false;
      }
      c.enqueue(enc.encode(text));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
