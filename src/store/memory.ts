/**
 * Project memory: `.taskline/memory.jsonl`, one lesson of a finished task a
 * line (when `pipeline.project_memory` is on, the default).
 *
 * @module
 */
import { LineSplitter } from "../codec/lines.ts";
import { checkLogFile, openLogFile } from "./log_file.ts";
import { type StateDir, unlessNotFound } from "./state_dir.ts";

/** One lesson. */
export interface Lesson {
  /** When it was written (RFC 3339, UTC). */
  at: string;
  /** The task's id and number, and its title then. */
  task: string;
  number: number;
  title: string;
  run: string;
  lesson: string;
}

/** Longest lesson kept, in characters. */
export const LESSON_CHARS_MAX = 2000;

/**
 * Appends a lesson as one complete line.
 *
 * @throws BadLogFile when `memory.jsonl` is not a regular file inside the
 * state directory: opening a FIFO to write would wait for a reader for ever
 * (with the task's lock held).
 */
export async function appendLesson(state: StateDir, lesson: Lesson): Promise<void> {
  const line = JSON.stringify({ ...lesson, lesson: lesson.lesson.slice(0, LESSON_CHARS_MAX) });
  await checkLogFile(state.memoryPath, { root: state.root });
  await Deno.writeTextFile(state.memoryPath, line + "\n", { append: true, create: true });
}

/**
 * Reads every lesson, oldest first, in bounded memory per line. Lines that
 * are not lessons are passed to `onProblem` with their line number.
 *
 * @throws BadLogFile when `memory.jsonl` is not a regular file inside the
 * state directory.
 */
export async function* readLessons(
  state: StateDir,
  options: { onProblem?: (line: number, reason: string) => void } = {},
): AsyncGenerator<Lesson> {
  // Never a FIFO's open, which would wait for a writer (see openLogFile).
  const file = await openLogFile(state.memoryPath, { root: state.root });
  if (file === null) return;
  try {
    const splitter = new LineSplitter({});
    const buf = new Uint8Array(64 * 1024);
    let lineNo = 0;
    for (;;) {
      const n = await file.read(buf);
      if (n === null) break;
      for (const text of splitter.push(buf.subarray(0, n)).lines) {
        lineNo++;
        if (text.trim() === "") continue;
        try {
          const v = JSON.parse(text);
          if (v && typeof v === "object" && typeof v.lesson === "string") yield v as Lesson;
          else options.onProblem?.(lineNo, "not a lesson object");
        } catch {
          options.onProblem?.(lineNo, "not JSON");
        }
      }
    }
  } finally {
    file.close();
  }
}

/** Removes every lesson; returns how many lines there were. */
export async function clearMemory(state: StateDir): Promise<number> {
  let count = 0;
  for await (const _ of readLessons(state)) count++;
  await unlessNotFound(Deno.remove(state.memoryPath));
  return count;
}
