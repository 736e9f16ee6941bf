/**
 * Token counts of agents' transcripts turned into the contract's `usage`
 * (input, output, cache read, cache write), and running totals turned into
 * the part each report adds.
 *
 * Both agents report totals that grow: Claude Code's `result` carries the
 * session's totals so far (`modelUsage`, `total_cost_usd`), Codex's
 * `turn.completed` the thread's. {@link RunningTotals} keeps the last total
 * of each agent session and gives what a new report adds to it.
 *
 * @example
 * ```ts
 * const totals = new RunningTotals();
 * totals.added("session-1", { input_tokens: 10, output_tokens: 2, cache_read_tokens: 0, cache_write_tokens: 0 });
 * ```
 *
 * @module
 */
import { type Usage, zeroUsage } from "../contract/events.ts";

/** A count from a transcript: a non-negative integer, anything else 0. */
export function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/** Adds `b` to `a` (changes `a`). */
export function addUsage(a: Usage, b: Usage): Usage {
  a.input_tokens += b.input_tokens;
  a.output_tokens += b.output_tokens;
  a.cache_read_tokens += b.cache_read_tokens;
  a.cache_write_tokens += b.cache_write_tokens;
  return a;
}

/** `a - b`, each count at least 0. */
export function subtractUsage(a: Usage, b: Usage): Usage {
  return {
    input_tokens: Math.max(0, a.input_tokens - b.input_tokens),
    output_tokens: Math.max(0, a.output_tokens - b.output_tokens),
    cache_read_tokens: Math.max(0, a.cache_read_tokens - b.cache_read_tokens),
    cache_write_tokens: Math.max(0, a.cache_write_tokens - b.cache_write_tokens),
  };
}

/** Whether some count of `a` is below the same count of `b` (a total that was reset). */
function below(a: Usage, b: Usage): boolean {
  return a.input_tokens < b.input_tokens || a.output_tokens < b.output_tokens ||
    a.cache_read_tokens < b.cache_read_tokens || a.cache_write_tokens < b.cache_write_tokens;
}

/** The most sessions whose last totals are kept (a transcript rarely has more than one). */
const SESSIONS_MAX = 1024;

/**
 * The last running total of each agent session (by the agent's own session
 * id) and what a new total adds to it. A total below the last one (Claude
 * Code's `/clear` resets it) counts whole.
 */
export class RunningTotals {
  #usage = new Map<string, Usage>();
  #cost = new Map<string, number>();

  /** What `total` adds to the last total of `session`; it becomes the last. */
  added(session: string, total: Usage): Usage {
    const last = this.#usage.get(session);
    this.#remember(this.#usage, session, { ...total });
    return last === undefined || below(total, last) ? { ...total } : subtractUsage(total, last);
  }

  /** What a running cost adds to the last one of `session`; it becomes the last. */
  addedCost(session: string, total: number): number {
    const last = this.#cost.get(session);
    this.#remember(this.#cost, session, total);
    return last === undefined || total < last ? total : total - last;
  }

  #remember<T>(map: Map<string, T>, key: string, value: T) {
    if (!map.has(key) && map.size >= SESSIONS_MAX) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
}

/**
 * Claude Code's (the Anthropic Messages API's) usage: `input_tokens` are the
 * input tokens read neither from nor into the cache, beside
 * `cache_read_input_tokens` and `cache_creation_input_tokens`.
 */
export function anthropicUsage(u: unknown): Usage {
  if (u === null || typeof u !== "object") return zeroUsage();
  const o = u as Record<string, unknown>;
  return {
    input_tokens: count(o.input_tokens),
    output_tokens: count(o.output_tokens),
    cache_read_tokens: count(o.cache_read_input_tokens),
    cache_write_tokens: count(o.cache_creation_input_tokens),
  };
}

/**
 * Claude Code's `modelUsage` (per model: `inputTokens`, `outputTokens`,
 * `cacheReadInputTokens`, `cacheCreationInputTokens`), added up over the
 * models; null when it has no model.
 */
export function modelUsageTotal(m: unknown): Usage | null {
  if (m === null || typeof m !== "object" || Array.isArray(m)) return null;
  const total = zeroUsage();
  let models = 0;
  for (const v of Object.values(m as Record<string, unknown>)) {
    if (v === null || typeof v !== "object") continue;
    const o = v as Record<string, unknown>;
    models++;
    addUsage(total, {
      input_tokens: count(o.inputTokens),
      output_tokens: count(o.outputTokens),
      cache_read_tokens: count(o.cacheReadInputTokens),
      cache_write_tokens: count(o.cacheCreationInputTokens),
    });
  }
  return models > 0 ? total : null;
}

/**
 * Codex's usage (OpenAI's counting): `input_tokens` includes the cached
 * input (`cached_input_tokens`) and the input written to the cache
 * (`cache_write_input_tokens`, newer releases). Taskline's `input_tokens`
 * means what it means for Claude Code, the input neither read from nor
 * written to the cache, so both are taken off it. `reasoning_output_tokens`
 * are part of `output_tokens` and are not added again.
 */
export function openaiUsage(u: unknown): Usage {
  if (u === null || typeof u !== "object") return zeroUsage();
  const o = u as Record<string, unknown>;
  const cached = count(o.cached_input_tokens);
  const written = count(o.cache_write_input_tokens);
  return {
    input_tokens: Math.max(0, count(o.input_tokens) - cached - written),
    output_tokens: count(o.output_tokens),
    cache_read_tokens: cached,
    cache_write_tokens: written,
  };
}
