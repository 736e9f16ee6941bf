/**
 * Hostile requests for the fuzz tests, as fast-check arbitraries: random and
 * traversal paths (%2e%2e, %2f, double encoding, backslashes, NUL, overlong
 * UTF-8), every route with random references, calls and parameters, huge and
 * malformed query strings and headers, bad `Last-Event-ID`, wrong methods,
 * and the token given, wrong, missing or in the query.
 *
 * @module
 */
import fc from "fast-check";

/** A request as raw parts (the target is sent exactly as written). */
export interface RawRequest {
  method: string;
  /** The request target: path and query, not normalised. */
  target: string;
  headers: Array<[string, string]>;
  /** How the token is given. */
  token: "header" | "query" | "wrong" | "none";
}

/** What the generators aim at in the fuzz project. */
export interface Targets {
  refs: string[];
  calls: string[];
  runs: string[];
}

const TRAVERSAL = [
  "..",
  "%2e%2e",
  "%2E%2E",
  ".%2e",
  "%252e%252e",
  "..%2f..%2f..%2fsecret.txt",
  "..%2F..%2F.env",
  "%2e%2e%2f%2e%2e%2fsecret.txt",
  "%252e%252e%252fsecret.txt",
  "..\\..\\secret.txt",
  "..%5c..%5csecret.txt",
  "%c0%ae%c0%ae",
  "%00",
  "a%00b",
  "%",
  "%zz",
  "%2",
  "%ff%fe",
  "%2f",
  "%2F%2F",
  "....//",
  "/..",
  "secret.txt",
  ".env",
  "%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..;/",
  "~",
  "%7e",
];

const WEIRD = fc.oneof(
  fc.constantFrom(...TRAVERSAL),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
  fc.stringMatching(/^[0-9a-f-]{0,40}$/),
  fc.integer({ min: -5, max: 2 ** 53 + 5 }).map(String),
  fc.constant("9".repeat(400)),
  fc.constant("x".repeat(5000)),
);

/** Percent-encodes what a raw request line cannot carry (space, CR, LF, controls, non-ASCII). */
export function encodeUnsafe(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c <= 0x20 || c === 0x7f || c > 0x7e || ch === "#" || ch === "?") {
      for (const b of new TextEncoder().encode(ch)) {
        out += "%" + b.toString(16).toUpperCase().padStart(2, "0");
      }
    } else out += ch;
  }
  return out;
}

function segment(targets: Targets, pool: string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...pool) },
    { weight: 3, arbitrary: WEIRD.map(encodeUnsafe) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.refs).map(encodeURIComponent) },
  );
}

const PARAM_NAMES = [
  "after",
  "run",
  "all",
  "since",
  "type",
  "task",
  "limit",
  "tool",
  "subtask",
  "token",
  "x",
  "",
  "after[]",
  "__proto__",
  "constructor",
];

function paramValue(targets: Targets) {
  return fc.oneof(
    fc.constantFrom(
      "0",
      "1",
      "-1",
      "1e3",
      "0x10",
      "99999999999999999999999",
      "true",
      "false",
      "",
      "0-0-0",
      "1-1-1",
      "18446744073709551616-1-1",
      "1790574772197209000-1-1",
      "1-1",
      "a-b-c",
      "1h",
      "90s",
      "1d2h",
      "2026-01-02T03:04:05Z",
      "2026-13-45T99:99:99Z",
      "log",
      "agent_text,run_started",
      "nope",
      "#1",
      "abcd",
      "10001",
      "10000",
    ),
    fc.constantFrom(...targets.refs, ...targets.runs.map((r) => r.slice(0, 8))),
    WEIRD,
  ).map(encodeUnsafe);
}

function query(targets: Targets) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant("") },
    {
      weight: 6,
      arbitrary: fc.array(
        fc.tuple(fc.constantFrom(...PARAM_NAMES), paramValue(targets)),
        { minLength: 1, maxLength: 4 },
      ).map((ps) => "?" + ps.map(([k, v]) => `${k}=${v}`).join("&")),
    },
    { weight: 1, arbitrary: fc.constantFrom("?", "?&&&", "?=", "?a", "?%", "?after=%ZZ") },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1000, max: 6000 }).map((n) => "?after=" + "1".repeat(n)),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 200, max: 1500 }).map((n) =>
        "?" + Array.from({ length: n }, (_, i) => `type=log&x${i}=1`).join("&")
      ),
    },
  );
}

