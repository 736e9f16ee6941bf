/**
 * Prices of agent sessions from the `pricing` table of `config.jsonc`.
 *
 * Keys are `"<provider>/<model>"`, prices per million tokens. A model id
 * (the `model` of `agent_started`) matches a key equal to it or ending in
 * `/<id>`; an id that two keys price differently is unpriced, and so is the
 * empty id of logs recorded before 0.5. A cost is shown only when every
 * session is priced; otherwise none, never an estimate.
 *
 * @example
 * ```ts
 * const price = priceOf("claude-sonnet-5", settings.pricing); // Price | null
 * const amount = price ? sessionCost(usage, price) : null;
 * ```
 *
 * @module
 */
import type { Usage } from "../contract/events.ts";
import type { Price } from "../store/settings.ts";

/** The price of a model id, or null when it is unpriced (unknown or ambiguous). */
export function priceOf(model: string, pricing: Record<string, Price>): Price | null {
  if (model === "") return null;
  const suffix = `/${model}`;
  let found: Price | null = null;
  for (const [key, price] of Object.entries(pricing)) {
    if (key !== model && !key.endsWith(suffix)) continue;
    if (found && !samePrice(found, price)) return null; // priced differently by two providers
    found = price;
  }
  return found;
}

function samePrice(a: Price, b: Price): boolean {
  return a.input === b.input && a.output === b.output && a.cache_read === b.cache_read &&
    a.cache_write === b.cache_write;
}

/** The cost of `usage` at `price` (prices per million tokens). */
export function sessionCost(usage: Usage, price: Price): number {
  return (usage.input_tokens * price.input + usage.output_tokens * price.output +
    usage.cache_read_tokens * price.cache_read + usage.cache_write_tokens * price.cache_write) /
    1_000_000;
}

/** Usage of the sessions of one model. */
export interface ModelUsage {
  /** The model id of `agent_started`; empty when it was not recorded. */
  model: string;
  /** Number of agent sessions. */
  sessions: number;
  usage: Usage;
}

/** The cost of a set of sessions, or why there is none. */
export interface CostResult {
  /** Null when some session is unpriced or there are no sessions. */
  amount: number | null;
  /** Model ids without a (single) price, `""` standing for unrecorded models. */
  unpriced: string[];
}

/** Prices sessions grouped by model: an amount only when every one is priced. */
export function costOf(models: ModelUsage[], pricing: Record<string, Price>): CostResult {
  let amount = 0;
  const unpriced: string[] = [];
  let sessions = 0;
  for (const m of models) {
    sessions += m.sessions;
    const price = priceOf(m.model, pricing);
    if (!price) {
      if (!unpriced.includes(m.model)) unpriced.push(m.model);
      continue;
    }
    amount += sessionCost(m.usage, price);
  }
  return { amount: unpriced.length > 0 || sessions === 0 ? null : amount, unpriced };
}
