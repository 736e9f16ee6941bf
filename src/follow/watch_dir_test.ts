import { assertEquals } from "../../tests/assert.ts";
import { taskDirOfPath } from "./watch_dir.ts";

Deno.test("taskDirOfPath names the task directory of a notified path, and nothing outside", () => {
  assertEquals(
    taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/001-x/events.jsonl"),
    "001-x",
  );
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks/002-y"), "002-y");
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks-other/001-x/a"), null);
  assertEquals(taskDirOfPath("/p/.taskline/tasks", "/p/.taskline/tasks"), null);
  assertEquals(taskDirOfPath("", "/p/.taskline/tasks/001-x/events.jsonl"), null);
});
