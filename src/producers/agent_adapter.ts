/**
 * What every format adapter of `taskline record --from` is: it takes the
 * agent's lines one by one (each parsed from JSON) and appends the bare
 * events of the contract they make; when the input ends it closes what is
 * open and says how the run ends. Lines of a type or shape it does not know
 * make nothing (both agents add line types often).
 *
 * @module
 */
import type { BuilderOptions, Produced, RunEnd } from "./run_builder.ts";

/** The input formats of `taskline record`, `taskline` (bare events) first: the default. */
export const RECORD_FORMATS = ["taskline", "claude-code", "codex"] as const;

/** One of {@link RECORD_FORMATS}. */
export type RecordFormat = typeof RECORD_FORMATS[number];

/** The formats read by an adapter (every one but `taskline`). */
export type AgentFormat = Exclude<RecordFormat, "taskline">;

/** Options of an adapter. */
export interface AdapterOptions extends BuilderOptions {
  /**
   * The model, where the transcript does not name it (Codex names none;
   * Claude Code does, in its first line, and that name wins). Default: "".
   */
  model?: string;
}

/** Reads one agent's transcript. */
export interface AgentAdapter {
  /** Takes one line (parsed JSON) and appends the events it makes to `out`. Never throws. */
  take(value: unknown, out: Produced[]): void;
  /**
   * The input ended (`eof`), or recording was stopped: appends what closes
   * the open session and returns how the run ends.
   */
  finish(out: Produced[], cause: "eof" | "interrupt" | "cancel"): RunEnd;
}

/** Whether `v` is a JSON object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** `v` when it is a string, else `d`. */
export function str(v: unknown, d = ""): string {
  return typeof v === "string" ? v : d;
}
