/**
 * Pictures drawn by the page itself (SVG, no chart library): tokens and cost
 * per day for History, and a waterfall of a run's tool calls for the Trace,
 * the way tracing tools draw spans.
 *
 * @module
 */
import type { TaskHistory } from "../../views/history.ts";
import type { TraceCall } from "../../views/trace_pair.ts";
import { h, svg } from "./dom.ts";
import { fmtCost, fmtDuration, fmtTokens, usageTokens } from "./format.ts";

/** One day of the History chart. */
export interface DayTotal {
  /** `YYYY-MM-DD`, the reader's local date. */
  day: string;
  tokens: number;
  /** Cost of the priced runs of the day; null when none of them is priced. */
  cost: number | null;
  runs: number;
}

function localDay(at: string): string | null {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Tokens and cost of every run of the documents, per day the run started. */
export function perDay(docs: readonly Partial<TaskHistory>[]): DayTotal[] {
  const days = new Map<string, DayTotal>();
  for (const d of docs) {
    for (const r of Array.isArray(d.runs) ? d.runs : []) {
      const day = typeof r?.started_at === "string" ? localDay(r.started_at) : null;
      if (!day) continue;
      let t = days.get(day);
      if (!t) days.set(day, t = { day, tokens: 0, cost: null, runs: 0 });
      t.tokens += usageTokens(r.usage);
      t.runs++;
      if (typeof r.cost === "number" && Number.isFinite(r.cost)) t.cost = (t.cost ?? 0) + r.cost;
    }
  }
  return [...days.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
}

/** Bars of tokens per day, and a line of the cost per day on its own scale. */
export function historyChart(days: readonly DayTotal[], currency = "USD"): HTMLElement {
  const shown = days.slice(-60);
  const W = 720, H = 220, left = 56, right = 64, top = 16, bottom = 40;
  const plotW = W - left - right, plotH = H - top - bottom;
  const maxTokens = Math.max(1, ...shown.map((d) => d.tokens));
  const costs = shown.map((d) => d.cost).filter((c): c is number => c !== null);
  const maxCost = Math.max(0.01, ...costs);
  const step = plotW / Math.max(1, shown.length);
  const barW = Math.max(2, Math.min(40, step * 0.7));
  const x = (i: number) => left + step * i + step / 2;
  const yTok = (v: number) => top + plotH - (v / maxTokens) * plotH;
  const yCost = (v: number) => top + plotH - (v / maxCost) * plotH;
  const chart = svg("svg", {
    class: "chart history-chart",
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: "img",
    "aria-label": `Tokens and cost per day, ${shown.length} days`,
  });
  chart.append(
    svg("line", { class: "axis", x1: left, y1: top + plotH, x2: W - right, y2: top + plotH }),
    svg("line", { class: "axis", x1: left, y1: top, x2: left, y2: top + plotH }),
    svg("text", { x: left - 6, y: top + 4, "text-anchor": "end" }, fmtTokens(maxTokens)),
    svg("text", { x: left - 6, y: top + plotH, "text-anchor": "end" }, "0"),
    svg("text", { x: W - right + 6, y: top + 4 }, fmtCost({ amount: maxCost, currency })),
  );
  const every = Math.max(1, Math.ceil(shown.length / 8));
  shown.forEach((d, i) => {
    const y = yTok(d.tokens);
    chart.append(
      svg(
        "rect",
        {
          class: "bar",
          x: x(i) - barW / 2,
          y,
          width: barW,
          height: Math.max(0, top + plotH - y),
          "data-day": d.day,
          "data-tokens": d.tokens,
        },
        svg(
          "title",
          {},
          `${d.day}: ${fmtTokens(d.tokens)} tokens, ${
            d.cost === null ? "not priced" : fmtCost({ amount: d.cost, currency })
          }, ${d.runs} run${d.runs === 1 ? "" : "s"}`,
        ),
      ),
    );
    if (i % every === 0 || i === shown.length - 1) {
      chart.append(
        svg("text", { x: x(i), y: H - bottom + 16, "text-anchor": "middle" }, d.day.slice(5)),
      );
    }
  });
  const points = shown.map((d, i) => (d.cost === null ? null : [x(i), yCost(d.cost)] as const));
  const path = points.filter((p) => p !== null).map((p, i) => `${i ? "L" : "M"}${p![0]},${p![1]}`)
    .join(" ");
  if (path) chart.append(svg("path", { class: "line", d: path }));
  shown.forEach((d, i) => {
    if (d.cost === null) return;
    chart.append(
      svg(
        "circle",
        { class: "dot", cx: x(i), cy: yCost(d.cost), r: 3, "data-day": d.day, "data-cost": d.cost },
        svg("title", {}, `${d.day}: ${fmtCost({ amount: d.cost, currency })}`),
      ),
    );
  });
  return h(
    "figure",
    { class: "history-figure" },
    chart,
    h(
      "figcaption",
      { class: "legend" },
      h("span", { class: "key-bar" }, "tokens per day"),
      h("span", { class: "key-line" }, `cost per day (${currency}, priced runs)`),
    ),
  );
}

/** A call's span on the time axis: from its call to its result (ms since the epoch). */
function spanOf(c: TraceCall, end: number): { from: number; to: number; open: boolean } | null {
  const called = c.called_at ? Date.parse(c.called_at) : NaN;
  const returned = c.returned_at ? Date.parse(c.returned_at) : NaN;
  if (Number.isFinite(called) && Number.isFinite(returned)) {
    return { from: called, to: Math.max(called, returned), open: false };
  }
  if (Number.isFinite(called)) return { from: called, to: Math.max(called, end), open: true };
  if (Number.isFinite(returned)) {
    return { from: returned - Math.max(0, c.duration_ms ?? 0), to: returned, open: false };
  }
  return null;
}

/** At most this many calls are drawn in a waterfall. */
export const WATERFALL_MAX = 400;

/**
 * A waterfall of tool calls: one row a call, a bar from `tool_called` to
 * `tool_returned` on a shared time axis; failures in red, a call without a
 * result open to the end. A click (or Enter) on a bar calls `onOpen`.
 */
export function waterfall(
  calls: readonly TraceCall[],
  keyOf: (c: TraceCall) => string,
  onOpen: (c: TraceCall) => void,
): HTMLElement | null {
  const drawn = calls.slice(0, WATERFALL_MAX);
  const times = drawn.flatMap((c) =>
    [c.called_at, c.returned_at].filter((t): t is string => typeof t === "string").map(Date.parse)
  ).filter(Number.isFinite);
  if (times.length === 0) return null;
  const end = Math.max(...times);
  const spans = drawn.map((c) => ({ c, s: spanOf(c, end) }));
  const start = Math.min(...spans.map((x) => x.s?.from ?? Infinity));
  const total = Math.max(1, end - start);
  const row = 16, left = 150, right = 70, top = 22;
  const W = 760, H = top + row * drawn.length + 8;
  const plotW = W - left - right;
  const xs = (t: number) => left + ((t - start) / total) * plotW;
  const chart = svg("svg", {
    class: "chart waterfall",
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    role: "group",
    "aria-label": `Waterfall of ${drawn.length} tool calls over ${fmtDuration(total)}`,
  });
  chart.append(
    svg("line", { class: "axis", x1: left, y1: top - 4, x2: W - right, y2: top - 4 }),
    svg("text", { x: left, y: 12 }, "0"),
    svg("text", { x: W - right, y: 12, "text-anchor": "end" }, fmtDuration(total)),
  );
  spans.forEach(({ c, s }, i) => {
    if (!s) return;
    const y = top + i * row;
    const failed = c.is_error === true || c.timed_out ||
      (c.result !== "ok" && c.result !== "no result");
    const x1 = xs(s.from), x2 = xs(s.to);
    const label = `${c.tool} ${c.result}${
      c.duration_ms !== null ? ` in ${fmtDuration(c.duration_ms)}` : ""
    }${c.paired === "unmatched" ? (c.called_at ? ", no result" : ", no call") : ""}`;
    const open = () => onOpen(c);
    const g = svg(
      "g",
      {
        class: `call${failed ? " failed" : ""}`,
        tabindex: "0",
        role: "button",
        "aria-label": `${label}: open the call`,
        "data-call": keyOf(c),
        onclick: open,
        onkeydown: (e: Event) => {
          const k = (e as KeyboardEvent).key;
          if (k === "Enter" || k === " ") {
            e.preventDefault();
            open();
          }
        },
      },
      svg("title", {}, label),
      svg(
        "text",
        { x: left - 6, y: y + 11, "text-anchor": "end" },
        c.tool.length > 22 ? c.tool.slice(0, 21) + "…" : c.tool,
      ),
      svg("rect", {
        class: `span${failed ? " failed" : ""}${s.open ? " open-ended" : ""}`,
        x: x1,
        y: y + 2,
        width: Math.max(2, x2 - x1),
        height: row - 4,
        rx: 2,
      }),
    );
    if (c.duration_ms !== null) {
      g.append(svg("text", { x: Math.max(x1, x2) + 4, y: y + 11 }, fmtDuration(c.duration_ms)));
    }
    chart.append(g);
  });
  return h(
    "figure",
    { class: "waterfall-figure" },
    chart,
    calls.length > drawn.length
      ? h(
        "figcaption",
        { class: "muted small" },
        `The first ${drawn.length} of ${calls.length} calls.`,
      )
      : null,
  );
}
