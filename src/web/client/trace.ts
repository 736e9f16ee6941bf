/**
 * Trace: every call of a run paired with its result, complete output on
 * demand. The document comes from `GET /api/tasks/{ref}/trace` (built by
 * views/trace.ts); live events carry on pairing with the same
 * {@link CallPairing} as `taskline trace`, so the page and the terminal show
 * the same calls, pairings and results, unmatched ones included.
 *
 * @module
 */
import type { AnyEvent } from "../../contract/events.ts";
import { CallPairing, type TraceCall } from "../../views/trace_pair.ts";
import { messageOf, statusOf } from "./api.ts";
import { waterfall } from "./charts.ts";
import { h } from "./dom.ts";
import {
  firstLine,
  fmtCount,
  fmtDuration,
  fmtTime,
  inputSummary,
  plural,
  shortId,
} from "./format.ts";
import { envOf } from "./store.ts";
import { SLOW_CALL_MS } from "./timeline.ts";
import {
  type AppContext,
  badge,
  frameThrottle,
  placeholder,
  type Screen,
  table,
  taskLabel,
} from "./widgets.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

/** At most this many calls are rows of the Trace table at once. */
const TRACE_ROWS_MAX = 2000;

/** The trace document's calls, checked enough to be drawn. */
function callsOf(doc: unknown): TraceCall[] {
  const calls = (doc as { calls?: unknown } | null)?.calls;
  if (!Array.isArray(calls)) return [];
  return calls.filter((c): c is TraceCall =>
    typeof c === "object" && c !== null && typeof c.call === "string" && typeof c.run === "string"
  );
}

