/**
 * `run.json`: the state of a task's current run. Absent fields load as empty
 * or zero; unknown fields are kept.
 *
 * @module
 */
import { type Usage, zeroUsage } from "../contract/events.ts";
import type { Gate } from "../contract/events.ts";
import { readJsonFile, type StateDir, writeFileAtomic } from "./state_dir.ts";

/** A validation result kept for the run. */
export interface ValidationRecord {
  command: string;
  passed: boolean;
  exit_code: number | null;
}

/** An approval decision kept for the run. */
export interface ApprovalRecord {
  gate: Gate;
  approved: boolean;
  comment: string | null;
  at: string;
}

/** The run state. */
export interface RunState {
  /** The run id; empty before the first run. */
  run: string;
  /** When the run first started (RFC 3339); empty before the first run. */
  started_at: string;
  validations: ValidationRecord[];
  validation_fix_attempts: number;
  pending_validation_fix: boolean;
  /** Totals of the whole run, resumes included. */
  usage: Usage;
  active_ms: number;
  /** The gate waiting for a human, or null. */
  pending_approval: Gate | null;
  approvals: ApprovalRecord[];
  /**
   * The status of the run's last `run_finished` (`done`, `paused`,
   * `cancelled`, `failed`...); absent while its first segment runs, and in
   * run.json files of earlier versions.
   */
  status?: string;
  /**
   * The phase the run is in, or was in last (the phase of its last
   * `phase_started`); absent before its first phase, and in run.json files
   * of earlier versions.
   */
  current_phase?: string;
  [field: string]: unknown;
}

/** A run state with every field empty or zero. */
export function emptyRunState(): RunState {
  return {
    run: "",
    started_at: "",
    validations: [],
    validation_fix_attempts: 0,
    pending_validation_fix: false,
    usage: zeroUsage(),
    active_ms: 0,
    pending_approval: null,
    approvals: [],
  };
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** Fills absent or malformed fields of a parsed `run.json` with empty or zero values. */
export function normalizeRunState(value: unknown): RunState {
  const base = emptyRunState();
  if (value === null || typeof value !== "object" || Array.isArray(value)) return base;
  const v = value as Record<string, unknown>;
  const u = (v.usage ?? {}) as Record<string, unknown>;
  const out: RunState = {
    ...v,
    run: typeof v.run === "string" ? v.run : "",
    started_at: typeof v.started_at === "string" ? v.started_at : "",
    validations: Array.isArray(v.validations) ? v.validations as ValidationRecord[] : [],
    validation_fix_attempts: num(v.validation_fix_attempts),
    pending_validation_fix: v.pending_validation_fix === true,
    usage: {
      input_tokens: num(u.input_tokens),
      output_tokens: num(u.output_tokens),
      cache_read_tokens: num(u.cache_read_tokens),
      cache_write_tokens: num(u.cache_write_tokens),
    },
    active_ms: num(v.active_ms),
    pending_approval: v.pending_approval === "spec" || v.pending_approval === "plan" ||
        v.pending_approval === "merge"
      ? v.pending_approval
      : null,
    approvals: Array.isArray(v.approvals) ? v.approvals as ApprovalRecord[] : [],
  };
  if (typeof out.status !== "string") delete out.status;
  if (typeof out.current_phase !== "string") delete out.current_phase;
  return out;
}

/** Loads a task's `run.json`; an empty state when it does not exist or is unreadable JSON. */
export async function loadRunState(state: StateDir, dir: string): Promise<RunState> {
  try {
    return normalizeRunState(await readJsonFile(state.runJsonPath(dir)));
  } catch (e) {
    if (e instanceof SyntaxError) return emptyRunState();
    throw e;
  }
}

/** Writes a task's `run.json` atomically. */
export async function saveRunState(state: StateDir, dir: string, run: RunState): Promise<void> {
  await writeFileAtomic(state.runJsonPath(dir), JSON.stringify(run, null, 2) + "\n");
}
