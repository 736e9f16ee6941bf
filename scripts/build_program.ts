/**
 * Builds the program that is installed: `deno bundle` of main.ts into one
 * ES module, `build/taskline.js` with its source map (an ignored folder,
 * made again at each `deno task install` and `deno task compile`, which
 * install that file; `deno task bench` measures it). The sources run as
 * written everywhere else (`deno task taskline`, the tests, the demo).
 *
 * Why a bundle: `deno run` walks the whole module graph at every start, the
 * commands loaded lazily included (over a hundred modules: about 7 ms
 * before the first line runs), and loads each module that runs on its own
 * (another 5 ms for `events`); one file costs about 1 ms of both. The npm
 * packages (the NATS client, ajv) stay outside it, loaded by a dynamic
 * import where a command needs them, so that a start never loads them.
 *
 * ```sh
 * deno task build    # what install and compile do first
 * ```
 *
 * @module
 */

import { eagerCompile } from "./eager_compile.ts";

/** The folder of the build (in .gitignore), relative to the repository. */
export const BUILD_DIR = "build";
/** The bundle, relative to the repository. */
export const PROGRAM_BUNDLE = `${BUILD_DIR}/taskline.js`;
/** Its source map (stack traces name the source files and lines). */
export const PROGRAM_MAP = `${BUILD_DIR}/taskline.js.map`;

/** The npm packages the program imports, kept out of the bundle. */
const EXTERNAL = ["ajv", "ajv/*", "@nats-io/*"];

const ROOT = new URL("../", import.meta.url);

/** The command whose modules are compiled with the bundle (see scripts/eager_compile.ts). */
const EAGER_ENTRY = "src/cli/cmd_events.ts";

/** The repository's modules that {@link EAGER_ENTRY} loads (`deno info`), as `src/...` paths. */
export async function eagerModules(): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", EAGER_ENTRY],
    cwd: ROOT,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) throw new Error(`deno info failed: ${new TextDecoder().decode(out.stderr)}`);
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    modules: { specifier: string }[];
  };
  const root = ROOT.href;
  return new Set(
    info.modules.map((m) => m.specifier).filter((s) => s.startsWith(root)).map((s) =>
      s.slice(root.length)
    ),
  );
}

/** The bundle's two files, as the sources make them now. */
export interface ProgramBundle {
  /** build/taskline.js. */
  js: string;
  /** build/taskline.js.map. */
  map: string;
}

/**
 * build/taskline.js and its map, made from the sources now. Minified (names
 * kept): half the bytes, a millisecond less at every start; the map, which
 * the runtime reads only to print a stack trace, names the sources.
 */
export async function programBundle(): Promise<ProgramBundle> {
  const raw = await rawProgramBundle();
  const eager = eagerCompile(raw.js, raw.map, await eagerModules());
  return { js: eager.js, map: eager.map };
}

/** The bundle as `deno bundle` makes it, before {@link eagerCompile}. */
export async function rawProgramBundle(): Promise<ProgramBundle> {
  // deno bundle writes an ES module only to a file: one of its own in build/.
  await Deno.mkdir(new URL(`${BUILD_DIR}/`, ROOT), { recursive: true });
  const name = `.bundle-${Deno.pid}-${crypto.randomUUID()}.js`;
  const tmp = new URL(`${BUILD_DIR}/${name}`, ROOT).pathname;
  try {
    return await bundleTo(tmp, name);
  } finally {
    await Deno.remove(tmp).catch(() => {});
    await Deno.remove(`${tmp}.map`).catch(() => {});
  }
}

async function bundleTo(tmp: string, name: string): Promise<ProgramBundle> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "bundle",
      "--quiet",
      "--platform",
      "deno",
      "--format",
      "esm",
      "--minify",
      "--keep-names",
      "--sourcemap",
      "linked",
      ...EXTERNAL.flatMap((e) => ["--external", e]),
      "--output",
      tmp,
      "main.ts",
    ],
    cwd: ROOT,
    stdin: "null",
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!out.success) {
    throw new Error(`deno bundle failed: ${new TextDecoder().decode(out.stderr)}`);
  }
  let js = await Deno.readTextFile(tmp);
  // A static import of a package would load it at every start; code of a
  // package bundled in (its `require`s) would load Node's compatibility layer.
  const statics = [...js.matchAll(/(?:^|[;\n])\s*import\s*(?:[\w$*{}\s,]+from\s*)?"([^"]+)"/g)]
    .map((m) => m[1])
    .filter((spec) => !spec.startsWith("."));
  if (statics.length > 0 || /\bcreateRequire\b/.test(js)) {
    throw new Error(
      `the bundle loads a package at start-up (${
        statics.join(", ") || "createRequire"
      }): import it with a dynamic import() where it is needed`,
    );
  }
  const mapLine = `//# sourceMappingURL=${name}.map`;
  if (!js.includes(mapLine)) throw new Error("deno bundle wrote no source map link");
  // The note goes at the end: a line put before the code would move every
  // mapped position.
  js = js.replace(
    mapLine,
    "// Generated by scripts/build_program.ts (deno task build, install, compile) from main.ts.\n" +
      "//# sourceMappingURL=taskline.js.map",
  );
  return { js, map: await Deno.readTextFile(`${tmp}.map`) };
}

/**
 * Builds build/taskline.js and its map from the sources now; returns the
 * bundle's absolute path. Each file is written beside its place and renamed
 * into it, so that a build running at the same time (tests install too)
 * never leaves a half-written file to a start.
 */
export async function buildProgram(): Promise<string> {
  const b = await programBundle();
  const put = async (rel: string, text: string) => {
    const path = new URL(rel, ROOT).pathname;
    const tmp = `${path}.${Deno.pid}-${crypto.randomUUID()}.tmp`;
    await Deno.writeTextFile(tmp, text);
    await Deno.rename(tmp, path);
  };
  // The map first: the bundle names it.
  await put(PROGRAM_MAP, b.map);
  await put(PROGRAM_BUNDLE, b.js);
  return new URL(PROGRAM_BUNDLE, ROOT).pathname;
}

if (import.meta.main) {
  const path = await buildProgram();
  console.log(`wrote ${path} (${(await Deno.stat(path)).size} bytes) and its map`);
}
