/**
 * The server's own routes: the web UI's page, its health, and the OpenAPI
 * document of every route.
 *
 * @module
 */
import { readsOutsideStateDir } from "../sandbox.ts";
import { defineRoute, json, type Route } from "./route.ts";

const WEB_PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>taskline</title>
<p>taskline serve is running. The web UI is not built into this version; the API is under /api/.</p>`;

/** `GET /`, `GET /api/health`, `GET /api/openapi.json`. */
export const SERVER_ROUTES: readonly Route[] = [
  defineRoute({
    name: "web",
    method: "GET",
    path: "/",
    summary: "The web UI",
    // A page address may carry any query (and the token in its fragment): none is refused.
    anyQuery: true,
    responses: {
      200: { description: "The web UI", content: { "text/html": { schema: { type: "string" } } } },
    },
    handle: async ({ req }, ctx) =>
      ctx.webPage ? await ctx.webPage(req) : new Response(WEB_PLACEHOLDER, {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
  }),
  defineRoute({
    name: "health",
    method: "GET",
    path: "/api/health",
    summary: "Liveness and version",
    responses: {
      200: {
        description: "The server is up",
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: [
                "ok",
                "version",
                "state_dir",
                "tasks",
                "read_outside_state_dir",
                "permissions",
                "streams",
              ],
              properties: {
                ok: { type: "boolean" },
                version: { type: "string" },
                state_dir: { type: "string" },
                tasks: { type: "integer" },
                read_outside_state_dir: { type: "boolean" },
                permissions: {
                  type: "object",
                  description: "read, write, net, env, run, ffi, sys: each {all, granted}",
                },
                streams: {
                  type: ["object", "null"],
                  description: "clients, catch_ups, fan_out, flushes, postponed, stalls",
                },
              },
            },
          },
        },
      },
    },
    async handle(_input, ctx) {
      const held = await ctx.permissions();
      return json({
        ok: true,
        version: ctx.version,
        state_dir: ctx.state.root,
        tasks: (await ctx.tasks.tasks()).length,
        read_outside_state_dir: readsOutsideStateDir(held),
        permissions: held,
        streams: ctx.live?.streamStats() ?? null,
      });
    },
  }),
  defineRoute({
    name: "openapi",
    method: "GET",
    path: "/api/openapi.json",
    summary: "This document (OpenAPI 3.1)",
    responses: {
      200: {
        description: "This document",
        content: { "application/json": { schema: { type: "object" } } },
      },
    },
    handle: (_input, ctx) => json(ctx.openApi),
  }),
];
