/**
 * Which tool calls write a file, and the path they name: the history's
 * changed files (when no commit names them) and the trace's files written
 * come from them. taskline's own tools (`write_file`, `edit_file`, input
 * `path`; also what a Codex file change is recorded as) and Claude Code's
 * (`Write`, `Edit`, `MultiEdit`, input `file_path`; `NotebookEdit`,
 * `notebook_path`), whose paths are as the agent gave them (often absolute).
 *
 * @example
 * ```ts
 * writtenPath("Edit", { file_path: "src/a.ts" }); // "src/a.ts"
 * ```
 *
 * @module
 */

/** The input field that names the file, per tool that writes one. */
const PATH_FIELD: ReadonlyMap<string, string> = new Map([
  ["write_file", "path"],
  ["edit_file", "path"],
  ["Write", "file_path"],
  ["Edit", "file_path"],
  ["MultiEdit", "file_path"],
  ["NotebookEdit", "notebook_path"],
]);

/** Whether calls of `tool` write a file. */
export function isWriteTool(tool: string): boolean {
  return PATH_FIELD.has(tool);
}

/** The path a call of `tool` with `input` writes, or null (not a writing tool, or no path). */
export function writtenPath(tool: string, input: unknown): string | null {
  const field = PATH_FIELD.get(tool);
  if (field === undefined || input === null || typeof input !== "object") return null;
  const p = (input as Record<string, unknown>)[field];
  return typeof p === "string" && p !== "" ? p : null;
}
