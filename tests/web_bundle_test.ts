/**
 * The page's script is the bundle of src/web/client/: the committed
 * src/web/client_bundle.ts is what `deno task bundle-web` makes from the
 * sources now (a change to the client, or to a part of src/views/ it
 * imports, without a new bundle fails here), and nothing in src/ opts out of
 * type checking.
 */
import { assert, assertEquals } from "./assert.ts";
import { REPO } from "./helpers.ts";
import { BUNDLE_MODULE, bundleModuleText } from "../src/web/bundle.ts";

Deno.test("web bundle: the committed bundle is the one the client's sources make", async () => {
  const committed = await Deno.readTextFile(`${REPO}/${BUNDLE_MODULE}`);
  const fresh = await bundleModuleText();
  assert(
    committed === fresh,
    `${BUNDLE_MODULE} is stale: run \`deno task bundle-web\` and commit it`,
  );
});

Deno.test("web bundle: no file of src/ turns type checking off", async () => {
  const found: string[] = [];
  const walk = async (dir: string) => {
    for await (const e of Deno.readDir(dir)) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) await walk(path);
      else if (/\.tsx?$/.test(e.name) && (await Deno.readTextFile(path)).includes("@ts-nocheck")) {
        found.push(path.slice(REPO.length + 1));
      }
    }
  };
  await walk(`${REPO}/src`);
  assertEquals(found, []);
});

Deno.test("web bundle: the client is checked with the DOM library, and only the client", async () => {
  // src/web/client/ is a workspace member whose compilerOptions add the DOM library, so
  // `deno check src/` checks it against the browser's types while the server's code keeps
  // Deno's alone.
  const root = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`));
  assert(root.workspace?.includes("./src/web/client"), "src/web/client is a workspace member");
  assertEquals(root.compilerOptions.lib, undefined);
  const client = JSON.parse(await Deno.readTextFile(`${REPO}/src/web/client/deno.json`));
  assert(client.compilerOptions.lib.includes("dom"), "the client's lib has the DOM");
  // The bundle runs in a browser: no Deno namespace, no import left.
  const { CLIENT_JS } = await import("../src/web/client_bundle.ts");
  assertEquals(CLIENT_JS.match(/\bDeno\.[a-zA-Z]+/g), null);
  assertEquals(CLIENT_JS.match(/^\s*import\b/m), null);
});

Deno.test("web bundle: the client never parses text as HTML", async () => {
  // Log text reaches the DOM as Text nodes and textContent only (src/web/client/dom.ts).
  const { CLIENT_JS } = await import("../src/web/client_bundle.ts");
  const sinks =
    /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|srcdoc)\b/g;
  assertEquals(CLIENT_JS.match(sinks), null);
});
