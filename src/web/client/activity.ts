/**
 * Activity: the project-wide feed, filterable by type and task, virtualised.
 *
 * @module
 */
import { h } from "./dom.ts";
import { describeEnv, fmtCount, fmtTime } from "./format.ts";
import { envOf } from "./store.ts";
import { VirtualList } from "./vlist.ts";
import { type AppContext, frameThrottle, type Screen, screenHeader } from "./widgets.ts";
import type { WireEnvelope } from "./wire.ts";

export class ActivityScreen implements Screen {
  type: string;
  taskFilter: string;
  view: number[] = [];
  taskSig = "";
  readonly updateCount: () => void;
  readonly updateFilters: () => void;
  typeSelect!: HTMLSelectElement;
  taskSelect!: HTMLSelectElement;
  count!: HTMLOutputElement;
  followBox!: HTMLInputElement;
  list!: VirtualList;
  detail!: HTMLPreElement;
  readonly app: AppContext;

  constructor(app: AppContext, query: URLSearchParams) {
    this.app = app;
    this.type = query.get("type") ?? "";
    this.taskFilter = query.get("task") ?? "";
    this.updateCount = frameThrottle(() => {
      this.list.setCount(this.view.length);
      this.drawCount();
    });
    this.updateFilters = frameThrottle(() => this.drawFilters());
  }

  mount(el: HTMLElement): void {
    this.typeSelect = h("select", { id: "filter-type", onchange: () => this.filterChanged() });
    this.taskSelect = h("select", { id: "filter-task", onchange: () => this.filterChanged() });
    this.count = h("output", { class: "muted", "aria-live": "off" });
    this.followBox = h("input", {
      type: "checkbox",
      id: "follow",
      checked: true,
      onchange: () => {
        this.list.follow = this.followBox.checked;
        if (this.list.follow) this.list.scrollToEnd();
      },
    });
    const bar = h(
      "div",
      { class: "toolbar", role: "group", "aria-label": "Filters" },
      h("label", { for: "filter-type" }, "Type "),
      this.typeSelect,
      h("label", { for: "filter-task" }, "Task "),
      this.taskSelect,
      h("label", { class: "check" }, this.followBox, " Follow new events"),
      this.count,
    );
    this.list = new VirtualList({
      label: "Events",
      rowHeight: 28,
      renderRow: (row, i) => this.renderRow(row, i),
      onSelect: (i) => this.showDetail(i),
      onActivate: (i) => {
        const env = this.app.store.events[this.view[i]];
        if (!env) return;
        const ref = this.app.store.refOf(this.app.store.tasks.get(env.task)) || env.number;
        if (ref) location.hash = `#/task/${ref}`;
      },
    });
    this.list.root.addEventListener("scroll", () => {
      if (this.followBox.checked !== this.list.follow) this.followBox.checked = this.list.follow;
    }, { passive: true });
    this.detail = h("pre", {
      class: "event-detail",
      "aria-live": "off",
      "aria-label": "The selected event",
      hidden: true,
    });
    el.append(screenHeader("Activity"), bar, this.list.root, this.detail);
    el.classList.add("fill");
    this.drawFilters();
    this.rebuild();
  }

  /** Shows the selected event whole, as the server sent it. */
  showDetail(i: number): void {
    const env = this.app.store.events[this.view[i]];
    this.detail.hidden = !env;
    if (env) this.detail.textContent = JSON.stringify(env, null, 2);
  }

  passes(env: WireEnvelope): boolean {
    if (this.type && env.event.type !== this.type) return false;
    if (this.taskFilter && !envOf(env, this.taskFilter)) return false;
    return true;
  }

  rebuild(): void {
    const evs = this.app.store.events;
    const view: number[] = [];
    for (let i = 0; i < evs.length; i++) if (this.passes(evs[i])) view.push(i);
    this.view = view;
    this.list.follow = this.followBox.checked;
    this.list.setCount(view.length);
    this.list.refresh();
    this.drawCount();
  }

  drawCount(): void {
    const total = this.app.store.events.length;
    const shown = this.view.length;
    this.count.textContent = shown === total
      ? `${fmtCount(total)} events`
      : `${fmtCount(shown)} of ${fmtCount(total)} events`;
  }

  drawFilters(): void {
    const store = this.app.store;
    const types = [...store.types].sort();
    if (this.type && !types.includes(this.type)) types.push(this.type);
    if (this.typeSelect.options.length !== types.length + 1) {
      this.typeSelect.replaceChildren(
        h("option", { value: "" }, "All types"),
        ...types.map((t) => h("option", { value: t }, t)),
      );
      this.typeSelect.value = this.type;
    }
    const infos = [...store.tasks.values()].filter((t) => t.number > 0)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
    const options = infos.map((t) => ({
      ref: store.refOf(t),
      text: `#${t.number}${t.title ? " " + t.title : ""}`,
    }));
    if (this.taskFilter && !options.some((o) => o.ref === this.taskFilter)) {
      options.push({ ref: this.taskFilter, text: `#${this.taskFilter}` });
    }
    const sig = options.map((o) => `${o.ref}:${o.text}`).join("|");
    if (this.taskSig !== sig) {
      this.taskSig = sig;
      this.taskSelect.replaceChildren(
        h("option", { value: "" }, "All tasks"),
        ...options.map((o) => h("option", { value: o.ref }, o.text)),
      );
      this.taskSelect.value = this.taskFilter;
    }
  }

  filterChanged(): void {
    this.type = this.typeSelect.value;
    this.taskFilter = this.taskSelect.value;
    const q = new URLSearchParams();
    if (this.type) q.set("type", this.type);
    if (this.taskFilter) q.set("task", this.taskFilter);
    const qs = q.toString();
    history.replaceState(null, "", `#/activity${qs ? "?" + qs : ""}`);
    this.followBox.checked = true;
    this.rebuild();
  }

  renderRow(row: HTMLElement, i: number): void {
    const env = this.app.store.events[this.view[i]];
    if (!row.firstChild) {
      row.append(
        h("span", { class: "c-time" }),
        h("span", { class: "c-task" }),
        h("span", { class: "c-type" }),
        h("span", { class: "c-text" }),
      );
    }
    if (!env) return;
    const [symbol, severity, text] = describeEnv(env);
    const [time, task, type, textCell] = [...row.children] as HTMLElement[];
    time.textContent = fmtTime(env.at);
    task.textContent = env.number ? `#${env.number}` : "";
    type.textContent = `${symbol} ${env.event.type}`;
    textCell.textContent = text;
    row.className = `vrow sev-${severity || "none"}`;
    row.title = `${env.at}${env.seq ? " · seq " + env.seq : ""}`;
  }

  onEvent(env: WireEnvelope): void {
    const i = this.app.store.events.length - 1;
    if (this.app.store.events[i] === env && this.passes(env)) {
      this.view.push(i);
      this.updateCount();
    }
    this.updateFilters();
  }

  onReset(): void {
    this.drawFilters();
    this.rebuild();
  }

  onTrim(): void {
    this.rebuild();
  }

  onTask(): void {
    this.updateFilters();
  }
}
