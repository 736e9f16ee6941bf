/**
 * The text of a tool's result as agents give it: a string, or a list of
 * content blocks (Claude Code's `tool_result` content, an MCP tool's
 * `content`), whose text blocks are joined with a newline. A block that is
 * not text (an image, a document) stands as one line naming its type, so
 * that the trace shows it was there.
 *
 * @example
 * ```ts
 * contentText([{ type: "text", text: "a" }, { type: "text", text: "b" }]); // "a\nb"
 * ```
 *
 * @module
 */

/** The text of a string or a list of content blocks; anything else is "". */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) {
    // One block on its own.
    if (content !== null && typeof content === "object") return contentText([content]);
    return "";
  }
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === "string") {
      parts.push(block);
      continue;
    }
    if (block === null || typeof block !== "object") continue;
    const b = block as Record<string, unknown>;
    if (typeof b.text === "string" && (b.type === "text" || b.type === undefined)) {
      parts.push(b.text);
    } else if (typeof b.type === "string") {
      parts.push(`[${b.type}]`);
    }
  }
  return parts.join("\n");
}
