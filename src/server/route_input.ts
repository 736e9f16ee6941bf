/**
 * Reads a request as its route declares it (route.ts), in the order of
 * docs/server.md: the query (a parameter the route does not take is a 400;
 * a write takes none), each parameter and header by its parser, the rules
 * between them, the body of a write (415, 413, 400), and last the path's
 * parameters (a task reference: 400 ambiguous, 404 unknown).
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { readJsonBody } from "./body.ts";
import { isWrite, type Route, type RouteContext, type RouteInput } from "./route.ts";

/** What {@link readInput} reads a request against. */
export interface InputSource {
  route: Route;
  /** The URL of the request, parsed. */
  url: URL;
  /** The path's parameters as matched, decoded. */
  pathValues: Record<string, string>;
  ctx: RouteContext;
}

type Input = RouteInput<Record<string, unknown>, Record<string, unknown>, unknown>;

/**
 * The route's input: its query parameters and headers, path parameters and
 * body, each read by its parser.
 *
 * @throws TasklineError of the first value the route does not take.
 *
 * @example
 * ```ts
 * const input = await readInput(req, { route, url, pathValues: match.params, ctx });
 * const res = await route.handle(input, ctx);
 * ```
 */
export async function readInput(req: Request, from: InputSource): Promise<Input> {
  const { route, url, ctx } = from;
  if (isWrite(route)) refuseWriteQuery(url);
  else if (!route.anyQuery) refuseUnknownQuery(url, route);
  const query: Record<string, unknown> = {};
  const params = route.params ?? {};
  for (const key of readOrder(route)) {
    const p = params[key];
    const ignored = p.ignoredWith !== undefined && query[p.ignoredWith] != null;
    const values = ignored
      ? []
      : p.in === "header"
      ? headerValues(req, p.name)
      : url.searchParams.getAll(p.name);
    query[key] = await p.parse(values, ctx);
  }
  route.check?.(query);
  const body = route.body === undefined
    ? undefined
    : route.body.parse(await readJsonBody(req, Object.keys(route.body.schema.properties)));
  const path: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(route.pathParams ?? {})) {
    path[key] = await p.parse(from.pathValues[p.name], ctx);
  }
  return { req, query, path, body };
}

/** The keys of a route's parameters in the order they are read. */
function readOrder(route: Route): string[] {
  const keys = Object.keys(route.params ?? {});
  const first = (route.order ?? []) as string[];
  return [...first, ...keys.filter((k) => !first.includes(k))];
}

/** A header's value as a list: one value, or none. */
function headerValues(req: Request, name: string): string[] {
  const v = req.headers.get(name);
  return v === null ? [] : [v];
}

/**
 * A query parameter the route does not take is a 400: a typo must not
 * silently widen an answer. `token` is the token check's (auth.ts).
 */
function refuseUnknownQuery(url: URL, route: Route): void {
  const taken = Object.values(route.params ?? {}).filter((p) => p.in === "query").map((p) =>
    p.name
  );
  for (const key of url.searchParams.keys()) {
    if (key === "token" || taken.includes(key)) continue;
    throw new TasklineError(
      "bad-request",
      `Unknown query parameter "${key.slice(0, 40)}"${
        taken.length ? `; this route takes ${taken.join(", ")}` : "; this route takes none"
      }`,
    );
  }
}

/** A write takes its input in its body and its token in a header: any query is a 400. */
function refuseWriteQuery(url: URL): void {
  for (const key of url.searchParams.keys()) {
    throw new TasklineError(
      "bad-request",
      key === "token"
        ? "A write takes the token in the Authorization header only, never in the URL"
        : `Unknown query parameter "${
          key.slice(0, 40)
        }"; a write route takes its input in the JSON body`,
    );
  }
}
