/**
 * The history of finished work, as `taskline history` tells it: every task
 * (`GET /api/history`) or one (`GET /api/history/{ref}`).
 *
 * @module
 */
import { buildTaskHistory, listHistory } from "../views/mod.ts";
import { flagParam, TASK_REF } from "./params.ts";
import { defineRoute, json, type Route } from "./route.ts";

/** The history routes. */
export const HISTORY_ROUTES: readonly Route[] = [
  defineRoute({
    name: "history",
    method: "GET",
    path: "/api/history",
    summary: "History of finished work (TaskHistory[])",
    params: { all: flagParam("all", "Every task, not only ready and done ones") },
    responses: {
      200: {
        description: "TaskHistory documents",
        content: { "application/json": { schema: { type: "array", items: { type: "object" } } } },
      },
    },
    handle: async ({ query }, ctx) =>
      json(
        await listHistory(ctx.state, {
          all: query.all,
          tasks: await ctx.tasks.tasks({ fresh: true }),
          settings: await ctx.settings(),
          cache: ctx.historyCache,
        }),
      ),
  }),
  defineRoute({
    name: "taskHistory",
    method: "GET",
    path: "/api/history/{ref}",
    summary: "History of one task (TaskHistory)",
    pathParams: { ref: TASK_REF },
    responses: {
      200: {
        description: "The TaskHistory document",
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
    handle: async ({ path }, ctx) =>
      json(
        await buildTaskHistory(ctx.state, path.ref, {
          settings: await ctx.settings(),
          cache: ctx.historyCache,
        }),
      ),
  }),
];
