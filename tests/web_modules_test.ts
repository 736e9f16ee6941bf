/**
 * The web client runs as written: the server sends each of its TypeScript
 * modules with the types stripped, at `/modules/<version>/<path under src/>`.
 * Every module that the client's entry reaches is served (and nothing else),
 * each strips, parses as a module and loads in Chromium with no console
 * error and no content security policy violation; and nothing in src/ opts
 * out of type checking.
 */
import * as acorn from "acorn";
import { assert, assertEquals, assertMatch, assertStringIncludes } from "./assert.ts";
import { REPO, tempProject } from "./helpers.ts";
import { launchBrowser, startServer } from "./web_browser.ts";
import { rawGet } from "./serve_util.ts";
import { clientModules, MODULES_PREFIX, stripModule } from "../src/web/modules.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const dec = new TextDecoder();

/** The module specifiers a module's JavaScript imports (static, re-exports, dynamic). */
function importsOf(js: string): string[] {
  // deno-lint-ignore no-explicit-any
  const ast = acorn.parse(js, { ecmaVersion: "latest", sourceType: "module" }) as any;
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    // deno-lint-ignore no-explicit-any
    const n = node as any;
    if (
      (n.type === "ImportDeclaration" || n.type === "ExportNamedDeclaration" ||
        n.type === "ExportAllDeclaration" || n.type === "ImportExpression") && n.source
    ) {
      if (n.source.type !== "Literal") throw new Error("an import whose specifier is not a string");
      out.push(n.source.value);
    }
    for (const [k, v] of Object.entries(n)) if (k !== "source") walk(v);
  };
  walk(ast);
  return out;
}

/** Every module the client's entry reaches from the files on disk, as paths under src/. */
async function reachable(): Promise<string[]> {
  const seen = new Set<string>();
  const todo = ["web/client/main.ts"];
  while (todo.length > 0) {
    const path = todo.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const js = await stripModule(path, await Deno.readTextFile(`${REPO}/src/${path}`));
    for (const spec of importsOf(js)) {
      assert(spec.startsWith("./") || spec.startsWith("../"), `src/${path} imports ${spec}`);
      const target = new URL(spec, `file:///src/${path}`).pathname.slice("/src/".length);
      todo.push(target);
    }
  }
  return [...seen].sort();
}

Deno.test("web modules: every module the client's entry imports is served, and no other", async () => {
  const modules = await clientModules();
  const served = [...modules.files.keys()].sort();
  const wanted = await reachable();
  assertEquals(
    served,
    wanted,
    "src/web/client/sources.ts must list exactly the modules the client imports",
  );
  assert(wanted.includes("views/trace_pair.ts") && wanted.length > 20, wanted.join(", "));
  assertMatch(modules.base, /^\/modules\/[0-9a-f]{16}\/$/);
  assertEquals(modules.entry, `${modules.base}web/client/main.ts`);
  // What is served is the source of now, stripped.
  for (const path of served) {
    const js = dec.decode(modules.files.get(path)!.body);
    assertEquals(js, await stripModule(path, await Deno.readTextFile(`${REPO}/src/${path}`)));
  }
});

Deno.test("web modules: each is JavaScript that parses as a module, names no Deno API and parses no text as HTML", async () => {
  const { files } = await clientModules();
  const sinks =
    /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment|DOMParser|srcdoc)\b/g;
  for (const [path, file] of files) {
    const js = dec.decode(file.body);
    // Its code without its comments (which may name what the code must not do).
    const comments: [number, number][] = [];
    acorn.parse(js, {
      ecmaVersion: "latest",
      sourceType: "module",
      onComment: (_block, _text, start, end) => comments.push([start, end]),
    });
    let code = js;
    for (const [start, end] of comments.reverse()) {
      code = code.slice(0, start) + " ".repeat(end - start) + code.slice(end);
    }
    // Types were stripped: the browser gets plain JavaScript.
    assert(
      !/\): (string|number|void|Promise<)/.test(code),
      `src/${path} has type annotations left`,
    );
    assertEquals(code.match(/\bDeno\.[a-zA-Z]+/g), null, `src/${path} uses Deno's API`);
    // Log text reaches the DOM as Text nodes and textContent only (src/web/client/dom.ts).
    assertEquals(code.match(sinks), null, `src/${path} parses text as HTML`);
  }
});

Deno.test("web modules: a module with TypeScript that stripping cannot remove is named", async () => {
  for (
    const source of ["export enum Tone { Ok }", "class A { constructor(readonly n: number) {} }"]
  ) {
    let message = "";
    try {
      await stripModule("web/client/x.ts", source);
    } catch (e) {
      message = (e as Error).message;
    }
    assertStringIncludes(message, "src/web/client/x.ts cannot be served");
  }
});

