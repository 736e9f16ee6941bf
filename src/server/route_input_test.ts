import { assertEquals, assertRejects, assertStringIncludes } from "../../tests/assert.ts";
import { TasklineError } from "../errors.ts";
import { defineRoute, json, type Param, type Route, type RouteContext } from "./route.ts";
import { readInput } from "./route_input.ts";

/** Awaits `fn`, which must fail with a TasklineError whose message holds `part`. */
async function refused(fn: () => Promise<unknown>, part: string): Promise<void> {
  assertStringIncludes((await assertRejects(fn, TasklineError)).message, part);
}

/** The parameters are read without the server's services. */
const ctx = {} as RouteContext;

/** A parameter that records when it is read, and refuses the value "bad". */
function recorded(name: string, log: string[], where: "query" | "header" = "query"): Param<string> {
  return {
    name,
    in: where,
    description: name,
    schema: { type: "string" },
    parse(values) {
      log.push(`${name}=${values.join("|")}`);
      if (values.includes("bad")) throw new TasklineError("bad-request", `bad ${name}`);
      return values[0] ?? "";
    },
  };
}

/** A read route of these parameters, read in `order`. */
function readRoute(params: Record<string, Param<unknown>>, order?: string[]): Route {
  return defineRoute({
    name: "r",
    method: "GET",
    path: "/api/r",
    summary: "",
    params,
    ...(order ? { order } : {}),
    responses: {},
    handle: () => json(null),
  });
}

function read(route: Route, target: string, init?: RequestInit) {
  const req = new Request(`http://127.0.0.1:1${target}`, init);
  return readInput(req, { route, url: new URL(req.url), pathValues: { ref: "7" }, ctx });
}

Deno.test("a query parameter the route does not take is refused before any is read", async () => {
  const log: string[] = [];
  const route = readRoute({ a: recorded("a", log), b: recorded("b", log) });
  const e = await assertRejects(() => read(route, "/api/r?a=bad&colour=red"), TasklineError);
  assertEquals(e.message, 'Unknown query parameter "colour"; this route takes a, b');
  assertEquals(log, []);
  // The token is the token check's, not the route's.
  assertEquals((await read(route, "/api/r?token=x&b=2")).query, { a: "", b: "2" });
});

Deno.test("parameters are read in the route's order; the first wrong one is told", async () => {
  const log: string[] = [];
  const route = readRoute({
    a: recorded("a", log),
    b: recorded("b", log),
    id: recorded("Last-Event-ID", log, "header"),
    c: recorded("c", log),
  }, ["c", "b"]);
  const e = await assertRejects(
    () => read(route, "/api/r?a=bad&b=bad", { headers: { "last-event-id": "5" } }),
    TasklineError,
  );
  assertEquals(e.message, "bad b");
  assertEquals(log, ["c=", "b=bad"]);
  log.length = 0;
  const input = await read(route, "/api/r?a=1&a=2&c=3", { headers: { "last-event-id": "5" } });
  assertEquals(input.query, { c: "3", b: "", a: "1", id: "5" });
  assertEquals(log, ["c=3", "b=", "a=1|2", "Last-Event-ID=5"]);
});

Deno.test("a parameter ignored with another is not read while that one has a value", async () => {
  const log: string[] = [];
  const lastId: Param<string | null> = {
    ...recorded("Last-Event-ID", log, "header"),
    parse: (values) => values[0] ?? null,
  };
  const route = readRoute(
    { after: { ...recorded("after", log), ignoredWith: "id" }, id: lastId },
    ["id", "after"],
  );
  const input = await read(route, "/api/r?after=bad", { headers: { "last-event-id": "5" } });
  assertEquals(input.query, { id: "5", after: "" });
  await refused(() => read(route, "/api/r?after=bad"), "bad after");
});

Deno.test("the rules between parameters, then the body, then the path are read, in that order", async () => {
  const log: string[] = [];
  const route = defineRoute({
    name: "w",
    method: "POST",
    path: "/api/w/{ref}",
    summary: "",
    pathParams: {
      ref: {
        name: "ref",
        description: "",
        schema: {},
        parse: (v) => {
          log.push(`ref=${v}`);
          return Number(v);
        },
      },
    },
    body: {
      required: true,
      schema: { type: "object", properties: { n: {}, m: {} } },
      parse: (body) => {
        log.push("body");
        if (body.n === "bad") throw new TasklineError("bad-request", "bad n");
        return body;
      },
    },
    responses: {},
    handle: () => json(null),
  });
  const post = (target: string, body: string, type = "application/json") =>
    read(route, target, { method: "POST", body, headers: { "content-type": type } });
  assertEquals((await post("/api/w/7", '{"n":1}')).path, { ref: 7 });
  assertEquals(log, ["body", "ref=7"]);
  log.length = 0;
  await refused(() => post("/api/w/7", '{"n":"bad"}'), "bad n");
  assertEquals(log, ["body"]);
  await refused(
    () => post("/api/w/7", '{"x":1}'),
    'Unknown member "x" in the body; this route takes n, m',
  );
  await refused(() => post("/api/w/7", "{}", "text/plain"), "text/plain");
  // A write takes no query: its input is its body, its token a header.
  await refused(
    () => post("/api/w/7?token=t", "{}"),
    "A write takes the token in the Authorization header only, never in the URL",
  );
  await refused(
    () => post("/api/w/7?n=1", "{}"),
    'Unknown query parameter "n"; a write route takes its input in the JSON body',
  );
});
