/**
 * Error answers of the server: `application/problem+json` (RFC 9457) with an
 * extra `error` member (the message, as 0.4 clients read it) and `code` (the
 * TasklineError code). Error codes map to statuses in one place,
 * `httpStatusOf`.
 *
 * @module
 */
import { httpStatusOf, TasklineError } from "../errors.ts";

/** The body of an error answer. */
export interface Problem {
  /** A URI naming the kind of problem; `about:blank` when the status says it all. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** The path and query of the request that failed. */
  instance: string;
  /** The message again, for clients that read `{"error": "..."}`. */
  error: string;
  /** The TasklineError code, or `http` for errors of the protocol itself. */
  code: string;
}

/** The text of each status the server answers with (a problem's title, a status line's reason). */
const STATUS_TEXT: Record<number, string> = {
  100: "Continue",
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The text of a status ("" for one the server does not use). */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? "";
}

/** The `type` URI of a problem code. */
export function problemType(code: string): string {
  return `https://taskline.dev/problems/${code}`;
}

/** The body of a problem answer; `instance` is the request's path and query (its token hidden). */
export function problemBody(
  status: number,
  detail: string,
  instance: string,
  code = "http",
): Problem {
  return {
    type: problemType(code),
    title: statusText(status) || "Error",
    status,
    detail,
    instance: redactToken(instance),
    error: detail,
    code,
  };
}

/**
 * A problem+json response.
 *
 * @example
 * ```ts
 * return problem(405, "GET /api/events only", req, { code: "method" });
 * ```
 */
export function problem(
  status: number,
  detail: string,
  req: Request,
  options: { code?: string; headers?: Record<string, string> } = {},
): Response {
  const url = new URL(req.url);
  const body = problemBody(status, detail, url.pathname + url.search, options.code);
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/problem+json",
      "cache-control": "no-store",
      ...options.headers,
    },
  });
}

/**
 * The answer for an error thrown while handling `req`. A TasklineError keeps
 * its message and gets the status of its code; anything else is a 500 that
 * says nothing about the server's internals beyond the error's class.
 */
export function errorResponse(e: unknown, req: Request): Response {
  if (e instanceof TasklineError) {
    return problem(httpStatusOf(e.code), e.message, req, { code: e.code });
  }
  if (e instanceof Deno.errors.PermissionDenied || e instanceof Deno.errors.NotCapable) {
    return problem(403, "The server may not read that path", req, { code: "permission" });
  }
  const name = e instanceof Error ? e.name : "Error";
  return problem(500, `The server failed to answer (${name})`, req, { code: "io" });
}

/** The path and query with any `token` parameter's value hidden (for logs and `instance`). */
export function redactToken(pathAndQuery: string): string {
  return pathAndQuery.replace(/([?&]token=)[^&#]*/g, "$1***");
}
