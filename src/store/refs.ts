/**
 * Task references: `#N` or digits, the directory name, a full id or an id
 * prefix of at least 4 hexadecimal digits. The first rule that matches
 * anything decides; when it matches several tasks the reference is
 * ambiguous.
 *
 * @module
 */
import { TasklineError } from "../errors.ts";
import type { Task } from "./tasks.ts";

function describe(t: Task): string {
  return `#${t.number} (${t.dir})`;
}

function decide(ref: string, matches: Task[]): Task {
  if (matches.length === 1) return matches[0];
  const names = matches.slice(0, 10).map(describe);
  const list = names.length > 1
    ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`
    : names[0];
  throw new TasklineError(
    "ambiguous-ref",
    `Cannot resolve task "${ref}": it matches ${list}${matches.length > 10 ? " and more" : ""}`,
    { details: { candidates: matches.map((t) => ({ number: t.number, dir: t.dir, id: t.id })) } },
  );
}

function byIdPrefix(ref: string, tasks: Task[]): Task[] {
  const lower = ref.toLowerCase();
  if (!/^[0-9a-f-]+$/.test(lower) || lower.replace(/-/g, "").length < 4) return [];
  return tasks.filter((t) => t.id.toLowerCase().startsWith(lower));
}

/**
 * Resolves a task reference among `tasks`.
 *
 * @throws TasklineError `not-found` when nothing matches, `ambiguous-ref`
 * when the deciding rule matches several tasks.
 *
 * @example
 * ```ts
 * const task = resolveRef("#3", await listTasks(state));
 * ```
 */
export function resolveRef(ref: string, tasks: Task[]): Task {
  const r = ref.trim();
  if (r === "") throw new TasklineError("usage", "A task reference cannot be empty");
  const numberMatch = /^#?(\d{1,15})$/.exec(r);
  if (numberMatch) {
    const n = Number(numberMatch[1]);
    const hits = tasks.filter((t) => t.number === n);
    if (hits.length > 0) return decide(r, hits);
    if (r.startsWith("#")) {
      throw new TasklineError("not-found", `Cannot resolve task "${r}": no task has number ${n}`);
    }
  }
  if (!numberMatch) {
    const hits = tasks.filter((t) => t.dir === r);
    if (hits.length > 0) return decide(r, hits);
  }
  const exact = tasks.filter((t) => t.id.toLowerCase() === r.toLowerCase());
  if (exact.length > 0) return decide(r, exact);
  const prefixed = byIdPrefix(r, tasks);
  if (prefixed.length > 0) return decide(r, prefixed);
  throw new TasklineError("not-found", `Cannot resolve task "${r.slice(0, 100)}": no task matches`);
}
