/**
 * The live streams (Server-Sent Events): one task's run (`GET
 * /api/tasks/{ref}/stream`, ids are seqs) and the whole project (`GET
 * /api/stream`, ids are event cursors). The routes read the parameters; the
 * live hub (live.ts) serves the streams.
 *
 * @module
 */
import { EventFilter } from "../follow/filter.ts";
import { requireLive } from "./live_routes.ts";
import {
  AFTER_CURSOR,
  LAST_EVENT_CURSOR,
  LAST_EVENT_SEQ,
  seqParam,
  SINCE,
  TASK_REF,
  TASKS,
  TYPES,
} from "./params.ts";
import { defineRoute, type Route } from "./route.ts";

/** The live stream routes. */
export const STREAM_ROUTES: readonly Route[] = [
  defineRoute({
    name: "taskStream",
    method: "GET",
    path: "/api/tasks/{ref}/stream",
    summary: "Live stream of one task's run (Server-Sent Events, ids are seq)",
    queryToken: true,
    pathParams: { ref: TASK_REF },
    params: {
      after: seqParam("after", "Start after this seq (Last-Event-ID wins)"),
      lastEventId: LAST_EVENT_SEQ,
    },
    responses: {
      200: {
        description: "Server-Sent Events: `id: <seq>`, `event: <type>`, `data: <envelope>`",
        content: { "text/event-stream": { schema: { type: "string" } } },
      },
      409: { $ref: "#/components/responses/BadLogFile" },
    },
    handle: ({ query, path }, ctx) =>
      requireLive(ctx.live).taskStream(path.ref, query.lastEventId ?? query.after ?? 0),
  }),
  defineRoute({
    name: "stream",
    method: "GET",
    path: "/api/stream",
    summary: "Live stream of the whole project (Server-Sent Events, ids are event cursors)",
    queryToken: true,
    params: {
      // Last-Event-ID beats after, which beats since; with none the stream starts from now.
      after: { ...AFTER_CURSOR, ignoredWith: "lastEventId" },
      since: SINCE,
      type: TYPES,
      task: TASKS,
      lastEventId: LAST_EVENT_CURSOR,
    },
    order: ["type", "since", "task", "lastEventId", "after"],
    responses: {
      200: {
        description:
          "Server-Sent Events: `id: <cursor>`, `event: <type>`, `data: <tagged envelope>`; ephemeral events have no id",
        content: { "text/event-stream": { schema: { type: "string" } } },
      },
    },
    handle: ({ query }, ctx) =>
      requireLive(ctx.live).stream({
        filter: new EventFilter({ types: query.type, tasks: query.task, sinceNs: query.since }),
        lastEventId: query.lastEventId,
        after: query.after,
      }),
  }),
];
