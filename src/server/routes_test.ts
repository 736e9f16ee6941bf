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
  const doc = openApiDocument("0");
  assertEquals(Object.keys(doc.paths).sort(), ROUTES.map((r) => r.path).sort());
});
