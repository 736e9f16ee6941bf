/**
 * The layers of src/ point down (README, Layout): a module imports only its
 * own layer's modules and those of layers below it, and no surface imports
 * another surface. Read from the import statements of every module.
 */
import { assertEquals } from "./assert.ts";

/** Each directory of src/ and its height; surfaces share one height. */
const HEIGHT: Record<string, number> = {
  "errors.ts": 0,
  "sandbox.ts": 0,
  contract: 1,
  codec: 2,
  store: 3,
  producers: 3,
  follow: 4,
  views: 5,
  engine: 5,
  fleet: 5,
  cli: 6,
  server: 6,
  tui: 6,
  web: 6,
  app: 7,
};

async function* modules(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) yield* modules(path);
    else if (path.endsWith(".ts") && !path.endsWith("_test.ts")) yield path;
  }
}

/** The top directory of src/ a path is in ("src/follow/log_tail.ts" is in "follow"). */
function layerOf(path: string): string {
  return path.split("/")[1];
}

Deno.test("layers point down: no module imports a layer above its own, no surface another surface", async () => {
  const wrong: string[] = [];
  let imports = 0;
  for await (const path of modules("src")) {
    const from = layerOf(path);
    const text = await Deno.readTextFile(path);
    for (const m of text.matchAll(/(?:\bfrom|\bimport\(?)\s*"(\.\.?\/[^"]+)"/g)) {
      imports++;
      const target = new URL(m[1], `file:///${path}`).pathname.slice(1);
      // Data outside src/ (the built-in scenarios) belongs to no layer.
      if (!target.startsWith("src/")) continue;
      const to = layerOf(target);
      if (to === from) continue;
      const h = HEIGHT[from];
      const t = HEIGHT[to];
      if (h === undefined || t === undefined) {
        wrong.push(`${path}: ${m[1]} (a layer not in README)`);
      } else if (t >= h) wrong.push(`${path} imports ${target}`);
    }
  }
  assertEquals(wrong, []);
  // The scan read the imports (a broken pattern would pass with none).
  if (imports < 500) throw new Error(`only ${imports} imports read`);
});
