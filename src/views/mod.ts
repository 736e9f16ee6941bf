/**
 * The read views built from events only: history (what each task delivered
 * and what it cost) and trace (every tool call of a run), as documents shared
 * by the CLI, the server, the web UI and the terminal UI.
 *
 * @example
 * ```ts
 * import { buildRunTrace, HistoryCache, listHistory } from "./src/views/mod.ts";
 * const cache = new HistoryCache();            // keep one per server
 * const docs = await listHistory(state, { all: true, settings, cache });
 * const trace = await buildRunTrace(state, task, { tool: "bash" });
 * ```
 *
 * @module
 */
export * from "./history.ts";
export {
  type CacheStats,
  HistoryCache,
  type HistoryCacheOptions,
  type LogKey,
  summarizeLog,
} from "./history_cache.ts";
export { type LogSummary, type RunSummary, SUMMARY_VERSION } from "./history_fold.ts";
export * from "./trace.ts";
export * from "./trace_output.ts";
export * from "./otlp.ts";
export * from "./pull_request.ts";
export * from "./history_markdown.ts";
export * from "./pricing.ts";
export * from "./units.ts";