export class TraceScreen implements Screen {
  calls: TraceCall[] = [];
  run = "";
  pairing: CallPairing | null = null;
  readonly open: Set<string>;
  readonly outputs = new Map<string, string>();
  readonly keys = new WeakMap<TraceCall, string>();
  keyCount = 0;
  pending: WireEnvelope[] = [];
  loaded = false;
  errorsOnly = false;
  slowOnly = false;
  sort = "order";
  readonly render: () => void;
  title!: HTMLHeadingElement;
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  note!: HTMLParagraphElement;
  chart!: HTMLDivElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string, query: URLSearchParams) {
    this.app = app;
    this.ref = ref;
    const call = query.get("call");
    this.open = new Set(call ? [call] : []);
    this.render = frameThrottle(() => this.draw(), 250);
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, `#${n} Trace`);
    this.summary = h("p", { class: "muted" });
    const check = (id: string, text: string, on: (v: boolean) => void) =>
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          id,
          onchange: (e: Event) => on((e.target as HTMLInputElement).checked),
        }),
        ` ${text}`,
      );
    const sortSelect = h(
      "select",
      {
        id: "trace-sort",
        onchange: (e: Event) => {
          this.sort = (e.target as HTMLSelectElement).value;
          this.draw();
        },
      },
      h("option", { value: "order" }, "in call order"),
      h("option", { value: "slowest" }, "slowest first"),
    );
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        this.summary,
        h(
          "nav",
          { class: "subnav", "aria-label": `Task ${label}` },
          h("a", { href: `#/task/${n}` }, "Timeline"),
          h("a", { href: `#/task/${n}/trace`, "aria-current": "page" }, "Trace"),
          h("a", { href: `#/history/${n}` }, "History"),
          h("a", { href: `#/activity?task=${n}` }, "Activity"),
        ),
      ),
      h(
        "div",
        { class: "toolbar", role: "group", "aria-label": "Trace filters" },
        check("errors-only", "Errors only", (v) => {
          this.errorsOnly = v;
          this.draw();
        }),
        check("slow-only", `Slow only (≥ ${SLOW_CALL_MS / 1000} s)`, (v) => {
          this.slowOnly = v;
          this.draw();
        }),
        h("label", { for: "trace-sort" }, "Sort "),
        sortSelect,
      ),
    );
    const { table: t, tbody } = table("Tool calls", [
      "Time",
      "Role",
      "Tool",
      "Input",
      "Duration",
      "Result",
      "Output",
    ], "grid trace");
    this.tbody = tbody;
    this.note = placeholder("Loading the trace…");
    this.chart = h("div", { class: "chart-slot" });
    el.append(this.note, this.chart, t);
    this.load();
  }

  async load(): Promise<void> {
    let doc: unknown;
    try {
      doc = await this.app.api.json(`/api/tasks/${encodeURIComponent(this.ref)}/trace`);
    } catch (e) {
      this.app.apiFailed(e);
      this.note.textContent = `Cannot load the trace of task ${taskLabel(this.app, this.ref)}: ${
        messageOf(e)
      }`;
      this.note.classList.add("error");
      return;
    }
    const run = (doc as { run?: unknown } | null)?.run;
    this.run = typeof run === "string" ? run : "";
    this.pairing = CallPairing.resume(this.run || null, callsOf(doc));
    this.calls = this.pairing.calls;
    this.loaded = true;
    const pending = this.pending.splice(0);
    for (const env of pending) if (env.event.type !== "run_started") this.onEvent(env);
    this.draw();
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (!this.loaded) {
      // Kept until the trace is loaded, then applied (a call already in it is not added twice).
      if (this.pending.length < 100_000) this.pending.push(env);
      return;
    }
    // A newer format's event is nothing this page can pair.
    if (isFuture(env)) return;
    const ev = env.event;
    if (ev.type === "run_started" && ev.run !== this.run) {
      this.loaded = false;
      this.pending = [];
      this.load();
      return;
    }
    if (ev.type !== "tool_called" && ev.type !== "tool_returned") return;
    // The document already has what the log held when it was read.
    if (typeof env.seq === "number" && this.calls.some((c) => this.covers(c, env))) return;
    if (this.pairing?.add(env as { at: string; event: AnyEvent })) this.render();
  }

  /** Whether a call of the loaded document already holds this event. */
  covers(c: TraceCall, env: WireEnvelope): boolean {
    if (c.call !== env.event.call || c.run !== env.event.run) return false;
    return env.event.type === "tool_called" ? c.called_at === env.at : c.returned_at === env.at;
  }

  /** A call's key in this screen: its id, or a key of its own when the id is not unique. */
  keyOf(c: TraceCall): string {
    let key = this.keys.get(c);
    if (!key) {
      const taken = c.call === "000000000000" ||
        this.calls.some((x) => x !== c && x.call === c.call && this.keys.get(x) === c.call);
      key = taken ? `n${++this.keyCount}` : c.call;
      this.keys.set(c, key);
    }
    return key;
  }

  onTask(): void {
    const t = this.app.store.byRef(this.ref);
    if (t?.title) this.title.textContent = `${taskLabel(this.app, this.ref)} ${t.title} · Trace`;
  }

  draw(): void {
    this.onTask();
    const calls = this.calls;
    const errors = calls.filter((c) => c.is_error || c.timed_out).length;
    const slow = calls.filter((c) => (c.duration_ms ?? 0) >= SLOW_CALL_MS).length;
    const unmatched = calls.filter((c) => c.paired === "unmatched").length;
    const total = calls.reduce((s, c) => s + (c.duration_ms ?? 0), 0);
    this.summary.textContent = [
      `Run ${shortId(this.run)}`,
      plural(calls.length, "call"),
      plural(errors, "error"),
      `${fmtCount(slow)} slow`,
      `${fmtCount(unmatched)} unmatched`,
      `${fmtDuration(total)} in tools`,
    ].join(" · ");
    document.title = `${taskLabel(this.app, this.ref)} Trace · taskline`;
    let shown = calls.filter((c) =>
      (!this.errorsOnly || c.is_error || c.timed_out) &&
      (!this.slowOnly || (c.duration_ms ?? 0) >= SLOW_CALL_MS)
    );
    if (this.sort === "slowest") {
      shown = [...shown].sort((a, b) => (b.duration_ms ?? 0) - (a.duration_ms ?? 0));
    }
    this.note.hidden = calls.length > 0 && shown.length <= TRACE_ROWS_MAX;
    if (calls.length === 0) this.note.textContent = "No tool calls in this run.";
    else if (shown.length > TRACE_ROWS_MAX) {
      this.note.textContent = `Showing ${this.sort === "slowest" ? "the slowest" : "the last"} ${
        fmtCount(TRACE_ROWS_MAX)
      } of ${fmtCount(shown.length)} calls; the filters and the sort narrow them down.`;
      shown = this.sort === "slowest"
        ? shown.slice(0, TRACE_ROWS_MAX)
        : shown.slice(-TRACE_ROWS_MAX);
    }
    const figure = calls.length > 0
      ? waterfall(
        this.sort === "order" ? shown : calls.filter((c) => shown.includes(c)),
        (c) => this.keyOf(c),
        (c) => this.openCall(c),
      )
      : null;
    this.chart.replaceChildren(...(figure ? [figure] : []));
    const rows: HTMLTableRowElement[] = [];
    for (const c of shown) {
      rows.push(this.row(c));
      if (this.open.has(this.keyOf(c))) rows.push(this.detail(c));
    }
    this.tbody.replaceChildren(...rows);
  }

  /** Opens a call's row (from the waterfall): its input and complete output below it. */
  openCall(c: TraceCall): void {
    const key = this.keyOf(c);
    this.open.add(key);
    this.draw();
    const out = document.getElementById(`out-${key}`);
    out?.scrollIntoView({ block: "nearest" });
    out?.focus();
  }

  row(c: TraceCall): HTMLTableRowElement {
    const err = c.is_error === true || c.timed_out;
    const isSlow = (c.duration_ms ?? 0) >= SLOW_CALL_MS;
    const state = c.returned_at === null
      ? badge("no result", "warn")
      : badge(c.result, err || c.result !== "ok" ? "error" : "ok");
    const key = this.keyOf(c);
    const open = this.open.has(key);
    const button = h("button", {
      type: "button",
      class: "link",
      "aria-expanded": open ? "true" : "false",
      "aria-controls": `out-${key}`,
      onclick: () => {
        if (this.open.has(key)) this.open.delete(key);
        else this.open.add(key);
        this.draw();
        if (this.open.has(key)) document.getElementById(`out-${key}`)?.focus();
      },
    }, open ? "Hide" : "Output");
    return h(
      "tr",
      {
        class: `${err ? "is-error" : ""} ${isSlow ? "is-slow" : ""} paired-${c.paired}`,
        "data-call": c.call,
        "data-run": c.run,
        "data-tool": c.tool,
        "data-paired": c.paired,
        "data-result": c.result,
      },
      h(
        "td",
        {},
        c.called_at === null
          ? badge("no call", "warn")
          : h("time", { datetime: c.called_at }, fmtTime(c.called_at)),
      ),
      h("td", {}, c.role),
      h("td", {}, h("code", {}, c.tool)),
      h("td", { class: "input" }, inputSummary(c.input)),
      h(
        "td",
        { class: "num" },
        fmtDuration(c.duration_ms),
        isSlow ? " " : "",
        isSlow ? badge("slow", "warn") : "",
      ),
      h(
        "td",
        { class: "result-cell" },
        state,
        c.paired === "order" ? h("span", { class: "muted small" }, " (by order)") : "",
        h("div", { class: "preview small" }, firstLine(c.preview, 100)),
      ),
      h("td", { class: "num" }, `${fmtCount(c.output_chars)} chars `, button),
    );
  }

  detail(c: TraceCall): HTMLTableRowElement {
    const key = this.keyOf(c);
    const out = h("pre", { class: "output", tabindex: "0", id: `out-${key}` });
    const cached = this.outputs.get(key);
    if (cached !== undefined) out.textContent = cached;
    else {
      out.textContent = "Loading the complete output…";
      this.app.api.text(
        `/api/tasks/${encodeURIComponent(this.ref)}/trace/${encodeURIComponent(c.call)}/output`,
      ).then(
        (text) => {
          this.outputs.set(key, text);
          out.textContent = text;
        },
      ).catch((e) => {
        this.app.apiFailed(e);
        const msg = statusOf(e) === 404
          ? "The complete output of this call was not kept (tracing was off, or the file is gone)."
          : `Cannot load the output: ${messageOf(e)}`;
        this.outputs.set(key, msg);
        out.textContent = msg;
        out.classList.add("sev-error");
      });
    }
    return h(
      "tr",
      { class: "detail" },
      h(
        "td",
        { colspan: "7" },
        h(
          "div",
          { class: "detail-grid" },
          h(
            "div",
            {},
            h("h3", {}, "Input"),
            h("pre", { class: "code" }, JSON.stringify(c.input, null, 2) ?? ""),
          ),
          h(
            "div",
            {},
            h("h3", {}, `Complete output (${fmtCount(c.output_chars)} characters)`),
            out,
          ),
        ),
      ),
    );
  }
}
