/**
 * The status of a task as people are shown it: task.json's status, except
 * that a task marked `running` that no process runs (its lock is free: the
 * process died without finishing the run) is `interrupted`. Shared by
 * `task list`/`task show`, the terminal UI and the server's task rows.
 *
 * @module
 */

/** The status shown for a task whose task.json says `status`, `running` while a process holds its lock. */
export function shownStatus(status: string, running: boolean): string {
  if (running) return "running";
  return status === "running" ? "interrupted" : status;
}
