/**
 * The name a project ships under.
 *
 * @module
 */
import type { StateDir } from "../store/state_dir.ts";
import { checkProject, projectFromDirName } from "./wire.ts";

/**
 * `--project`, else `fleet.project` of `config.jsonc`, else the name of the
 * directory that holds `.taskline/` (made fit for a subject).
 *
 * @example
 * ```ts
 * await projectName(new StateDir(), { given: undefined, configured: null }); // "my-repo"
 * ```
 */
export async function projectName(
  state: StateDir,
  o: { given?: string; configured: string | null },
): Promise<string> {
  if (o.given !== undefined) return checkProject(o.given);
  if (o.configured !== null) return checkProject(o.configured);
  // The real path of .taskline is readable with the shipped permissions; the
  // working directory itself is not.
  const abs = await Deno.realPath(state.root);
  const parts = abs.split("/").filter((p) => p !== "");
  return projectFromDirName(parts[parts.length - 2] ?? "project");
}
