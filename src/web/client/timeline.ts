/**
 * A task's Timeline: phases, agent text arriving live, tool calls with their
 * results (paired as `taskline trace` pairs them, views/trace_pair.ts).
 *
 * @module
 */
import { CallPairing, type TraceCall } from "../../views/trace_pair.ts";
import type { AnyEvent } from "../../contract/events.ts";
import { TaskActions } from "./actions.ts";
import { type Child, h } from "./dom.ts";
import { describeEnv, fmtCount, fmtDuration, fmtTime, inputSummary, shortId } from "./format.ts";
import { envOf } from "./store.ts";
import {
  type AppContext,
  badge,
  type LazyDetails,
  lazyDetails,
  placeholder,
  type Screen,
  taskLabel,
} from "./widgets.ts";
import { isFuture, type WireEnvelope } from "./wire.ts";

/** A call that took at least this long is marked slow. */
export const SLOW_CALL_MS = 5000;

/** At most this many items are kept in a Timeline's DOM (the oldest go first). */
const TIMELINE_ITEMS_MAX = 3000;

interface LiveBlock {
  li: HTMLLIElement;
  text: HTMLDivElement;
  length: number;
}

interface CallItem {
  li: HTMLLIElement;
  result: HTMLElement;
  details: LazyDetails;
}

