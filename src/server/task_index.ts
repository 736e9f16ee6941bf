/**
 * The server's view of the project's tasks: the list, kept in memory and
 * re-read only when the tasks directory changes (a task's directory name, id
 * and number never change once created), so that resolving a reference costs
 * no disk reads on a warm server.
 *
 * @module
 */
import { resolveRef } from "../store/refs.ts";
import type { StateDir } from "../store/state_dir.ts";
import { listTasks, readTask, type Task } from "../store/tasks.ts";
import { isTaskRunning } from "../store/lock.ts";
import { loadRunState } from "../store/run_state.ts";
import { TasklineError } from "../errors.ts";

/** The tasks of a project, cached. */
export class TaskIndex {
  readonly state: StateDir;
  #tasks: Task[] = [];
  #stamp = "";
  #loading: Promise<Task[]> | null = null;

  constructor(state: StateDir) {
    this.state = state;
  }

  async #dirStamp(): Promise<string> {
    try {
      const st = await Deno.stat(this.state.tasksDir);
      return `${st.mtime?.getTime() ?? 0}:${st.ino ?? 0}`;
    } catch {
      return "missing";
    }
  }

  /** The tasks directory's stamp (its mtime and inode): it changes when a task is made or removed. */
  stamp(): Promise<string> {
    return this.#dirStamp();
  }

  /** Every task, ordered by number; re-read when the tasks directory changed. */
  async tasks(options: { fresh?: boolean } = {}): Promise<Task[]> {
    const stamp = await this.#dirStamp();
    if (!options.fresh && stamp === this.#stamp) return this.#tasks;
    if (!this.#loading) {
      this.#loading = listTasks(this.state).then((tasks) => {
        this.#tasks = tasks;
        this.#stamp = stamp;
        return tasks;
      }).finally(() => this.#loading = null);
    }
    return await this.#loading;
  }

  /**
   * Resolves a reference (see {@link resolveRef}). A miss is retried on a
   * fresh listing, so a task created a moment ago is found.
   */
  async resolve(ref: string): Promise<Task> {
    try {
      return resolveRef(ref, await this.tasks());
    } catch (e) {
      if (!(e instanceof TasklineError && e.code === "not-found")) throw e;
      return resolveRef(ref, await this.tasks({ fresh: true }));
    }
  }
}

/** One row of `GET /api/tasks`: the task record, and what its run is doing. */
export interface TaskRow {
  task: Record<string, unknown>;
  number: number;
  dir: string;
  /** A process holds the task's lock now. */
  running: boolean;
  /** The current run, from run.json; null before the first run. */
  run: {
    id: string;
    started_at: string;
    /**
     * `running` while a process runs the task; else the status of the run's
     * last `run_finished` (`done`, `paused`, `cancelled`, `failed`...);
     * `interrupted` when the run has none and no process runs it (its
     * process died); null when run.json does not say (written before
     * taskline kept it).
     */
    status: string | null;
    /** The phase the run is in, or was in last; null before its first phase (or when run.json does not say). */
    current_phase: string | null;
    pending_approval: string | null;
    active_ms: number;
    usage: Record<string, number>;
  } | null;
}

/** The row of one task: task.json as it is now, its lock and its run.json. */
export async function taskRow(state: StateDir, task: Task): Promise<TaskRow> {
  const [fresh, running, rs] = await Promise.all([
    readTask(state, task.dir).catch(() => task),
    isTaskRunning(state, task.dir),
    loadRunState(state, task.dir).catch(() => null),
  ]);
  return {
    task: fresh.record,
    number: fresh.number,
    dir: fresh.dir,
    running,
    run: rs && rs.run !== ""
      ? {
        id: rs.run,
        started_at: rs.started_at,
        status: running ? "running" : rs.status ?? (rs.started_at !== "" ? "interrupted" : null),
        current_phase: rs.current_phase ?? null,
        pending_approval: rs.pending_approval,
        active_ms: rs.active_ms,
        usage: { ...rs.usage },
      }
      : null,
  };
}
