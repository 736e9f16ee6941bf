/**
 * Tasks of the state directory: `tasks/<NNN>-<slug>/task.json`.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import {
  dirEntries,
  pathExists,
  readJsonFile,
  type StateDir,
  writeFileAtomic,
} from "./state_dir.ts";

/** The record in `task.json`. Unknown fields are kept. */
export interface TaskRecord {
  id: string;
  number: number;
  title: string;
  description?: string;
  status: string;
  created_at: string;
  branch?: string;
  [field: string]: unknown;
}

/** A task and where it lives. */
export interface Task {
  /** The directory name, for example `003-add-login`. */
  dir: string;
  id: string;
  number: number;
  record: TaskRecord;
}

/** A task directory that could not be read, and why. */
export interface TaskProblem {
  dir: string;
  reason: string;
}

/** The slug of a title: lowercase ASCII words joined by dashes, at most 40 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug || "task";
}

/** The directory name of a task: its number on three digits, a dash and the slug. */
export function taskDirName(number: number, title: string): string {
  return `${String(number).padStart(3, "0")}-${slugify(title)}`;
}

/** The task's branch: `task.json`'s `branch`, or computed from its number and title. */
export function branchOf(task: Task): string {
  const b = task.record.branch;
  return typeof b === "string" && b !== "" ? b : `taskline/${task.dir}`;
}

/** Reads one task directory. */
export async function readTask(state: StateDir, dir: string): Promise<Task> {
  const value = await readJsonFile(state.taskJsonPath(dir));
  if (value === null) throw new TasklineError("bad-state", `Cannot read task ${dir}: no task.json`);
  const rec = value as TaskRecord;
  if (typeof rec !== "object" || typeof rec.id !== "string" || !Number.isSafeInteger(rec.number)) {
    throw new TasklineError("bad-state", `Cannot read task ${dir}: task.json has no id or number`);
  }
  if (typeof rec.title !== "string") rec.title = dir;
  if (typeof rec.status !== "string") rec.status = "unknown";
  return { dir, id: rec.id, number: rec.number, record: rec };
}

/** The names of the task directories (none when there is no tasks directory yet). */
export async function taskDirNames(state: StateDir): Promise<string[]> {
  return (await dirEntries(state.tasksDir))
    .filter((e) => e.isDirectory && !e.name.startsWith("."))
    .map((e) => e.name);
}

/**
 * Every task, ordered by number. Directories that cannot be read are passed
 * to `onProblem` and left out; they never stop the listing.
 */
export async function listTasks(
  state: StateDir,
  options: { onProblem?: (p: TaskProblem) => void } = {},
): Promise<Task[]> {
  const dirs = await taskDirNames(state);
  const tasks: Task[] = [];
  await Promise.all(dirs.map(async (dir) => {
    try {
      tasks.push(await readTask(state, dir));
    } catch (e) {
      options.onProblem?.({ dir, reason: (e as Error).message });
    }
  }));
  tasks.sort((a, b) => a.number - b.number || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0));
  return tasks;
}

/** Options of {@link createTask}. */
export interface CreateTaskOptions {
  /** Default: none. */
  description?: string;
  /** Default: `ready`. */
  status?: string;
  /** Default: the next free number. */
  number?: number;
  /** Default: a random UUID. */
  id?: string;
  /** Default: now. */
  createdAt?: string;
}

/** Creates a task directory with its `task.json`. */
export async function createTask(
  state: StateDir,
  title: string,
  options: CreateTaskOptions = {},
): Promise<Task> {
  if (title.trim() === "") throw new TasklineError("usage", "A task needs a non-empty title");
  const existing = await listTasks(state);
  const number = options.number ?? existing.reduce((m, t) => Math.max(m, t.number), 0) + 1;
  const dir = taskDirName(number, title);
  const record: TaskRecord = {
    id: options.id ?? crypto.randomUUID(),
    number,
    title,
    ...(options.description !== undefined ? { description: options.description } : {}),
    status: options.status ?? "ready",
    created_at: options.createdAt ?? new Date().toISOString(),
  };
  await Deno.mkdir(state.taskDir(dir), { recursive: true });
  if (await pathExists(state.taskJsonPath(dir))) {
    throw new TasklineError("bad-state", `Cannot create task ${dir}: it exists already`);
  }
  await writeFileAtomic(state.taskJsonPath(dir), JSON.stringify(record, null, 2) + "\n");
  return { dir, id: record.id, number, record };
}

/** Rewrites a task's `task.json`. */
export async function saveTask(state: StateDir, task: Task): Promise<void> {
  await writeFileAtomic(state.taskJsonPath(task.dir), JSON.stringify(task.record, null, 2) + "\n");
}