Deno.test(
  "web modules: the server sends each with its type and caching; other paths, versions and methods are refused",
  sanitize,
  async () => {
    await using project = await tempProject();
    await using server = await startServer(project.dir);
    const page = await fetch(server.url);
    const html = await page.text();
    const entry = /<script type="module" nonce="[^"]+" src="([^"]+)"><\/script>/.exec(html)?.[1];
    assert(entry, html);
    const base = entry.slice(0, entry.indexOf("web/client/main.ts"));
    assertMatch(base, /^\/modules\/[0-9a-f]{16}\/$/);
    const { files } = await clientModules();
    for (const [path, file] of files) {
      // No token: the page's own modules are no secret (the Host is still checked).
      const res = await fetch(new URL(`${base}${path}`, server.url));
      assertEquals(res.status, 200, path);
      assertEquals(res.headers.get("content-type"), "text/javascript; charset=utf-8");
      assertEquals(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
      assertEquals(res.headers.get("x-content-type-options"), "nosniff");
      assertEquals(res.headers.get("etag"), file.etag);
      assertEquals(new Uint8Array(await res.arrayBuffer()), file.body, path);
    }
    const main = new URL(entry, server.url);
    const again = await fetch(main, {
      headers: { "if-none-match": files.get("web/client/main.ts")!.etag },
    });
    assertEquals(again.status, 304);
    assertEquals(await again.text(), "");
    const head = await fetch(main, { method: "HEAD" });
    assertEquals(head.status, 200);
    assertEquals(await head.text(), "");
    const refused = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(new URL(path, server.url), init);
      await res.body?.cancel();
      return res.status;
    };
    assertEquals(await refused(`${base}web/client/nope.ts`), 404);
    assertEquals(await refused(`${base}cli/main.ts`), 404, "only the client's modules");
    assertEquals(await refused(`${base}web/client/main.ts/`), 404);
    assertEquals(await refused(`${MODULES_PREFIX}0000000000000000/web/client/main.ts`), 404);
    assertEquals(await refused(MODULES_PREFIX), 404);
    assertEquals(await refused(entry, { method: "POST", body: "" }), 405);
    // Another site's page (Origin) or a name that resolves to loopback (Host) is refused.
    const host = `127.0.0.1:${server.port}`;
    assertEquals((await rawGet(server.port, entry, { Host: host })).status, 200);
    assertEquals(
      (await rawGet(server.port, entry, { Host: `evil.example:${server.port}` })).status,
      403,
    );
    assertEquals(
      (await rawGet(server.port, entry, { Host: host, Origin: "http://evil.example" })).status,
      403,
    );
  },
);

Deno.test(
  "web modules: the page loads every module in Chromium under its nonce, with no error",
  sanitize,
  async () => {
    await using project = await tempProject();
    await using server = await startServer(project.dir);
    await using browser = await launchBrowser();
    const { page } = browser;
    const statuses = new Map<string, number>();
    page.on("response", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith(MODULES_PREFIX)) statuses.set(path, r.status());
    });
    await page.addInitScript(() => {
      // deno-lint-ignore no-explicit-any
      const w = globalThis as any;
      w.__violations = [];
      w.document.addEventListener(
        "securitypolicyviolation",
        // deno-lint-ignore no-explicit-any
        (e: any) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    await page.goto(`${server.url}#token=${server.token}`);
    await page.waitForSelector('#conn[data-state="live"]', { timeout: 20_000 }).catch((e) => {
      throw new Error(
        `the page did not start: ${e.message}\nmodules: ${JSON.stringify([...statuses])}\n${
          browser.errors.join("\n")
        }`,
      );
    });
    const { base, files } = await clientModules();
    const loaded = [...statuses.keys()].map((p) => p.slice(base.length)).sort();
    assertEquals(loaded, [...files.keys()].sort(), "every module was asked for once");
    assertEquals([...new Set(statuses.values())], [200]);
    assertEquals(
      await page.evaluate(() => (globalThis as { __violations?: string[] }).__violations),
      [],
    );
    assertEquals(browser.errors, []);
  },
);

Deno.test("web modules: no file of src/ turns type checking off", async () => {
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

Deno.test("web modules: the client is checked with the DOM library and only erasable TypeScript, and only the client", async () => {
  // src/web/client/ is a workspace member whose compilerOptions add the DOM library, so
  // `deno check src/` checks it against the browser's types while the server's code keeps
  // Deno's alone; erasableSyntaxOnly refuses what stripping cannot remove, and
  // verbatimModuleSyntax a type imported as a value (the browser would ask for it).
  const root = JSON.parse(await Deno.readTextFile(`${REPO}/deno.json`));
  assert(root.workspace?.includes("./src/web/client"), "src/web/client is a workspace member");
  assertEquals(root.compilerOptions.lib, undefined);
  const client = JSON.parse(await Deno.readTextFile(`${REPO}/src/web/client/deno.json`));
  assert(client.compilerOptions.lib.includes("dom"), "the client's lib has the DOM");
  assertEquals(client.compilerOptions.erasableSyntaxOnly, true);
  assertEquals(client.compilerOptions.verbatimModuleSyntax, true);
});