/** A request path (and query) aimed at the routes, or anywhere. */
export function target(targets: Targets): fc.Arbitrary<string> {
  const ref = segment(targets, targets.refs.map(encodeURIComponent));
  const call = segment(targets, targets.calls);
  const path = fc.oneof(
    fc.constantFrom(
      "/",
      "/api",
      "/api/",
      "/api/health",
      "/api/openapi.json",
      "/api/tasks",
      "/api/events",
      "/api/history",
      "/index.html",
      "/favicon.ico",
      "//api/health",
      "/api//tasks",
      "/API/health",
      "/api/health/",
      "/../secret.txt",
      "/api/../../secret.txt",
      "/%2e%2e/%2e%2e/secret.txt",
      "/.taskline/server.token",
      "/..%2f..%2fsecret.txt",
      "\\..\\secret.txt",
      "/api/tasks/1/trace/..%2f..%2f..%2f..%2fsecret.txt/output",
      "*",
    ),
    ref.map((r) => `/api/tasks/${r}`),
    ref.map((r) => `/api/tasks/${r}/events`),
    ref.map((r) => `/api/tasks/${r}/stream`),
    fc.constant("/api/stream"),
    ref.map((r) => `/api/tasks/${r}/trace`),
    ref.map((r) => `/api/history/${r}`),
    fc.tuple(ref, call).map(([r, c]) => `/api/tasks/${r}/trace/${c}/output`),
    fc.tuple(ref, WEIRD.map(encodeUnsafe)).map(([r, x]) => `/api/tasks/${r}/${x}`),
    fc.array(WEIRD.map(encodeUnsafe), { minLength: 1, maxLength: 6 }).map((ss) =>
      "/" + ss.join("/")
    ),
  );
  return fc.tuple(path, query(targets)).map(([p, q]) => p + q);
}

const HEADER_VALUES = fc.oneof(
  fc.constantFrom(
    "",
    "0",
    "-1",
    "0-0-0",
    "1-1-1",
    "abc",
    "99999999999999999999999",
    "1-1-1-1",
    " 5 ",
    "\t",
  ),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[\r\n\0]/g, "")),
  fc.integer({ min: 100, max: 20_000 }).map((n) => "7".repeat(n)),
);

/** Extra headers: Last-Event-ID, Accept, Range, odd and huge ones. */
export const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc.array(
  fc.oneof(
    HEADER_VALUES.map((v) => ["Last-Event-ID", v] as [string, string]),
    fc.constantFrom<[string, string]>(
      ["Accept", "text/event-stream"],
      ["Accept", "*/*"],
      ["Range", "bytes=0-10"],
      ["Range", "bytes=-1"],
      ["If-None-Match", "*"],
      ["Accept-Encoding", "gzip, br"],
      ["Transfer-Encoding", "chunked"],
      ["Content-Length", "0"],
      ["Expect", "100-continue"],
      ["Cookie", "a=b"],
      ["X-Forwarded-For", "1.2.3.4"],
      ["Authorization", "Basic Zm9vOmJhcg=="],
      ["Authorization", "Bearer"],
      ["Authorization", "bearer  "],
    ),
    fc.tuple(fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,30}$/), HEADER_VALUES),
  ),
  { maxLength: 4 },
);

/** A whole request. */
export function rawRequest(targets: Targets): fc.Arbitrary<RawRequest> {
  return fc.record({
    method: fc.oneof(
      { weight: 12, arbitrary: fc.constant("GET") },
      {
        weight: 3,
        arbitrary: fc.constantFrom(
          "HEAD",
          "POST",
          "PUT",
          "DELETE",
          "PATCH",
          "OPTIONS",
          "TRACE",
          "CONNECT",
          "FOO",
          "get",
        ),
      },
    ),
    target: target(targets),
    headers: extraHeaders,
    token: fc.oneof(
      { weight: 6, arbitrary: fc.constant("header" as const) },
      { weight: 1, arbitrary: fc.constant("query" as const) },
      { weight: 2, arbitrary: fc.constant("wrong" as const) },
      { weight: 2, arbitrary: fc.constant("none" as const) },
    ),
  });
}
