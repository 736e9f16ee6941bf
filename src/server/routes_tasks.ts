/**
 * The task list and one task's row: `GET /api/tasks`, `GET /api/tasks/{ref}`.
 *
 * @module
 */
import { TASK_REF } from "./params.ts";
import { defineRoute, json, type Route } from "./route.ts";
import { taskRow } from "./task_index.ts";

/** Differs from one server process to the next, so that no entity tag outlives its server. */
const ETAG_NONCE = crypto.randomUUID().slice(0, 8);

/** The routes of the task rows. */
export const TASK_ROUTES: readonly Route[] = [
  defineRoute({
    name: "tasks",
    method: "GET",
    path: "/api/tasks",
    summary: "Every task",
    responses: {
      200: {
        description: "Every task, by number",
        content: {
          "application/json": {
            schema: { type: "array", items: { $ref: "#/components/schemas/TaskRow" } },
          },
        },
      },
    },
    async handle({ req }, ctx) {
      // A page that polls the list (the web UI) is answered 304 while nothing of it changed:
      // the tag is taken before the rows, so a change while they are read tags the next answer.
      const tag = ctx.live
        ? `"${ETAG_NONCE}-${await ctx.tasks.stamp()}-${ctx.live.rowsVersion}"`
        : null;
      if (tag !== null && req.headers.get("if-none-match") === tag) {
        return new Response(null, {
          status: 304,
          headers: { etag: tag, "cache-control": "no-store" },
        });
      }
      const list = await ctx.tasks.tasks();
      return json(
        await Promise.all(list.map((t) => taskRow(ctx.state, t))),
        tag === null ? {} : { headers: { etag: tag } },
      );
    },
  }),
  defineRoute({
    name: "task",
    method: "GET",
    path: "/api/tasks/{ref}",
    summary: "One task",
    pathParams: { ref: TASK_REF },
    responses: {
      200: {
        description: "The task",
        content: { "application/json": { schema: { $ref: "#/components/schemas/TaskRow" } } },
      },
    },
    handle: async ({ path }, ctx) => json(await taskRow(ctx.state, path.ref)),
  }),
];
