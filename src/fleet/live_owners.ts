/**
 * Which task of a replica an ephemeral event may speak in (`mirror --live`):
 * the ids of the replica's tasks, from their `task.json` as found at the
 * start and as written since.
 *
 * @module
 */
import { readRegularFileSync } from "../store/log_file.ts";
import type { StateDir } from "../store/state_dir.ts";
import { type Reports, shown } from "./reports.ts";

/**
 * The ids of the replica's tasks, and the events each subject may hand on.
 *
 * @example
 * ```ts
 * const owners = new LiveOwners(state, reports);
 * owners.indexTasks();
 * if (owners.owns(msg.subject, env.task)) fan.send(env);
 * ```
 */
export class LiveOwners {
  readonly #state: StateDir;
  readonly #reports: Reports;

  /** `reports`: tells of an event that is not handed on (once a subject and id). */
  constructor(state: StateDir, reports: Reports) {
    this.#state = state;
    this.#reports = reports;
  }

  /** Each task directory's id. */
  readonly #dirIds = new Map<string, string>();
  /** The task directories of each id. */
  readonly #idDirs = new Map<string, Set<string>>();

  /** Reads the id of every task directory of the replica. */
  indexTasks(): void {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(this.#state.tasksDir)];
    } catch {
      return; // none yet
    }
    for (const e of entries) {
      if (!e.isDirectory) continue;
      try {
        const bytes = readRegularFileSync(this.#state.taskJsonPath(e.name), {
          root: this.#state.root,
        });
        if (bytes) this.indexTask(e.name, bytes);
      } catch { /* not a task: holds no id */ }
    }
  }

  /** Notes the id that `task.json` bytes give a task directory. */
  indexTask(mdir: string, bytes: Uint8Array): void {
    let id: unknown;
    try {
      id = JSON.parse(new TextDecoder().decode(bytes))?.id;
    } catch { /* no id */ }
    const old = this.#dirIds.get(mdir);
    if (old !== undefined) {
      this.#idDirs.get(old)?.delete(mdir);
      if (this.#idDirs.get(old)?.size === 0) this.#idDirs.delete(old);
      this.#dirIds.delete(mdir);
    }
    if (typeof id !== "string") return;
    this.#dirIds.set(mdir, id);
    let dirs = this.#idDirs.get(id);
    if (!dirs) this.#idDirs.set(id, dirs = new Set());
    dirs.add(mdir);
  }

  /**
   * Whether an ephemeral event of `subject` (`taskline_live.<project>.<task
   * id>`) may be handed on as one of task `id`: the subject names that id,
   * and the replica's tasks of that id are the project's only. The replica's
   * server routes an event by its id: a project that names another's task
   * there (or gave a task of its own that task's id) would speak in it.
   */
  owns(subject: string, id: string): boolean {
    const t = subject.split(".");
    const project = t[1] ?? "";
    const dirs = this.#idDirs.get(id);
    let why: string | null = null;
    if (t.length !== 3 || t[2] !== id) why = "its subject names another task";
    else if (!dirs) why = "no task of the replica has that id (yet)";
    else if ([...dirs].some((d) => !d.startsWith(`${project}--`))) {
      why = "a task of another project has that id";
    }
    if (why === null) return true;
    this.#reports.say(
      `live:${subject}:${id}`,
      `an ephemeral event of ${shown(subject)} for task ${
        id.slice(0, 80)
      } is not handed on: ${why}`,
    );
    return false;
  }
}
