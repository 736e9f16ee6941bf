/**
 * History: finished work of the project with tokens, time and cost, and one
 * task's runs, phases, commits, validations and approvals.
 *
 * @module
 */
import type { RunHistory, TaskHistory } from "../../views/history.ts";
import { messageOf } from "./api.ts";
import { historyChart, perDay } from "./charts.ts";
import { h } from "./dom.ts";
import {
  fmtCost,
  fmtCount,
  fmtDateTime,
  fmtDuration,
  fmtTime,
  fmtTokens,
  plural,
  shortId,
  usageTokens,
} from "./format.ts";
import { envOf } from "./store.ts";
import {
  type AppContext,
  badge,
  placeholder,
  type Screen,
  screenHeader,
  statusKind,
  table,
  taskLabel,
} from "./widgets.ts";
import type { WireEnvelope } from "./wire.ts";

/** A history document as it arrived: any field may be missing. */
type Doc = Partial<TaskHistory>;

function docsOf(value: unknown): Doc[] {
  return Array.isArray(value) ? value.filter((d) => d && typeof d === "object") : [];
}

export class HistoryScreen implements Screen {
  reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  note!: HTMLParagraphElement;
  chart!: HTMLDivElement;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
  }

  mount(el: HTMLElement): void {
    this.summary = h("p", { class: "muted" });
    const { table: t, tbody } = table("History", [
      "#",
      "Task",
      "Status",
      "Runs",
      "Tokens in / out",
      "Active time",
      "Cost",
      "QA",
      "Last activity",
    ], "grid history");
    this.tbody = tbody;
    this.note = placeholder("Loading the history…");
    this.chart = h("div", { class: "chart-slot" });
    el.append(screenHeader("History", this.summary), this.note, this.chart, t);
    this.load();
  }

  unmount(): void {
    clearTimeout(this.reloadTimer);
  }

  async load(): Promise<void> {
    let docs: Doc[];
    try {
      docs = docsOf(await this.app.api.json("/api/history"));
    } catch (e) {
      this.app.apiFailed(e);
      this.note.textContent = `Cannot load the history: ${messageOf(e)}`;
      this.note.classList.add("error");
      return;
    }
    this.note.hidden = docs.length > 0;
    this.note.textContent = "No finished work yet.";
    let tokens = 0, ms = 0, reported = false;
    const costs = new Map<string, number>();
    for (const d of docs) {
      tokens += usageTokens(d.totals?.usage);
      ms += d.totals?.active_ms ?? 0;
      if (d.cost) costs.set(d.cost.currency, (costs.get(d.cost.currency) ?? 0) + d.cost.amount);
      if (d.cost?.reported) reported = true;
    }
    const costText = [...costs].map(([currency, amount]) => fmtCost({ amount, currency }))
      .join(" + ");
    this.summary.textContent = `${docs.length} tasks · ${fmtTokens(tokens)} tokens · ${
      fmtDuration(ms)
    } active${costText ? ` · ${costText} ${reported ? "priced or reported" : "priced"}` : ""}`;
    this.tbody.replaceChildren(...docs.map((d) => this.row(d)));
    const days = perDay(docs);
    const currency = docs.find((d) => d.cost)?.cost?.currency ?? "USD";
    this.chart.replaceChildren(...(days.length ? [historyChart(days, currency)] : []));
  }

  row(d: Doc): HTMLTableRowElement {
    const n = d.number;
    const ref = this.app.store.refOf(this.app.store.tasks.get(d.task?.id ?? "")) || String(n);
    const u = d.totals?.usage;
    const last = d.runs?.[d.runs.length - 1];
    const status = d.task?.status ?? last?.status ?? "–";
    return h(
      "tr",
      { "data-task": n ?? "" },
      h("td", { class: "num" }, n ? `#${n}` : "–"),
      h(
        "td",
        {},
        n
          ? h("a", { href: `#/history/${ref}` }, d.task?.title ?? `Task ${n}`)
          : d.task?.title ?? "",
      ),
      h("td", {}, badge(status, statusKind(status))),
      h("td", { class: "num" }, String(d.totals?.runs ?? d.runs?.length ?? 0)),
      h("td", { class: "num" }, `${fmtTokens(u?.input_tokens)} / ${fmtTokens(u?.output_tokens)}`),
      h("td", { class: "num" }, fmtDuration(d.totals?.active_ms)),
      h(
        "td",
        {
          class: "num cost",
          title: !d.cost
            ? "not every session of this task is priced"
            : d.cost.reported
            ? "reported by the agent: the price table has no price for its model"
            : "",
        },
        fmtCost(d.cost),
        d.cost?.complete === false ? h("span", { class: "muted small" }, " partial") : "",
        d.cost?.reported ? h("span", { class: "muted small reported" }, " reported") : "",
      ),
      h("td", {}, d.last_qa ? `${d.last_qa.verdict} (round ${d.last_qa.round})` : "–"),
      h("td", {}, fmtDateTime(d.last_activity)),
    );
  }

  onEvent(env: WireEnvelope): void {
    if (env.event.type !== "run_finished" && env.event.type !== "approval_resolved") return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }
}

