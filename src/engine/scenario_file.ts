/**
 * Finding the scenario a run is asked to play: `builtin`, a NAME (a file of
 * `.taskline/scenarios/`), or a file inside `.taskline/` (taskline reads
 * nothing else). `taskline run --scenario`, `POST /api/tasks/{ref}/run` and
 * the terminal UI name scenarios the same way.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import { orNotFound, type StateDir } from "../store/state_dir.ts";
import { BUILTIN_SCENARIO } from "../../scenarios/builtin.ts";
import { parseScenario, type Scenario } from "./scenario.ts";

/** Options of {@link loadScenario}. */
export interface LoadScenarioOptions {
  /**
   * Reads the scenario text for `-` (the CLI's stdin). Default none: `-` is
   * refused as a usage error.
   */
  readStdin?: () => Promise<string>;
  /**
   * Only files of `.taskline/scenarios/` (the run route: `.taskline/` also
   * holds the server's token and the NATS credentials, which a request must
   * not get read, even as the first character of a parse error).
   */
  scenariosOnly?: boolean;
}

/**
 * Reads and checks a named scenario.
 *
 * @throws TasklineError `usage` for a path outside the state directory, one
 * that is not a regular file (a FIFO would block the read) or cannot be read,
 * or a scenario that does not check; `not-found` for a missing file.
 *
 * @example
 * ```ts
 * const scenario = await loadScenario(state, "quick"); // .taskline/scenarios/quick.jsonc
 * ```
 */
export async function loadScenario(
  state: StateDir,
  value: string,
  options: LoadScenarioOptions = {},
): Promise<Scenario> {
  if (value === "builtin") return BUILTIN_SCENARIO;
  if (value === "-") {
    if (!options.readStdin) {
      throw new TasklineError(
        "usage",
        'Cannot read the scenario "-" here: name a scenario of .taskline/scenarios/ or "builtin"',
      );
    }
    return await parseScenario(await options.readStdin(), "on stdin");
  }
  let path = value;
  if (!value.includes("/") && !/\.jsonc?$/.test(value)) {
    path = `${state.root}/scenarios/${value}.jsonc`;
  }
  const normalized = path.replace(/^\.\//, "");
  const root = state.root.replace(/^\.\//, "");
  if (!(normalized.startsWith(`${root}/`)) || normalized.split("/").includes("..")) {
    throw new TasklineError(
      "usage",
      `Cannot read scenario ${
        value.slice(0, 200)
      }: taskline reads only inside ${root}/; put it in ${root}/scenarios/ or pass it on stdin with \`--scenario -\``,
    );
  }
  let text: string;
  try {
    // A link inside the state directory that leads out of it is not followed: Deno's
    // path permissions would let it through.
    const missing = `Cannot read scenario ${normalized}: no such file`;
    const [real, realRoot] = await Promise.all([
      orNotFound(Deno.realPath(normalized), missing),
      Deno.realPath(state.root),
    ]);
    if (!real.startsWith(`${realRoot}/`)) {
      throw new TasklineError(
        "usage",
        `Cannot read scenario ${normalized}: it leads outside ${root}/`,
      );
    }
    if (options.scenariosOnly && !real.startsWith(`${realRoot}/scenarios/`)) {
      throw new TasklineError(
        "usage",
        `Cannot read scenario ${normalized}: a run request plays only scenarios of ${root}/scenarios/`,
      );
    }
    // Opening a FIFO would wait for a writer, for ever (and a directory is no scenario).
    if (!(await orNotFound(Deno.stat(real), missing)).isFile) {
      throw new TasklineError(
        "usage",
        `Cannot read scenario ${normalized}: it is not a regular file`,
      );
    }
    text = await orNotFound(Deno.readTextFile(real), missing);
  } catch (e) {
    if (e instanceof TasklineError) throw e;
    if (e instanceof Deno.errors.NotADirectory) {
      throw new TasklineError("not-found", `Cannot read scenario ${normalized}: no such file`);
    }
    // What the request named cannot be read: the request's problem, not the server's.
    throw new TasklineError("usage", `Cannot read scenario ${normalized}: ${(e as Error).message}`);
  }
  return await parseScenario(text, normalized);
}