export class TimelineScreen implements Screen {
  readonly seen = new Set<string>();
  buffer: WireEnvelope[] = [];
  loading = true;
  items: HTMLLIElement[] = [];
  readonly live = new Map<string, LiveBlock>();
  pairs = new CallPairing(null);
  callItems = new Map<TraceCall, CallItem>();
  run = "";
  phaseList: HTMLOListElement | null = null;
  phase: { name: string; at: string; state: HTMLElement } | null = null;
  cut: HTMLLIElement | null = null;
  title!: HTMLHeadingElement;
  status!: HTMLParagraphElement;
  actions: TaskActions | null = null;
  actionsSlot!: HTMLDivElement;
  body!: HTMLOListElement;
  note!: HTMLParagraphElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string) {
    this.app = app;
    this.ref = ref;
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, `#${n}`);
    this.status = h("p", { class: "muted" });
    this.actionsSlot = h("div", { class: "head-actions" });
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        this.status,
        this.actionsSlot,
        h(
          "nav",
          { class: "subnav", "aria-label": `Task ${label}` },
          h("a", { href: `#/task/${n}`, "aria-current": "page" }, "Timeline"),
          h("a", { href: `#/task/${n}/trace` }, "Trace"),
          h("a", { href: `#/history/${n}` }, "History"),
          h("a", { href: `#/activity?task=${n}` }, "Activity"),
        ),
      ),
    );
    this.body = h("ol", { class: "timeline", "aria-label": `Timeline of task ${label}` });
    this.note = placeholder("Loading the task's events…");
    el.append(this.note, this.body);
    this.drawHead();
    this.load();
  }

  drawHead(): void {
    const t = this.app.store.byRef(this.ref);
    this.title.textContent = `${taskLabel(this.app, this.ref)} ${t?.title ?? ""}`.trim();
    if (t) {
      const parts = [t.running ? "running" : (t.status || t.runStatus || "")];
      if (t.phase) parts.push(`phase ${t.phase}`);
      if (t.pendingApproval) parts.push(`waiting for approval of the ${t.pendingApproval}`);
      if (t.run) parts.push(`run ${shortId(t.run)}`);
      this.status.textContent = parts.filter(Boolean).join(" · ");
      if (!this.actions) {
        this.actions = new TaskActions(this.app, t);
        this.actionsSlot.append(this.actions.root);
      } else this.actions.update(t);
    }
    document.title = `${taskLabel(this.app, this.ref)} ${t?.title ?? ""} · Timeline · taskline`;
  }

  async load(): Promise<void> {
    let envs: unknown;
    try {
      envs = await this.app.api.json(`/api/tasks/${encodeURIComponent(this.ref)}/events`);
    } catch (e) {
      this.app.apiFailed(e);
      const msg = e instanceof Error ? e.message : String(e);
      this.note.replaceWith(
        this.note = placeholder(
          `Cannot load the events of task ${taskLabel(this.app, this.ref)}: ${msg}`,
          "error",
        ),
      );
      return;
    }
    this.loading = false;
    const list = (Array.isArray(envs) ? envs : []).filter((e): e is WireEnvelope =>
      typeof e?.event?.type === "string"
    );
    // A long run: only the newest events get items; older ones only shape the phases.
    const skip = Math.max(0, list.length - TIMELINE_ITEMS_MAX);
    for (let i = 0; i < list.length; i++) {
      const type = list[i].event.type;
      if (
        i >= skip || type === "phase_started" || type === "phase_finished" || type === "run_started"
      ) {
        this.add(list[i]);
      }
    }
    if (skip > 0) {
      this.body.prepend(
        h(
          "li",
          { class: "item muted" },
          `${fmtCount(skip)} earlier events of this run are not shown here; see Activity or Trace.`,
        ),
      );
    }
    for (const env of this.buffer.splice(0)) this.add(env);
    this.note.hidden = this.items.length > 0;
    this.note.textContent = "No events yet: this task has not run.";
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (this.loading) this.buffer.push(env);
    else {
      this.add(env);
      this.note.hidden = this.items.length > 0;
    }
    this.drawHead();
  }

  onTask(): void {
    this.drawHead();
  }

  onDelta(env: WireEnvelope): void {
    if (!envOf(env, this.ref) || this.loading) return;
    const ev = env.event;
    const key = `${ev.role}|${ev.subtask ?? ""}`;
    let block = this.live.get(key);
    if (!block) {
      const text = h("div", { class: "text streaming", "aria-live": "off" });
      const li = this.item(
        "live",
        h("span", { class: "role" }, String(ev.role ?? "")),
        h("span", { class: "muted" }, " is writing…"),
        text,
      );
      block = { li, text, length: 0 };
      this.live.set(key, block);
    }
    const d = ev.delta ?? {};
    const piece = typeof d.text === "string" ? d.text : "";
    block.text.append(h("span", { class: d.kind === "thinking" ? "thinking" : "" }, piece));
    block.length += piece.length;
    // Bound the block: keep the newest text.
    while (block.length > 20_000 && block.text.firstChild) {
      block.length -= block.text.firstChild.textContent?.length ?? 0;
      block.text.firstChild.remove();
    }
    this.app.scrollIfAtEnd();
  }

  /** Appends an item to the current phase (or to the top when no phase started yet). */
  item(kind: string, ...children: Child[]): HTMLLIElement {
    const li = h("li", { class: `item ${kind}` }, ...children);
    (this.phaseList ?? this.body).append(li);
    this.items.push(li);
    if (this.items.length > TIMELINE_ITEMS_MAX) {
      for (const old of this.items.splice(0, 500)) old.remove();
      if (!this.cut) {
        this.cut = h(
          "li",
          { class: "item muted" },
          "Earlier events of this run are not shown here; see Activity or Trace.",
        );
        this.body.prepend(this.cut);
      }
    }
    return li;
  }

  add(env: WireEnvelope): void {
    const ev = env.event;
    const key = `${ev.run ?? ""}:${env.seq ?? env.at}:${ev.type}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const [symbol, sev, text] = describeEnv(env);
    if (isFuture(env)) {
      this.item(
        "event sev-none",
        h("time", { datetime: env.at, class: "t" }, fmtTime(env.at)),
        " ",
        h("span", { class: "sym", "aria-hidden": "true" }, "?"),
        " ",
        text,
      );
      return;
    }
    if (ev.type === "run_started" && this.run && ev.run !== this.run) {
      // A new run: the timeline shows the current run.
      this.body.replaceChildren();
      this.items = [];
      this.phaseList = null;
      this.live.clear();
      this.pairs = new CallPairing(null);
      this.callItems = new Map();
    }
    if (ev.type === "run_started") this.run = String(ev.run ?? "");
    const time = h("time", { datetime: env.at, class: "t" }, fmtTime(env.at));
    switch (ev.type) {
      case "phase_started": {
        this.phaseList = null;
        const state = h("span", { class: "phase-state" }, badge("running", "live"));
        const list = h("ol", { class: "items" });
        const phase = String(ev.phase ?? "");
        const sec = h(
          "li",
          { class: "phase", "data-phase": phase },
          h("h2", {}, time, " ", h("span", { class: "phase-name" }, phase), " ", state),
          list,
        );
        this.body.append(sec);
        this.phase = { name: phase, at: env.at, state };
        this.phaseList = list;
        return;
      }
      case "phase_finished": {
        const p = this.phase && this.phase.name === ev.phase ? this.phase : null;
        const took = p ? Date.parse(env.at) - Date.parse(p.at) : NaN;
        const content = [
          badge(ev.success ? "ok" : "failed", ev.success ? "ok" : "error"),
          Number.isFinite(took) ? h("span", { class: "muted" }, ` ${fmtDuration(took)}`) : "",
          ev.summary ? h("span", { class: "summary" }, ` ${ev.summary}`) : "",
        ];
        if (p) p.state.replaceChildren(...content);
        else this.item(`event sev-${sev || "none"}`, time, " ", ...content);
        for (const [k, b] of this.live) {
          b.li.classList.add("done");
          this.live.delete(k);
        }
        // What follows until the next phase (budget, approval, the run's end) stays in its card.
        return;
      }
      case "agent_text": {
        const key = `${ev.role}|${ev.subtask ?? ""}`;
        const block = this.live.get(key) ??
          [...this.live.entries()].find(([k]) => k.startsWith(`${ev.role}|`))?.[1];
        const body = h("div", { class: "text" }, String(ev.text ?? ""));
        const role = h("span", { class: "role" }, String(ev.role ?? ""));
        if (block) {
          for (const [k, b] of this.live) if (b === block) this.live.delete(k);
          block.li.className = "item text-item";
          block.li.replaceChildren(time, " ", role, body);
        } else this.item("text-item", time, " ", role, body);
        return;
      }
      case "tool_called": {
        const result = h("span", { class: "result pending" }, "running…");
        const details = lazyDetails("input and output", () => [
          h("pre", { class: "code" }, JSON.stringify(ev.input, null, 2) ?? ""),
        ]);
        const li = this.item(
          "call",
          time,
          " ",
          h("span", { class: "role" }, String(ev.role ?? "")),
          " → ",
          h("code", { class: "tool" }, String(ev.tool ?? "")),
          " ",
          h("span", { class: "input" }, inputSummary(ev.input)),
          " ",
          result,
          details,
        );
        li.dataset.call = String(ev.call ?? "");
        const entry = this.pairs.add(env as { at: string; event: AnyEvent });
        if (entry) this.callItems.set(entry, { li, result, details });
        return;
      }
      case "tool_returned": {
        const entry = this.pairs.add(env as { at: string; event: AnyEvent });
        const pair = entry && entry.paired !== "unmatched" ? this.callItems.get(entry) : undefined;
        const failed = ev.is_error === true || ev.timed_out === true;
        const state = ev.timed_out ? "timed out" : ev.is_error ? "error" : "ok";
        const slow = typeof ev.duration_ms === "number" && ev.duration_ms >= SLOW_CALL_MS;
        const result = h(
          "span",
          { class: "result" },
          badge(state, failed ? "error" : "ok"),
          typeof ev.exit_code === "number" ? ` exit ${ev.exit_code}` : "",
          h("span", { class: "muted" }, ` ${fmtDuration(ev.duration_ms)}`),
          slow ? " " : "",
          slow ? badge("slow", "warn") : "",
        );
        const output = () => [
          h("pre", { class: `preview ${failed ? "sev-error" : ""}` }, String(ev.preview ?? "")),
          h(
            "a",
            { href: `#/task/${this.ref}/trace?call=${encodeURIComponent(String(ev.call ?? ""))}` },
            `complete output (${fmtCount(ev.output_chars)} characters) in the Trace`,
          ),
        ];
        if (pair) {
          pair.result.replaceWith(result);
          pair.details.more(output);
          if (failed) {
            pair.li.classList.add("sev-error");
            pair.details.open = true;
          }
        } else {
          this.item(
            `call${entry?.paired === "unmatched" ? " unmatched" : ""}`,
            time,
            " ",
            h("code", { class: "tool" }, String(ev.tool ?? "")),
            " ",
            result,
            entry?.paired === "unmatched" ? badge("no call", "warn") : "",
            lazyDetails("output", output, failed),
          );
        }
        return;
      }
      default:
        this.item(
          `event sev-${sev || "none"}`,
          time,
          " ",
          h("span", { class: "sym", "aria-hidden": "true" }, symbol),
          " ",
          text,
        );
    }
  }
}
