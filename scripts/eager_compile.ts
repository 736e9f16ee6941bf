/**
 * Marks the module bodies of the program's hot start for eager compilation,
 * in the bundle that `deno bundle` made (scripts/bundle_program.ts).
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
 * run the same.
 *
 * The functions of those modules are declarations at the bundle's top level
 * (esbuild hoists them out of the wrappers), compiled lazily too. Each
 * becomes `var f=(function f(){...});`, compiled with the bundle. A var is
 * assigned when its statement runs, where a declaration is hoisted, so only
 * the declarations before the first top-level statement that may run code
 * are changed ({@link isInert}: until then nothing can call them, and after
 * it they all have their functions). In the bundle that statement is the
 * entry's first call, after every module's code.
 *
 * The source map's columns are moved with the code.
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
  /** How many function declarations became eagerly compiled expressions. */
  declarations: number;
  /** The first statement that may run code (declarations after it are left as they are). */
  stoppedAt: string;
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
  options: { declarations?: boolean } = { declarations: true },
): EagerResult {
  let declarations = 0;
  let stoppedAt = "";
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
  if (options.declarations) {
    // A top-level function declaration of those modules becomes
    // `var f=(function f(){...});`. Only before the first statement that
    // may run code: until then nothing can call one, and after it every
    // such var has its function (a declaration is hoisted, a var is not).
    const exportHelper = helperNamed(js, ast, EXPORT_HELPER);
    const declared = new Set<string>();
    for (const st of ast.body) {
      if (st.type === "FunctionDeclaration" || st.type === "ClassDeclaration") {
        declared.add(st.id.name);
      }
      if (st.type === "VariableDeclaration") {
        for (const d of st.declarations) if (d.id.type === "Identifier") declared.add(d.id.name);
      }
    }
    for (const st of ast.body) {
      if (st.type !== "FunctionDeclaration") {
        if (isInert(st, esm, exportHelper, declared)) continue;
        stoppedAt = js.slice(st.start, Math.min(st.end, st.start + 80));
        break;
      }
      const source = sourceAt(st.start);
      if (source === null || !wanted.has(source)) continue;
      inserts.push({ at: st.start, remove: 0, text: `var ${st.id.name}=(` });
      inserts.push({ at: st.end, remove: 0, text: ");" });
      declarations++;
    }
  }
  if (marked.length === 0) {
    throw new Error("eager compile: no module body of the wanted modules found in the bundle");
  }

  // Apply from the end; move the map's generated columns on the same line.
  // At one position, a closing `)` of the code before it goes before an
  // opening of the code after it: applied from the end, the opening first.
  const closing = (t: string) => t.startsWith(")");
  inserts.sort((a, b) => b.at - a.at || Number(closing(a.text)) - Number(closing(b.text)));
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
  return { js: out, map: JSON.stringify(map), marked: marked.sort(), declarations, stoppedAt };
}

/** esbuild's `__esm` helper: `var _=(n,t)=>()=>(n&&(t=n(n=0)),t)`. */
const ESM_HELPER = /^\(([\w$]+),([\w$]+)\)=>\(\)=>\(\1&&\(\2=\1\(\1=0\)\),\2\)$/;
/** esbuild's `__export` helper: `var G=(n,t)=>{for(var e in t)Yo(n,e,{get:t[e],enumerable:!0})}`. */
const EXPORT_HELPER =
  /^\(([\w$]+),([\w$]+)\)=>\{for\(var([\w$]+)in\2\)[\w$]+\(\1,\3,\{get:\2\[\3\],enumerable:!0\}\)\}$/;

/** The name esbuild gave its `__esm` helper. */
// deno-lint-ignore no-explicit-any
function esmHelper(js: string, ast: any): string | null {
  return helperNamed(js, ast, ESM_HELPER);
}

/** The name of the top-level arrow function whose text (spaces removed) matches `shape`. */
// deno-lint-ignore no-explicit-any
function helperNamed(js: string, ast: any, shape: RegExp): string | null {
  for (const st of ast.body) {
    if (st.type !== "VariableDeclaration") continue;
    for (const d of st.declarations) {
      if (d.init?.type !== "ArrowFunctionExpression") continue;
      const text = js.slice(d.init.start, d.init.end).replace(/\s+/g, "");
      if (shape.test(text)) return d.id.name;
    }
  }
  return null;
}

/**
 * Whether a top-level statement surely runs no code of the program when the
 * bundle is evaluated: declarations whose values are functions, literals,
 * esbuild's module wrappers, and its export helper's calls (getters).
 */
function isInert(
  // deno-lint-ignore no-explicit-any
  st: any,
  esm: string,
  exportHelper: string | null,
  declared: ReadonlySet<string>,
): boolean {
  // A global (not a name the bundle declares): the runtime's, not the program's.
  // deno-lint-ignore no-explicit-any
  const global = (e: any): boolean =>
    (e.type === "Identifier" && !declared.has(e.name)) ||
    (e.type === "MemberExpression" && !e.computed && global(e.object));
  // deno-lint-ignore no-explicit-any
  const data = (e: any): boolean =>
    e.type === "Literal" || (e.type === "TemplateLiteral" && e.expressions.length === 0) ||
    (e.type === "UnaryExpression" && e.operator !== "delete" && data(e.argument)) ||
    (e.type === "ArrayExpression" && e.elements.every((x: unknown) => x !== null && data(x))) ||
    (e.type === "ObjectExpression" &&
      e.properties.every((p: { type: string; computed: boolean; value: unknown }) =>
        p.type === "Property" && !p.computed && data(p.value)
      ));
  // deno-lint-ignore no-explicit-any
  const pure = (e: any): boolean => {
    if (e === null) return true;
    switch (e.type) {
      case "Literal":
      case "ArrowFunctionExpression":
      case "FunctionExpression":
        return true;
      case "TemplateLiteral":
        return e.expressions.length === 0;
      case "UnaryExpression":
        return pure(e.argument) && e.operator !== "delete";
      case "ArrayExpression":
        return e.elements.every(pure);
      case "ObjectExpression":
        return e.properties.every((p: { type: string; computed: boolean; value: unknown }) =>
          p.type === "Property" && !p.computed && pure(p.value)
        );
      case "MemberExpression":
        return global(e);
      case "CallExpression":
      case "NewExpression":
        // esbuild's wrapper only keeps its function; a global (`Symbol`,
        // `new TextEncoder`) may call back the functions it is given, so it
        // is given data only.
        if (e.callee.type === "Identifier" && e.callee.name === esm) {
          return e.arguments.every(pure);
        }
        return global(e.callee) && e.arguments.every(data);
      default:
        return false;
    }
  };
  switch (st.type) {
    case "FunctionDeclaration":
      return true;
    case "VariableDeclaration":
      return st.declarations.every((d: { id: { type: string }; init: unknown }) =>
        d.id.type === "Identifier" && pure(d.init)
      );
    case "ExpressionStatement": {
      const e = st.expression;
      return exportHelper !== null && e.type === "CallExpression" &&
        e.callee.type === "Identifier" && e.callee.name === exportHelper &&
        e.arguments.every((a: { type: string }) => a.type === "Identifier" || pure(a));
    }
    default:
      return false;
  }
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
