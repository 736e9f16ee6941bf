import { assertEquals } from "../../tests/assert.ts";
import { matchRoute, ROUTES } from "./routes.ts";
import { rawPathOf } from "./handler.ts";
import { openApiDocument } from "./openapi.ts";

Deno.test("routes match raw paths; %2F stays inside its segment", () => {
  const m = matchRoute("/api/tasks/a%2Fb/trace/..%2F..%2Fx/output");
  assertEquals(m !== null && m !== "bad" && m.route.name, "traceOutput");
  assertEquals(m !== null && m !== "bad" && m.params, { ref: "a/b", call: "../../x" });
  assertEquals(matchRoute("/api/tasks/1/trace/x/output/more"), null);
  assertEquals(matchRoute("/api/tasks/%E0%A4%A/events"), "bad");
  assertEquals(matchRoute("/api/tasks/"), matchRoute("/api/tasks"));
});

Deno.test("rawPathOf keeps percent-encoding and drops the query", () => {
  assertEquals(rawPathOf("http://h:1/api/a%2Fb?x=1#f"), "/api/a%2Fb");
  assertEquals(rawPathOf("http://h:1"), "/");
});

Deno.test("the OpenAPI document has every route of the table", () => {
  const doc = openApiDocument("0", ROUTES);
  assertEquals(Object.keys(doc.paths).sort(), [...new Set(ROUTES.map((r) => r.path))].sort());
  for (const r of ROUTES) {
    assertEquals(
      doc.paths[r.path][r.method.toLowerCase()] !== undefined,
      true,
      `${r.method} ${r.path}`,
    );
  }
});

Deno.test("a path answers its methods: POST goes to the write route, GET to the read one", () => {
  const get = matchRoute("/api/tasks", "GET");
  const post = matchRoute("/api/tasks", "POST");
  assertEquals(get !== null && get !== "bad" && get.route.name, "tasks");
  assertEquals(post !== null && post !== "bad" && post.route.name, "createTask");
  assertEquals(post !== null && post !== "bad" && post.allow, ["GET", "HEAD", "POST"]);
  const run = matchRoute("/api/tasks/3/run", "GET");
  assertEquals(run !== null && run !== "bad" && [run.methodOk, run.allow], [false, ["POST"]]);
  const head = matchRoute("/api/tasks/3", "HEAD");
  assertEquals(head !== null && head !== "bad" && head.methodOk, true);
  // A task named like a write route's last segment is still a task.
  const named = matchRoute("/api/tasks/run", "GET");
  assertEquals(named !== null && named !== "bad" && named.params, { ref: "run" });
});
