/**
 * Every route the server answers, and the matching of a request's path and
 * method to one of them. Each route is declared once, with its parameters,
 * body, handler and answers, in the file of its area (`routes_*.ts`); the
 * router (handler.ts) and the OpenAPI document (openapi.ts) are both made
 * from this list, so a route cannot be served without being described.
 * Read routes answer `GET` (and `HEAD`); write routes answer `POST`, come
 * last, and act as the commands of the same names do.
 *
 * @module
 */
import type { Route } from "./route.ts";
import { EVENT_ROUTES } from "./routes_events.ts";
import { HISTORY_ROUTES } from "./routes_history.ts";
import { SERVER_ROUTES } from "./routes_server.ts";
import { STREAM_ROUTES } from "./routes_stream.ts";
import { TASK_ROUTES } from "./routes_tasks.ts";
import { TRACE_ROUTES } from "./routes_trace.ts";
import { WRITE_ROUTES } from "./routes_write.ts";

/** Every route, in the order the document lists them. */
export const ROUTES: readonly Route[] = [
  ...SERVER_ROUTES,
  ...TASK_ROUTES,
  ...EVENT_ROUTES,
  ...STREAM_ROUTES,
  ...TRACE_ROUTES,
  ...HISTORY_ROUTES,
  ...WRITE_ROUTES,
];

/** A path that matched, with its decoded path parameters. */
export interface RouteMatch {
  /** The route of the request's method, or (when none) the first route of the path. */
  route: Route;
  params: Record<string, string>;
  /** Whether a route of the path answers the method. */
  methodOk: boolean;
  /** The methods the path answers, for `Allow`. */
  allow: string[];
}

const COMPILED = ROUTES.map((route) => {
  const parts = route.path === "/" ? [] : route.path.slice(1).split("/");
  // A template's parameters are the ones the route reads, in their order (a programmer's error).
  const named = parts.filter((p) => p.startsWith("{")).map((p) => p.slice(1, -1));
  const declared = Object.values(route.pathParams ?? {}).map((p) => p.name);
  if (named.join("/") !== declared.join("/")) {
    throw new Error(`${route.name}: ${route.path} names {${named}}, the route reads {${declared}}`);
  }
  return { route, parts };
});

/**
 * Matches a raw (still percent-encoded) path and a method. Segments are
 * split before they are decoded, so `%2F` inside a parameter never becomes a
 * separator. Returns null when no route matches the path, and `bad` when a
 * segment does not decode.
 */
export function matchRoute(rawPath: string, method = "GET"): RouteMatch | null | "bad" {
  const trimmed = rawPath.length > 1 ? rawPath.replace(/\/$/, "") : rawPath;
  const segs = trimmed === "/" ? [] : trimmed.slice(1).split("/");
  const wanted = method === "HEAD" ? "GET" : method;
  let found: { route: Route; params: Record<string, string> }[] = [];
  for (const { route, parts } of COMPILED) {
    if (parts.length !== segs.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const p = parts[i];
      if (p.startsWith("{")) {
        let v: string;
        try {
          v = decodeURIComponent(segs[i]);
        } catch {
          return "bad";
        }
        params[p.slice(1, -1)] = v;
      } else if (p !== segs[i]) ok = false;
    }
    if (!ok) continue;
    // The first template that matches decides the path (a literal segment is never a ref).
    if (found.length > 0 && found[0].route.path !== route.path) continue;
    found = [...found, { route, params }];
  }
  if (found.length === 0) return null;
  const exact = found.find((f) => f.route.method === wanted);
  const allow = found.flatMap((f) => f.route.method === "GET" ? ["GET", "HEAD"] : [f.route.method]);
  return { ...(exact ?? found[0]), methodOk: exact !== undefined, allow };
}
