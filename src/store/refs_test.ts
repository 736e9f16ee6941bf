import { assertEquals, assertStringIncludes, assertThrows } from "../../tests/assert.ts";
import { TasklineError } from "../errors.ts";
import { resolveRef } from "./refs.ts";
import type { Task } from "./tasks.ts";

function task(number: number, dir: string, id: string): Task {
  return { dir, id, number, record: { id, number, title: dir, status: "ready", created_at: "" } };
}

const T3 = task(3, "003-add-login", "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d");
const T12a = task(12, "012-fix-the-parser", "b7e3a9c0-1111-4d2e-8f00-0a0b0c0d0e01");
const T12b = task(12, "012-update-the-docs", "b7e3a9c0-2222-4d2e-8f00-0a0b0c0d0e02");
const T13 = task(13, "013-bump-the-version", "42424242-3333-4d2e-8f00-0a0b0c0d0e03");
// Its id starts with the digits of another task's number.
const T14 = task(14, "014-clean-up", "13000000-aaaa-4bbb-8ccc-dddddddddddd");
const ALL = [T3, T12a, T12b, T13, T14];

function fails(ref: string, tasks: Task[] = ALL): TasklineError {
  return assertThrows(() => resolveRef(ref, tasks), TasklineError) as TasklineError;
}

Deno.test("#N and digits name the task with that number", () => {
  assertEquals(resolveRef("#3", ALL), T3);
  assertEquals(resolveRef("3", ALL), T3);
  assertEquals(resolveRef("003", ALL), T3);
  assertEquals(resolveRef(" 13 ", ALL), T13);
});

Deno.test("a number beats an id prefix made of the same digits", () => {
  // "13000000" is a prefix of T14's id, but "13" is task 13's number.
  assertEquals(resolveRef("13", ALL), T13);
});

Deno.test("the exact directory name names its task", () => {
  assertEquals(resolveRef("012-update-the-docs", ALL), T12b);
  assertEquals(fails("012-update").code, "not-found");
});

Deno.test("a full id or an id prefix of at least 4 hex digits names its task, in any case", () => {
  assertEquals(resolveRef(T3.id, ALL), T3);
  assertEquals(resolveRef(T3.id.toUpperCase(), ALL), T3);
  assertEquals(resolveRef("9a8b", ALL), T3);
  assertEquals(resolveRef("9A8B7C6D-5E4F", ALL), T3);
  assertEquals(resolveRef("b7e3a9c0-2222", ALL), T12b);
  assertEquals(fails("9a8").code, "not-found", "3 digits are too short for a prefix");
  assertEquals(fails("9a8b-x").code, "not-found");
});

Deno.test("digits that name no task number are tried as an id prefix", () => {
  assertEquals(resolveRef("4242", ALL), T13);
  assertEquals(resolveRef("1300", ALL), T14);
  assertEquals(fails("#4242").code, "not-found", "#N is only ever a number");
});

Deno.test("two tasks with one number: ambiguous, naming both candidates", () => {
  for (const ref of ["12", "#12", "012"]) {
    const e = fails(ref);
    assertEquals(e.code, "ambiguous-ref");
    assertStringIncludes(e.message, "012-fix-the-parser");
    assertStringIncludes(e.message, "012-update-the-docs");
    assertEquals(
      (e.details!.candidates as Array<{ dir: string }>).map((c) => c.dir),
      ["012-fix-the-parser", "012-update-the-docs"],
    );
  }
});

Deno.test("an id prefix shared by two tasks is ambiguous; a longer one is not", () => {
  assertEquals(fails("b7e3").code, "ambiguous-ref");
  assertEquals(fails("b7e3a9c0").code, "ambiguous-ref");
  assertEquals(resolveRef("b7e3a9c0-1", ALL), T12a);
});

Deno.test("a copied task directory (two tasks, one id) is ambiguous by id", () => {
  const copy = task(15, "015-add-login-copy", T3.id);
  assertEquals(fails(T3.id, [T3, copy]).code, "ambiguous-ref");
});

Deno.test("no match is not-found, distinct from ambiguous; empty is a usage error", () => {
  for (const ref of ["99", "#99", "nope", "ffff", "000-x"]) {
    const e = fails(ref);
    assertEquals(e.code, "not-found", ref);
    assertStringIncludes(e.message, ref);
  }
  assertEquals(fails("#3", []).code, "not-found");
  assertEquals(fails("  ").code, "usage");
});
