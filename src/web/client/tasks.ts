/**
 * Tasks: every task with its status, phase, pending approval and live
 * progress, redrawn row by row from the store.
 *
 * @module
 */
import { NewTaskForm, TaskActions } from "./actions.ts";
import { h } from "./dom.ts";
import { describeText, firstLine, fmtTokens, fmtWhen, plural } from "./format.ts";
import { subtaskProgress, type TaskInfo } from "./store.ts";
import {
  type AppContext,
  badge,
  frameThrottle,
  placeholder,
  type Screen,
  screenHeader,
  statusKind,
  table,
} from "./widgets.ts";

/** The word a task's status shows: a run that stopped to wait is paused, not failed. */
export function statusWord(t: TaskInfo): string {
  if (t.running) return "running";
  return t.status || t.runStatus || "–";
}

export class TasksScreen implements Screen {
  readonly render: () => void;
  /** Task key -> its row and the version of the task it shows. */
  readonly rows = new Map<string, { tr: HTMLTableRowElement; version: number }>();
  order = "";
  /** Task key -> its action buttons, kept across redraws (a form being filled in stays). */
  readonly actions = new Map<string, TaskActions>();
  summary!: HTMLParagraphElement;
  tbody!: HTMLTableSectionElement;
  empty!: HTMLParagraphElement;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
    this.render = frameThrottle(() => this.draw(), 250);
  }

  mount(el: HTMLElement): void {
    this.summary = h("p", { class: "muted" });
    const { table: t, tbody } = table("Tasks", [
      "#",
      "Task",
      "Status",
      "Phase",
      "Approval",
      "Progress",
      "Last activity",
      "Actions",
    ], "grid tasks");
    this.tbody = tbody;
    this.empty = placeholder("No tasks yet. A task appears here within seconds of being made.");
    el.append(screenHeader("Tasks", this.summary, new NewTaskForm(this.app).root), t, this.empty);
    this.draw();
  }

  onEvent(): void {
    this.render();
  }
  onDelta(): void {
    this.render();
  }
  onReset(): void {
    this.render();
  }
  onTask(): void {
    this.render();
  }

  draw(): void {
    const tasks = [...this.app.store.tasks.values()].filter((t) => t.number > 0)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
    const running = tasks.filter((t) => t.running).length;
    const waiting = tasks.filter((t) => t.pendingApproval).length;
    this.summary.textContent = `${tasks.length} task${
      tasks.length === 1 ? "" : "s"
    } · ${running} running · ${waiting} waiting for approval`;
    // The list is drawn once the task list (titles, states) came with the events.
    this.empty.textContent = this.app.loaded
      ? "No tasks yet. A task appears here within seconds of being made."
      : "Loading the tasks…";
    this.empty.hidden = tasks.length > 0 && this.app.loaded;
    if (!this.app.loaded) return;
    // Only the rows of tasks that changed are drawn again.
    const keyOf = (t: TaskInfo) => t.id || `#${t.number}`;
    for (const t of tasks) {
      const r = this.rows.get(keyOf(t));
      if (r && r.version === t.version) continue;
      const fresh = this.row(t);
      if (r) {
        // The row stays; its cells are replaced, all but the actions, so that a button or a
        // form in use keeps its focus and its text while the task's events arrive.
        r.tr.className = fresh.className;
        const old = [...r.tr.cells];
        const cells = [...fresh.cells];
        for (let i = 0; i < cells.length - 1; i++) old[i].replaceWith(cells[i]);
        r.version = t.version;
      } else {
        fresh.lastElementChild!.append(this.actionsOf(t).root);
        this.rows.set(keyOf(t), { tr: fresh, version: t.version });
      }
    }
    const order = tasks.map(keyOf).join(",");
    if (order !== this.order) {
      this.order = order;
      this.tbody.replaceChildren(...tasks.map((t) => this.rows.get(keyOf(t))!.tr));
    }
  }

  /** The action buttons of a task, made once. */
  actionsOf(t: TaskInfo): TaskActions {
    const key = t.id || `#${t.number}`;
    let actions = this.actions.get(key);
    if (!actions) this.actions.set(key, actions = new TaskActions(this.app, t));
    return actions;
  }

  row(t: TaskInfo): HTMLTableRowElement {
    const n = t.number;
    this.actionsOf(t).update(t);
    const ref = this.app.store.refOf(t);
    const status = statusWord(t);
    const p = subtaskProgress(t);
    const progress = h("div", { class: "progress-cell" });
    if (p.total > 0) {
      progress.append(
        h("progress", { max: p.total, value: p.done, "aria-label": `subtasks of #${n}` }),
        h("span", {}, ` ${p.done}/${p.total} subtasks`),
      );
    }
    const tokenText = t.tokenLimit
      ? `${fmtTokens(t.tokens)} of ${fmtTokens(t.tokenLimit)} tokens`
      : t.tokens
      ? `${fmtTokens(t.tokens)} tokens`
      : "";
    const bits = [
      tokenText,
      t.calls ? plural(t.calls, "call") : "",
      t.errors ? plural(t.errors, "error") : "",
    ]
      .filter(Boolean).join(" · ");
    if (bits) progress.append(h("div", { class: "muted small" }, bits));
    if (t.running && t.liveText) {
      progress.append(
        h(
          "div",
          { class: "live-text", title: `${t.liveRole} is writing` },
          `${t.liveRole}: …${t.liveText.slice(-90)}`,
        ),
      );
    }
    const last = t.last
      ? h(
        "div",
        {},
        h("time", { datetime: t.lastAt, class: "muted" }, fmtWhen(t.lastAt)),
        " ",
        firstLine(describeText(t.last), 80),
      )
      : t.lastAt
      ? h("time", { datetime: t.lastAt, class: "muted" }, fmtWhen(t.lastAt))
      : "–";
    const phase = t.phase
      ? h("span", { class: t.phaseFailed ? "sev-error" : "" }, t.phase, t.phaseFailed ? " ✗" : "")
      : "–";
    return h(
      "tr",
      { class: t.running ? "is-running" : "", "data-task": n },
      h("td", { class: "num" }, `#${n}`),
      h(
        "td",
        {},
        h("a", { href: `#/task/${ref}` }, t.title || `Task ${n}`),
        h(
          "div",
          { class: "row-links small" },
          h("a", { href: `#/task/${ref}/trace`, "aria-label": `Trace of #${n}` }, "trace"),
          " · ",
          h("a", { href: `#/history/${ref}`, "aria-label": `History of #${n}` }, "history"),
          " · ",
          h("a", { href: `#/activity?task=${ref}`, "aria-label": `Activity of #${n}` }, "activity"),
        ),
      ),
      h("td", {}, badge(status, statusKind(status))),
      h("td", {}, phase),
      h("td", {}, t.pendingApproval ? badge(`waiting: ${t.pendingApproval}`, "warn") : "–"),
      h("td", {}, progress),
      h("td", { class: "last" }, last),
      h("td", { class: "actions-cell" }),
    );
  }
}
