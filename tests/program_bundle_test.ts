/**
 * The shipped program is the bundle of the sources: the committed
 * dist/taskline.js is what `deno task bundle` makes from src/ now (a change
 * to src/ without a new bundle fails here), and main.ts runs it. Making the
 * bundle fails when it would load an npm package at start-up.
 */
import { assert, assertStringIncludes } from "./assert.ts";
import { MAIN, REPO } from "./helpers.ts";
import { PROGRAM_BUNDLE, PROGRAM_MAP, programBundle } from "../scripts/bundle_program.ts";

Deno.test("program bundle: the committed bundle is the one the sources make", async () => {
  const fresh = await programBundle();
  const stale = "is stale: run `deno task bundle` and commit it";
  assert(
    await Deno.readTextFile(`${REPO}/${PROGRAM_BUNDLE}`) === fresh.js,
    `${PROGRAM_BUNDLE} ${stale}`,
  );
  assert(
    await Deno.readTextFile(`${REPO}/${PROGRAM_MAP}`) === fresh.map,
    `${PROGRAM_MAP} ${stale}`,
  );
});

Deno.test("program bundle: main.ts runs the bundle, not the sources", async () => {
  const main = await Deno.readTextFile(MAIN);
  assertStringIncludes(main, `from "./${PROGRAM_BUNDLE}"`);
  assert(!/from "\.\/src\//.test(main), "main.ts imports no source module");
});
