import { assert, assertEquals, assertThrows } from "../../tests/assert.ts";
import { openApiDocument } from "./openapi.ts";
import { flagParam, TASK_REF } from "./params.ts";
import { defineRoute, json, type Route } from "./route.ts";
import { ROUTES } from "./routes.ts";

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { parameters: Record<string, { name: string; in: string }> };
};

const doc = openApiDocument("0", ROUTES) as unknown as Doc;

/** The name and place of each parameter of an operation, shared ones looked up. */
function declared(op: Record<string, unknown>): string[] {
  return (op.parameters as Array<Record<string, string>>).map((p) => {
    const q = p.$ref ? doc.components.parameters[p.$ref.split("/").pop()!] : p;
    return `${q.in}:${q.name}`;
  });
}

Deno.test("the document lists every parameter a route reads, in the route's order", () => {
  for (const r of ROUTES) {
    const op = doc.paths[r.path][r.method.toLowerCase()];
    const read = [
      ...Object.values(r.pathParams ?? {}).map((p) => `path:${p.name}`),
      ...Object.values(r.params ?? {}).map((p) => `${p.in}:${p.name}`),
      ...(r.queryToken ? ["query:token"] : []),
    ];
    assertEquals(declared(op), read, `${r.method} ${r.path}`);
  }
  const stream = doc.paths["/api/stream"].get;
  assertEquals(declared(stream), [
    "query:after",
    "query:since",
    "query:type",
    "query:task",
    "header:Last-Event-ID",
    "query:token",
  ]);
});

Deno.test("a route answers 400 unless it takes any query, and 404 when it resolves a task", () => {
  for (const r of ROUTES) {
    const responses = doc.paths[r.path][r.method.toLowerCase()].responses as object;
    assertEquals("400" in responses, r.anyQuery !== true, `${r.path} 400`);
  }
  // The task parameter of the project's events resolves references as {ref} does.
  for (const path of ["/api/events", "/api/stream", "/api/tasks/{ref}", "/api/history/{ref}"]) {
    assert("404" in (doc.paths[path].get.responses as object), `${path} 404`);
  }
  assert(!("404" in (doc.paths["/api/history"].get.responses as object)));
});

Deno.test("a shared parameter is described once; two descriptions of it are refused", () => {
  const refs = JSON.stringify(doc).match(/"#\/components\/parameters\/ref"/g) ?? [];
  assert(refs.length >= 9, `ref is referred to ${refs.length} times`);
  assertEquals(Object.keys(doc.components.parameters), [
    "ref",
    "after",
    "since",
    "type",
    "task",
    "lastEventId",
    "token",
  ]);
  const route = (path: string, description: string): Route =>
    defineRoute({
      name: path,
      method: "GET",
      path,
      summary: "",
      pathParams: { ref: { ...TASK_REF, description } },
      params: { all: flagParam("all", "") },
      responses: {},
      handle: () => json(null),
    });
  const same = openApiDocument("0", [route("/a/{ref}", "x"), route("/b/{ref}", "x")]);
  assertEquals(Object.keys((same.components as Doc["components"]).parameters), ["ref"]);
  assertThrows(() => openApiDocument("0", [route("/a/{ref}", "x"), route("/b/{ref}", "y")]));
});
