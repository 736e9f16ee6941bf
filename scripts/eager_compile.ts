/**
 * Marks the module bodies of the program's hot start for eager compilation,
 * in the bundle that `deno bundle` made (scripts/build_program.ts).
 *
 * Why: Deno stores V8's code cache of a module right after compiling it,
 * before it runs, so the cache holds only what V8 compiled eagerly. A
 * module of the bundle is a function (esbuild's `__esm` wrapper, an arrow
 * `_(()=>{...})`) that V8 compiles lazily, at its first call, at every
 * start: for `events` that is a full parse of about forty module bodies.
 * V8 compiles a function expression in parentheses eagerly (its heuristic
 * for functions called at once), so `_((function(){...}))` is compiled with
 * the bundle and is in its code cache. Only the modules that `events`
 * loads are marked: every marked body makes the cache bigger, and reading
 * it costs every start (marking all 120 gained nothing).
 *
 * The change is `()=>{` to `(function(){` and one `)` more: the bodies do
 * not use `this` or `arguments` (a module's top level has neither), so they
 * run the same. The source map's columns are moved with the code.
 *
 * Not done: the modules' functions (top-level declarations, hoisted out of
 * the wrappers) made eager the same way, as `var f=(function f(){...})`. It
 * saved another millisecond of start-up, but V8 optimises calls through a
 * var less well than calls of a declared function: the filtered replay was
 * about 20 % slower (345 against 276-286 ms on the 200 MiB log).
 *
 * @module
 */
import * as acorn from "acorn";

/** Where the module bodies were marked; the bundle and its map, changed. */
export interface EagerResult {
  js: string;
  map: string;
  /** The sources whose bodies were marked. */
  marked: string[];
}

/**
 * Marks the `__esm` bodies of the modules in `wanted` (paths relative to the
 * repository, `src/...`) for eager compilation. Throws when it cannot find
 * esbuild's wrapper (the bundler changed its output: this step must be
 * looked at again, not skipped).
 */
export function eagerCompile(
  js: string,
  mapText: string,
  wanted: ReadonlySet<string>,
): EagerResult {
  const map = JSON.parse(mapText) as { sources: string[]; mappings: string };
  const lines = decodeMappings(map.mappings);
  const lineStarts = [0];
  for (let i = js.indexOf("\n"); i >= 0; i = js.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const position = (offset: number): [number, number] => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return [lo, offset - lineStarts[lo]];
  };
  const sourceAt = (offset: number): string | null => {
    const [line, col] = position(offset);
    // The first mapped segment at or after the position, on its line.
    for (const s of lines[line] ?? []) {
      if (s.length >= 4 && s[0] >= col) return map.sources[s[1]].replace(/^(\.\.\/)+/, "");
    }
    return null;
  };

  // deno-lint-ignore no-explicit-any
  const ast = acorn.parse(js, { ecmaVersion: "latest", sourceType: "module" }) as any;
  const esm = esmHelper(js, ast);
  if (esm === null) throw new Error("eager compile: no __esm helper in the bundle");
  const inserts: { at: number; remove: number; text: string }[] = [];
  const marked: string[] = [];
  for (const st of ast.body) {
    if (st.type !== "VariableDeclaration") continue;
    for (const d of st.declarations) {
      const c = d.init;
      if (
        c?.type !== "CallExpression" || c.callee.type !== "Identifier" ||
        c.callee.name !== esm || c.arguments.length !== 1
      ) continue;
      const f = c.arguments[0];
      if (
        f.type !== "ArrowFunctionExpression" || f.async || f.params.length !== 0 ||
        f.body.type !== "BlockStatement"
      ) continue;
      const source = sourceAt(f.body.start + 1);
      if (source === null || !wanted.has(source)) continue;
      marked.push(source);
      // `()=>{` becomes `(function(){`, and the body's `}` gets a `)`.
      inserts.push({ at: f.start, remove: f.body.start - f.start, text: "(function()" });
      inserts.push({ at: f.end, remove: 0, text: ")" });
    }
  }
  if (marked.length === 0) {
    throw new Error("eager compile: no module body of the wanted modules found in the bundle");
  }

  // Apply from the end; move the map's generated columns on the same line.
  inserts.sort((a, b) => b.at - a.at);
  let out = js;
  for (const ins of inserts) {
    out = out.slice(0, ins.at) + ins.text + out.slice(ins.at + ins.remove);
    const [line, col] = position(ins.at);
    const delta = ins.text.length - ins.remove;
    for (const s of lines[line] ?? []) {
      if (s[0] > col || (s[0] === col && ins.remove === 0)) s[0] += delta;
    }
  }
  map.mappings = encodeMappings(lines);
  return { js: out, map: JSON.stringify(map), marked: marked.sort() };
}

/** The name esbuild gave its `__esm` helper: `var _=(n,t)=>()=>(n&&(t=n(n=0)),t)`. */
// deno-lint-ignore no-explicit-any
function esmHelper(js: string, ast: any): string | null {
  for (const st of ast.body) {
    if (st.type !== "VariableDeclaration") continue;
    for (const d of st.declarations) {
      if (d.init?.type !== "ArrowFunctionExpression") continue;
      const text = js.slice(d.init.start, d.init.end).replace(/\s+/g, "");
      if (/^\(([\w$]+),([\w$]+)\)=>\(\)=>\(\1&&\(\2=\1\(\1=0\)\),\2\)$/.test(text)) {
        return d.id.name;
      }
    }
  }
  return null;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/**
 * The mappings as absolute numbers: per generated line, its segments
 * `[column, source, line, column, name?]`.
 */
export function decodeMappings(mappings: string): number[][][] {
  const out: number[][][] = [];
  const state = [0, 0, 0, 0, 0];
  for (const lineText of mappings.split(";")) {
    const segs: number[][] = [];
    state[0] = 0;
    if (lineText !== "") {
      for (const segText of lineText.split(",")) {
        const fields: number[] = [];
        let value = 0, shift = 0;
        for (const ch of segText) {
          const digit = B64_VALUE.get(ch);
          if (digit === undefined) throw new Error(`bad source map character ${ch}`);
          value += (digit & 31) << shift;
          if (digit & 32) shift += 5;
          else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        const seg = fields.map((d, i) => (state[i] += d));
        segs.push(seg);
      }
    }
    out.push(segs);
  }
  return out;
}

/** The inverse of {@link decodeMappings}. */
export function encodeMappings(lines: number[][][]): string {
  const state = [0, 0, 0, 0, 0];
  const vlq = (n: number) => {
    let v = n < 0 ? (-n << 1) | 1 : n << 1;
    let s = "";
    do {
      let digit = v & 31;
      v >>>= 5;
      if (v > 0) digit |= 32;
      s += B64[digit];
    } while (v > 0);
    return s;
  };
  return lines.map((segs) => {
    state[0] = 0;
    return segs.map((seg) =>
      seg.map((v, i) => {
        const d = v - state[i];
        state[i] = v;
        return vlq(d);
      }).join("")
    ).join(",");
  }).join(";");
}
