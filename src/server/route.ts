/**
 * What a route of the server is: one piece of data that holds its method,
 * path, parameters (each with its parser and its description), the body of
 * a write, its handler and its answers. The router (handler.ts) and the
 * OpenAPI document (openapi.ts) are both made from it, so what the server
 * takes and what the document says cannot differ. The routes themselves are
 * in the `routes_*.ts` files, one area a file, and listed in routes.ts.
 *
 * @module
 */
import type { HeldPermissions } from "../sandbox.ts";
import type { RunHost } from "../engine/actions.ts";
import type { Settings } from "../store/settings.ts";
import type { StateDir } from "../store/state_dir.ts";
import type { HistoryCache } from "../views/mod.ts";
import type { LiveRoutes } from "./live_routes.ts";
import type { TaskIndex } from "./task_index.ts";

/** A JSON object (an OpenAPI fragment). */
export type Json = Record<string, unknown>;

/** What every handler and parser may use: the server's state and services. */
export interface RouteContext {
  readonly state: StateDir;
  readonly tasks: TaskIndex;
  /** The program's version. */
  readonly version: string;
  /** The routes served from the shared follower; null when the server has none. */
  readonly live: LiveRoutes | null;
  /** The web UI's page; null: a placeholder. */
  readonly webPage: ((req: Request) => Response | Promise<Response>) | null;
  /** History summaries of unchanged logs, reused between requests. */
  readonly historyCache: HistoryCache;
  /** The runs started through the API. */
  readonly runs: RunHost;
  /** The project's settings as they are now. */
  settings(): Promise<Settings>;
  /** The OpenAPI document of every route the server answers, made once when the handler is. */
  readonly openApi: object;
  /** What the process holds (`/api/health`): asked once, at the first request that needs it. */
  permissions(): Promise<HeldPermissions>;
}

/** How a parameter is described in the OpenAPI document. */
interface ParamDoc {
  /** As sent: `after`, `Last-Event-ID`, `ref`. */
  readonly name: string;
  readonly description: string;
  /** Its JSON Schema. */
  readonly schema: Json;
  /**
   * Its name under `components.parameters` when several routes share it
   * (the document refers to it there); every parameter of that name is
   * described the same.
   */
  readonly component?: string;
  /**
   * Answers its parser gives besides 400, as names of the document's
   * `components.responses` (`NotFound` for a task reference).
   */
  readonly answers?: readonly string[];
}

/** A query parameter or a header that a route reads. */
export interface Param<T> extends ParamDoc {
  readonly in: "query" | "header";
  /** Given more than once (`type=a&type=b`). */
  readonly repeatable?: boolean;
  /**
   * The key of a parameter of the same route read before this one: while
   * that one has a value (not null or undefined), this one is not read at
   * all (`Last-Event-ID` beats `after`). Its parser is given no value.
   */
  readonly ignoredWith?: string;
  /**
   * Reads the parameter from its values as sent (none when absent; a header
   * has one). Throws a TasklineError (400 for a value it does not take,
   * `answers` for the others) naming the parameter and the value.
   */
  parse(values: readonly string[], ctx: RouteContext): T | Promise<T>;
}

/** A parameter of the path template (`{ref}`). */
export interface PathParam<T> extends ParamDoc {
  /** Reads the decoded segment; throws as {@link Param.parse} does. */
  parse(value: string, ctx: RouteContext): T | Promise<T>;
}

/** The JSON body of a write route. */
export interface BodySpec<B> {
  /** Its JSON Schema: an object whose `properties` are every member the route takes. */
  readonly schema: Json & { properties: Json };
  /** Whether the document calls the body required (an empty body still reads as `{}`). */
  readonly required: boolean;
  /** Reads the members; a value the route does not take is a TasklineError (400). */
  parse(body: Record<string, unknown>): B;
}

/** What a handler is given: the request, and its parameters and body as read. */
export interface RouteInput<Q, P, B> {
  readonly req: Request;
  readonly query: Q;
  readonly path: P;
  readonly body: B;
}

/** One route, with the types of its parameters and body. */
export interface RouteSpec<Q, P, B> {
  /** The document's `operationId`. */
  readonly name: string;
  /** `GET` for a read route (it answers `HEAD` too), `POST` for a write route. */
  readonly method: "GET" | "POST";
  /** Path template, OpenAPI style: `/api/tasks/{ref}`. Under `/api/` it needs the token. */
  readonly path: string;
  readonly summary: string;
  /** Also takes the token as `?token=` (the two streams, for EventSource). Default false. */
  readonly queryToken?: boolean;
  /** Takes any query, unread (a page's address). Default false: an unknown parameter is a 400. */
  readonly anyQuery?: boolean;
  /** The parameters of the path template, read after the query and the body. */
  readonly pathParams?: { readonly [K in keyof P]: PathParam<P[K]> };
  /** Query parameters and headers, described in this order. */
  readonly params?: { readonly [K in keyof Q]: Param<Q[K]> };
  /**
   * The order they are read in, when it is not the order above: a request
   * with several wrong ones is told of the first. Keys left out come after.
   */
  readonly order?: readonly (keyof Q)[];
  /** Rules between the parameters, checked once each is read (400). */
  readonly check?: (query: Q) => void;
  /** The body of a write route. */
  readonly body?: BodySpec<B>;
  /**
   * Its own answers in the document, by status: the success, and what only
   * it answers (409s). Those of the pipeline (401, 403, 405, 413, 415) and
   * of its parameters (400, 404) are added to them.
   */
  readonly responses: Record<string, Json>;
  handle(input: RouteInput<Q, P, B>, ctx: RouteContext): Response | Promise<Response>;
}

/** A route as the router and the document hold it. */
export type Route = RouteSpec<Record<string, unknown>, Record<string, unknown>, unknown>;

/**
 * Declares a route; its handler is typed by its parameters' parsers.
 *
 * @example
 * ```ts
 * const TASK = defineRoute({
 *   name: "task",
 *   method: "GET",
 *   path: "/api/tasks/{ref}",
 *   summary: "One task",
 *   pathParams: { ref: TASK_REF },
 *   responses: { 200: { description: "The task" } },
 *   handle: async ({ path }, ctx) => json(await taskRow(ctx.state, path.ref)),
 * });
 * ```
 */
export function defineRoute<
  Q extends Record<string, unknown> = Record<never, never>,
  P extends Record<string, unknown> = Record<never, never>,
  B = undefined,
>(spec: RouteSpec<Q, P, B>): Route {
  return spec as unknown as Route;
}

/** Whether a route changes the project. */
export function isWrite(route: Route): boolean {
  return route.method === "POST";
}

/** Whether a route needs the token: every route under `/api/`. */
export function needsToken(route: Route): boolean {
  return route.path.startsWith("/api/");
}

/** A JSON answer. */
export function json(
  value: unknown,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(value), { status: init.status ?? 200, headers });
}