/** The words a run's status shows: a run that stopped to wait is paused, not failed. */
export function runStatusText(r: Partial<RunHistory>): string {
  return r.status ?? r.state ?? "–";
}

export class HistoryDetailScreen implements Screen {
  reloadTimer: ReturnType<typeof setTimeout> | undefined = undefined;
  title!: HTMLHeadingElement;
  content!: HTMLDivElement;
  readonly app: AppContext;
  readonly ref: string;

  constructor(app: AppContext, ref: string) {
    this.app = app;
    this.ref = ref;
  }

  mount(el: HTMLElement): void {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, `#${n} History`);
    this.content = h("div", {}, placeholder("Loading the task's history…"));
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        h(
          "nav",
          { class: "subnav", "aria-label": `Task ${label}` },
          h("a", { href: `#/task/${n}` }, "Timeline"),
          h("a", { href: `#/task/${n}/trace` }, "Trace"),
          h("a", { href: `#/history/${n}`, "aria-current": "page" }, "History"),
          h("a", { href: `#/history` }, "All history"),
        ),
      ),
      this.content,
    );
    this.load();
  }

  unmount(): void {
    clearTimeout(this.reloadTimer);
  }

  onEvent(env: WireEnvelope): void {
    if (!envOf(env, this.ref)) return;
    if (!["run_finished", "approval_resolved", "phase_finished"].includes(env.event.type)) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }

  async load(): Promise<void> {
    let d: Doc;
    try {
      d = (await this.app.api.json(`/api/history/${encodeURIComponent(this.ref)}`) ?? {}) as Doc;
    } catch (e) {
      this.app.apiFailed(e);
      this.content.replaceChildren(
        placeholder(
          `Cannot load the history of task ${taskLabel(this.app, this.ref)}: ${messageOf(e)}`,
          "error",
        ),
      );
      return;
    }
    this.title.textContent = `${taskLabel(this.app, this.ref)} ${d.task?.title ?? ""} · History`;
    document.title = `${taskLabel(this.app, this.ref)} History · taskline`;
    const u = d.totals?.usage;
    const dl = h("dl", { class: "facts" });
    const fact = (k: string, v: Node | string) =>
      dl.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
    fact("Status", badge(d.task?.status ?? "–", statusKind(d.task?.status)));
    fact("Runs", String(d.totals?.runs ?? d.runs?.length ?? 0));
    fact("Input tokens", fmtCount(u?.input_tokens));
    fact("Output tokens", fmtCount(u?.output_tokens));
    fact(
      "Cache read / write",
      `${fmtCount(u?.cache_read_tokens)} / ${fmtCount(u?.cache_write_tokens)}`,
    );
    fact("Active time", fmtDuration(d.totals?.active_ms));
    fact(
      "Cost",
      h(
        "span",
        { class: "cost" },
        fmtCost(d.cost),
        d.cost
          ? d.cost.reported
            ? h("span", { class: "muted reported" }, " (reported by the agent)")
            : ""
          : h("span", { class: "muted" }, " (not every session is priced)"),
      ),
    );
    fact("Commits", String(d.totals?.commits ?? 0));
    if (d.last_qa) {
      fact(
        "Last QA",
        `${d.last_qa.verdict} (round ${d.last_qa.round}${
          Number.isInteger(d.last_qa.issues) ? ", " + plural(d.last_qa.issues!, "issue") : ""
        })`,
      );
    }
    if (d.validations_passed !== null && d.validations_passed !== undefined) {
      fact("Validations", d.validations_passed ? "passed" : "failed");
    }
    fact("Last activity", fmtDateTime(d.last_activity));
    const parts: HTMLElement[] = [h("section", { "aria-label": "Totals" }, dl)];
    if (d.errors?.length) {
      parts.push(
        h(
          "section",
          { class: "errors", role: "note" },
          h("h2", {}, "Problems"),
          h("ul", {}, ...d.errors.map((e) => h("li", {}, String(e)))),
        ),
      );
    }
    const files = d.changed_files?.files ?? [];
    if (files.length) {
      parts.push(
        h(
          "section",
          {},
          h("h2", {}, `Changed files${d.changed_files?.approximate ? " (approximate)" : ""}`),
          h(
            "ul",
            { class: "files" },
            ...files.map((f) =>
              h(
                "li",
                {},
                h("code", {}, String(f.path)),
                f.status && f.status !== "unknown" ? ` ${f.status}` : "",
              )
            ),
          ),
        ),
      );
    }
    for (const r of [...(d.runs ?? [])].reverse()) parts.push(this.runSection(r));
    this.content.replaceChildren(...parts);
  }

  runSection(r: Partial<RunHistory>): HTMLElement {
    const status = runStatusText(r);
    const head = h(
      "h2",
      {},
      `Run ${shortId(r.run)} `,
      badge(status, statusKind(status)),
      h(
        "span",
        { class: "muted small" },
        ` ${fmtDateTime(r.started_at)} · ${fmtDuration(r.active_ms)} active · ${
          fmtTokens(usageTokens(r.usage))
        } tokens${r.resumes ? ` · ${r.resumes} resumes` : ""}`,
      ),
    );
    const { table: t, tbody } = table(`Phases of run ${shortId(r.run)}`, [
      "Phase",
      "Started",
      "Took",
      "Result",
      "Summary",
    ], "grid phases");
    for (const p of r.phases ?? []) {
      const took = p.finished_at
        ? Date.parse(p.finished_at) - Date.parse(p.started_at ?? "")
        : null;
      tbody.append(
        h(
          "tr",
          {},
          h("td", {}, String(p.phase)),
          h("td", {}, fmtTime(p.started_at)),
          h("td", { class: "num" }, took === null ? "–" : fmtDuration(took)),
          h(
            "td",
            {},
            p.success === null || p.success === undefined
              ? badge("unfinished", "warn")
              : badge(p.success ? "ok" : "failed", p.success ? "ok" : "error"),
          ),
          h("td", {}, p.summary ?? ""),
        ),
      );
    }
    const sec = h("section", { class: "run" }, head, t);
    if (r.pending_approval) {
      sec.append(h("p", {}, badge(`waiting for approval of the ${r.pending_approval}`, "warn")));
    }
    if (r.last_error) sec.append(h("p", { class: "sev-error" }, `Last error: ${r.last_error}`));
    if (r.commits?.length) {
      sec.append(
        h("h3", {}, "Commits"),
        h(
          "ul",
          {},
          ...r.commits.map((c) =>
            h(
              "li",
              {},
              h("code", {}, shortId(c.commit, 7)),
              ` ${c.message || "(no message)"}`,
              c.files?.length ? h("span", { class: "muted" }, ` · ${c.files.length} files`) : "",
            )
          ),
        ),
      );
    }
    if (r.merged) {
      sec.append(
        h(
          "p",
          {},
          `Merged ${r.merged.branch || "the task branch"} into ${r.merged.base || "its base"} as `,
          h("code", {}, shortId(r.merged.commit, 7)),
        ),
      );
    }
    if (r.validations?.length) {
      sec.append(
        h("h3", {}, "Validations"),
        h(
          "ul",
          {},
          ...r.validations.map((v) =>
            h(
              "li",
              { class: v.passed ? "" : "sev-error" },
              h("code", {}, String(v.command)),
              ` ${v.passed ? "passed" : "failed"}`,
              v.exit_code !== null && v.exit_code !== undefined ? ` (exit ${v.exit_code})` : "",
            )
          ),
        ),
      );
    }
    if (r.approvals?.length) {
      sec.append(
        h("h3", {}, "Approvals"),
        h(
          "ul",
          {},
          ...r.approvals.map((a) =>
            h(
              "li",
              {},
              `${a.gate}: ${a.approved ? "approved" : "rejected"}${
                a.comment ? " (" + a.comment + ")" : ""
              }`,
            )
          ),
        ),
      );
    }
    return sec;
  }
}
