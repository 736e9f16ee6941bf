/**
 * The web client's modules as the browser gets them: each module of
 * client_modules.ts with its types stripped (`stripTypeScriptTypes` of
 * `node:module`, which only blanks the types out: lines and columns stay
 * those of the source), at `/modules/<version>/<path under src/>`. The
 * layout under the version is src/'s, so the browser resolves the modules'
 * relative imports (`../../views/units.ts`) as written; it goes by the
 * content type, not by the `.ts` of the name.
 *
 * They are made at the first request that needs them and kept. The version
 * is a hash of all of them: a changed client gets new addresses, so each
 * answer may be cached for good (`immutable`).
 *
 * The client must use only TypeScript that stripping can take away (no
 * `enum`, no parameter properties, no `namespace` with values): its
 * deno.json has `erasableSyntaxOnly`, and tests/web_modules_test.ts strips
 * every module and loads the page in a browser.
 *
 * @module
 */

/** Where the modules are served; the server routes every path under it here. */
export const MODULES_PREFIX = "/modules/";

/** One module, ready to send. */
interface ServedModule {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** The client's modules, stripped, and their addresses. */
export interface ClientModules {
  /** `/modules/<version>/`: the path of src/ for the browser. */
  base: string;
  /** The address of the module that starts the client. */
  entry: string;
  /** Path under src/ -> the module as sent. */
  files: ReadonlyMap<string, ServedModule>;
}

let built: Promise<ClientModules> | undefined;

/**
 * The client's modules, made at the first call and kept (about 35 ms once:
 * 15-25 ms to load `node:module`, 5-8 ms to strip the 25 modules).
 * Rejects, naming the module, when one holds TypeScript that stripping
 * cannot remove.
 */
export function clientModules(): Promise<ClientModules> {
  built ??= build();
  return built;
}

async function build(): Promise<ClientModules> {
  // The types of sources.ts, not the module: Deno's type check follows its
  // text imports into the client's modules and would check them again
  // without the DOM library, where they are also checked as themselves.
  const { CLIENT_ENTRY, CLIENT_SOURCES } = await (
    // @ts-types="./client/sources.d.ts"
    import("./client/sources.ts")
  );
  const enc = new TextEncoder();
  const files = new Map<string, ServedModule>();
  const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
    hex(await crypto.subtle.digest("SHA-256", bytes));
  const tags: string[] = [];
  for (const [path, source] of Object.entries(CLIENT_SOURCES).sort(([a], [b]) => a < b ? -1 : 1)) {
    const body: Uint8Array<ArrayBuffer> = enc.encode(await stripModule(path, source));
    const tag = (await sha256(body)).slice(0, 32);
    files.set(path, { body, etag: `"${tag}"` });
    tags.push(`${path} ${tag}`);
  }
  const version = (await sha256(enc.encode(tags.join("\n")))).slice(0, 16);
  const base = `${MODULES_PREFIX}${version}/`;
  return { base, entry: `${base}${CLIENT_ENTRY}`, files };
}

/**
 * A module's TypeScript source with its types blanked out (`path`, under
 * src/, names it in the error). Rejects on syntax that stripping cannot
 * remove (an `enum`, a parameter property).
 *
 * @example
 * ```ts
 * await stripModule("web/client/x.ts", "export const n: number = 1;"); // "export const n         = 1;"
 * ```
 */
export async function stripModule(path: string, source: string): Promise<string> {
  // Loaded here, not at start-up: only a server asked for the page needs it.
  const { stripTypeScriptTypes } = await import("node:module");
  try {
    return stripTypeScriptTypes(source, { mode: "strip" });
  } catch (e) {
    throw new Error(
      `the web client's module src/${path} cannot be served: ${(e as Error).message}`,
    );
  }
}

function hex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The answer to a `GET` or `HEAD` of a path under {@link MODULES_PREFIX}
 * (still percent-encoded, as sent): the module, 304 when `If-None-Match`
 * names it, or null when there is no such module (another version
 * included).
 */
export async function webModule(req: Request, rawPath: string): Promise<Response | null> {
  const modules = await clientModules();
  if (!rawPath.startsWith(modules.base)) return null;
  const file = modules.files.get(rawPath.slice(modules.base.length));
  if (file === undefined) return null;
  const headers = {
    "content-type": "text/javascript; charset=utf-8",
    "cache-control": "public, max-age=31536000, immutable",
    etag: file.etag,
    "x-content-type-options": "nosniff",
  };
  const asked = req.headers.get("if-none-match");
  if (asked !== null && asked.split(",").some((t) => t.trim().replace(/^W\//, "") === file.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(file.body, { headers });
}
