/**
 * JSON with comments (`//` and block comments) and trailing commas, as
 * `config.jsonc` and scenario files are written: the comments and trailing
 * commas are blanked out (positions kept, so an error names the right line)
 * and the rest is read by `JSON.parse`. Built in because loading an npm
 * package costs every command about 25 ms at start-up.
 *
 * @module
 */

/** What {@link parseJsonc} gives: the value (undefined for a text of only comments), or an error. */
export type JsoncResult =
  | { ok: true; value: unknown }
  | { ok: false; message: string; line: number };

/**
 * Parses JSONC text.
 *
 * @example
 * ```ts
 * parseJsonc('{ "a": 1, // one\n }'); // { ok: true, value: { a: 1 } }
 * ```
 */
export function parseJsonc(text: string): JsoncResult {
  const src = text.startsWith("\uFEFF") ? " " + text.slice(1) : text;
  const out: string[] = [];
  let i = 0;
  let from = 0;
  // The last character of a token before i (not white space or a comment).
  let prev = "";
  const blank = (start: number, end: number) => {
    out.push(src.slice(from, start), src.slice(start, end).replace(/[^\n]/g, " "));
    from = end;
  };
  while (i < src.length) {
    const c = src[i];
    if (c === '"') {
      // A string: copied as it is, escapes included.
      i++;
      while (i < src.length && src[i] !== '"' && src[i] !== "\n") i += src[i] === "\\" ? 2 : 1;
      i++;
      prev = '"';
    } else if (c === "/" && src[i + 1] === "/") {
      const end = src.indexOf("\n", i);
      blank(i, end < 0 ? src.length : end);
      i = end < 0 ? src.length : end;
    } else if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) return { ok: false, message: "a comment is not closed", line: lineOf(src, i) };
      blank(i, end + 2);
      i = end + 2;
    } else if (c === ",") {
      // A comma before a closing bracket, comments and white space between.
      let j = i + 1;
      for (;;) {
        while (j < src.length && /\s/.test(src[j])) j++;
        if (src.startsWith("//", j)) {
          j = src.indexOf("\n", j) < 0 ? src.length : src.indexOf("\n", j);
        } else if (src.startsWith("/*", j) && src.indexOf("*/", j + 2) >= 0) {
          j = src.indexOf("*/", j + 2) + 2;
        } else break;
      }
      // Trailing only after a value: `[,]` and `{,}` stay errors.
      if ((src[j] === "}" || src[j] === "]") && prev !== "," && prev !== "[" && prev !== "{") {
        blank(i, i + 1);
      }
      prev = ",";
      i++;
    } else {
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  out.push(src.slice(from));
  const plain = out.join("");
  if (plain.trim() === "") return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(plain) };
  } catch (e) {
    const message = (e as Error).message
      .replace(/\s*(?:in JSON )?at position \d+.*$/s, "")
      .replace(/, ".*" is not valid JSON$/s, "");
    return { ok: false, message, line: lineOf(plain, errorOffset(plain)) };
  }
}

/**
 * Where JSON text first goes wrong (JSON.parse does not always say): a
 * small recursive descent, run only on text that failed.
 */
function errorOffset(t: string): number {
  let i = 0;
  const ws = () => {
    while (i < t.length && " \t\n\r".includes(t[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (depth: number): void => {
    ws();
    if (depth > 512) fail();
    const c = t[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      ws();
      if (t[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === "{") {
          ws();
          if (t[i] !== '"') fail();
          string();
          ws();
          if (t[i] !== ":") fail();
          i++;
        }
        value(depth + 1);
        ws();
        if (t[i] === ",") i++;
        else if (t[i] === close) {
          i++;
          return;
        } else fail();
      }
    }
    if (c === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|^true|^false|^null/.exec(
      t.slice(i, i + 400),
    );
    if (!m) fail();
    i += m![0].length;
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= t.length || t.charCodeAt(i) < 0x20) fail();
      if (t[i] === '"') break;
      if (t[i] === "\\") {
        if (/^u[0-9a-fA-F]{4}/.test(t.slice(i + 1, i + 6))) i += 6;
        else if ('"\\/bfnrt'.includes(t[i + 1] ?? "x")) i += 2;
        else fail();
      } else i++;
    }
    i++;
  };
  try {
    value(0);
    ws();
    return i;
  } catch (at) {
    return typeof at === "number" ? at : 0;
  }
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
