/**
 * What every command gets: its arguments, the streams, and the project.
 *
 * @module
 */
import type { Io } from "./io.ts";
import { StateDir } from "../store/state_dir.ts";
import type { LogProblem } from "../store/log_reader.ts";
import type { BadLogFile } from "../store/log_file.ts";
import { visible } from "../views/terminal_text.ts";
import { findTask, listTasks, type Task } from "../store/tasks.ts";
import { loadSettings, type Settings } from "../store/settings.ts";

/** A command's view of the world. */
export class Context {
  readonly io: Io;
  readonly state: StateDir;
  /** `--json` was given: errors go to stderr as one JSON object. */
  json = false;
  #warnedFiles = new Set<string>();
  /** Logs that are not logs (a FIFO, a link out...), named once each on stderr. */
  readonly badLogs = new Set<string>();

  constructor(io: Io, state = new StateDir()) {
    this.io = io;
    this.state = state;
  }

  /** Prints a warning line on stderr. */
  async warn(message: string): Promise<void> {
    // A warning may quote a log's text (a path, a reason): shown, never obeyed.
    await this.io.stderr.write(`taskline: warning: ${visible(message)}\n`);
    await this.io.stderr.flush();
  }

  /** Reports a broken line: one warning per file. */
  problem = (p: LogProblem): void => {
    if (this.#warnedFiles.has(p.path)) return;
    this.#warnedFiles.add(p.path);
    const where = p.line > 0 ? `line ${p.line}` : `near byte ${p.offset}`;
    void this.warn(`${p.path}: ${where}: skipped a broken line (${p.reason})`);
  };

  /**
   * Names a task's log that is not a log on stderr (once a path); the
   * command goes on with the other tasks and exits 1 at the end (see
   * {@link status}).
   */
  badLog = (e: BadLogFile): void => {
    if (this.badLogs.has(e.path)) return;
    this.badLogs.add(e.path);
    void this.warn(`${e.message}; its task is skipped`);
  };

  /** The exit code of a command that did its work: 1 when a task's log was skipped. */
  status(code = 0): number {
    return code === 0 && this.badLogs.size > 0 ? 1 : code;
  }

  /** Every task of the project (unreadable task directories are warned about). */
  async tasks(): Promise<Task[]> {
    await this.state.requireExists();
    return await listTasks(this.state, {
      onProblem: (p) => void this.warn(`${this.state.tasksDir}/${p.dir}: ${p.reason}`),
    });
  }

  /** Resolves a task reference. */
  async task(ref: string): Promise<Task> {
    await this.state.requireExists();
    return await findTask(this.state, ref, {
      onProblem: (p) => void this.warn(`${this.state.tasksDir}/${p.dir}: ${p.reason}`),
    });
  }

  /** The project's settings, with warnings about the config file printed. */
  async settings(): Promise<Settings> {
    const { settings, warnings } = await loadSettings(this.state);
    for (const w of warnings) await this.warn(w);
    return settings;
  }
}
