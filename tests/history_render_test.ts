/**
 * The text renderings of history and trace read documents leniently: the
 * peer's synthetic documents (unknown states, pairings and sources, partial
 * costs, none of our extensions) render without failing, and say what they
 * hold.
 */
import { assert, assertStringIncludes } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { renderDetail, renderTable } from "../src/views/history_text.ts";
import { renderTrace } from "../src/cli/cmd_trace.ts";
import type { RunTrace, TaskHistory } from "../src/views/mod.ts";

const PEER = `${REPO}/fixtures/peer`;
const NOW = Date.parse("2026-09-27T12:16:12Z");

Deno.test("the peer's synthetic TaskHistory documents render as a table and in detail", async () => {
  const docs = JSON.parse(await Deno.readTextFile(`${PEER}/history.json`)) as TaskHistory[];
  const table = renderTable(docs, NOW, true);
  const rows = table.split("\n").filter((l) => /^\s*\d/.test(l));
  assert(rows.length === docs.length, table);
  assertStringIncludes(table, "Add OAuth login");
  // A partial cost (complete: false) is not shown as if it were the cost.
  assert(!table.includes("$1.83"), table);
  assertStringIncludes(table, "0.50 EUR");
  assertStringIncludes(table, "3 h ago");
  const detail = renderDetail(
    JSON.parse(await Deno.readTextFile(`${PEER}/history-detail.json`)) as TaskHistory,
    NOW,
  );
  for (
    const part of [
      "Run 6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d · zombie",
      "pending    plan",
      "Last error: process died",
      "approved   merge",
      "failed     cargo clippy (integration)",
      "Merged: c3d4e5f6 vibe/003-add-login into main",
      "Problems:",
      "merge commit c3d4e5f6 not found",
    ]
  ) assertStringIncludes(detail, part);
});

Deno.test("the peer's synthetic RunTrace renders every call, unknown pairings named", async () => {
  const trace = JSON.parse(await Deno.readTextFile(`${PEER}/trace.json`)) as RunTrace;
  const text = renderTrace(trace, false);
  const heads = text.split("\n").filter((l) => /^\d\d:/.test(l));
  assert(heads.length === trace.calls.length, text);
  assertStringIncludes(text, "2 ms  timed out"); // timed out wins over its exit code 101
  assertStringIncludes(text, "(paired by order: recorded before 0.5)");
  assertStringIncludes(text, "no result");
  assertStringIncludes(text, "(paired: psychic)");
});

Deno.test("trace results are coloured only when asked (a terminal without NO_COLOR)", async () => {
  const trace = JSON.parse(await Deno.readTextFile(`${PEER}/trace.json`)) as RunTrace;
  assert(!renderTrace(trace, false).includes("\x1b["));
  const coloured = renderTrace(trace, false, true);
  assertStringIncludes(coloured, "\x1b[32mok\x1b[0m");
  assertStringIncludes(coloured, "\x1b[33mno result\x1b[0m");
  assertStringIncludes(coloured, "\x1b[31mtimed out\x1b[0m");
});
