import { assertEquals } from "../../tests/assert.ts";
import { isWriteTool, writtenPath } from "./written_path.ts";

Deno.test("taskline's and Claude Code's file-writing tools name the file they write", () => {
  assertEquals(writtenPath("write_file", { path: "a.ts" }), "a.ts");
  assertEquals(writtenPath("edit_file", { path: "b.ts", kind: "update" }), "b.ts");
  assertEquals(writtenPath("Edit", { file_path: "/w/src/c.ts", old_string: "x" }), "/w/src/c.ts");
  assertEquals(writtenPath("Write", { file_path: "d.md", content: "" }), "d.md");
  assertEquals(writtenPath("NotebookEdit", { notebook_path: "e.ipynb" }), "e.ipynb");
});

Deno.test("other tools, and inputs without the path, name none", () => {
  assertEquals(writtenPath("Read", { file_path: "a.ts" }), null);
  assertEquals(writtenPath("Edit", { path: "a.ts" }), null);
  assertEquals(writtenPath("Edit", null), null);
  assertEquals(writtenPath("write_file", { path: "" }), null);
  assertEquals([isWriteTool("MultiEdit"), isWriteTool("bash")], [true, false]);
});
