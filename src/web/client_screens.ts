// @ts-nocheck: browser code; it runs in the page, where the DOM exists, not in Deno.
/**
 * The screens of the web UI: Tasks, Activity, a task's Timeline and Trace,
 * History and a task's history. Each screen is a class with `mount(el)`,
 * `unmount()` and, when it shows live data, `onEvent(env)`, `onDelta(env)`
 * and `onReset()`. Screens read the shared store; the Timeline, Trace and
 * History screens load their document once when they open and then follow
 * the project stream, never polling.
 *
 * @module
 */

/** A call that took at least this long is marked slow in the Trace. */
const SLOW_CALL_MS = 5000;

/** At most this many calls are rows of the Trace table at once. */
const TRACE_ROWS_MAX = 2000;

/** At most this many items are kept in a Timeline's DOM (the oldest go first). */
const TIMELINE_ITEMS_MAX = 3000;

/**
 * Schedules `fn` once per animation frame, however often it is asked, and at
 * most once every `minIntervalMs` (screens that redraw a whole table).
 */
function frameThrottle(fn, minIntervalMs = 0) {
  let pending = false;
  let last = 0;
  return () => {
    if (pending) return;
    pending = true;
    const wait = Math.max(0, last + minIntervalMs - performance.now());
    setTimeout(() =>
      requestAnimationFrame(() => {
        pending = false;
        last = performance.now();
        fn();
      }), wait);
  };
}

/**
 * A `details` element whose content is made only when it is first opened
 * (a long Timeline has thousands of them). `more(fn)` adds content later.
 */
function lazyDetails(summary, make, open = false) {
  const parts = [make];
  let filled = 0;
  const el = h("details", {}, h("summary", {}, summary));
  const fill = () => {
    while (filled < parts.length) el.append(...parts[filled++]());
  };
  el.addEventListener("toggle", () => {
    if (el.open) fill();
  });
  el.more = (fn) => {
    parts.push(fn);
    if (el.open) fill();
  };
  if (open) {
    el.open = true;
    fill();
  }
  return el;
}

/** `#N` of the task a reference names (its number when the page knows the task). */
function taskLabel(app, ref) {
  const info = app.store.byRef(ref);
  return `#${info?.number ?? ref}`;
}

/** A status word as a badge. */
function badge(text, kind) {
  return h("span", { class: `badge ${kind ?? ""}` }, text);
}

/** The badge kind of a task or run status. */
function statusKind(status) {
  const s = String(status ?? "").toLowerCase();
  if (["done", "merged", "ready", "finished", "completed", "approved", "ok"].includes(s)) {
    return "ok";
  }
  if (["failed", "error", "rejected", "cancelled", "canceled", "zombie"].includes(s)) {
    return "error";
  }
  if (["paused", "waiting", "review", "blocked"].includes(s)) return "warn";
  if (s === "running") return "live";
  return "";
}

/** A heading and a short line under it. */
function screenHeader(title, ...rest) {
  return h("header", { class: "screen-head" }, h("h1", { tabindex: "-1" }, title), ...rest);
}

/** A message in place of a screen's content. */
function placeholder(text, kind) {
  return h(
    "p",
    { class: `placeholder ${kind ?? ""}`, role: kind === "error" ? "alert" : null },
    text,
  );
}

/** A table with a caption and header cells. */
function table(caption, headers, className) {
  const tbody = h("tbody");
  const t = h(
    "table",
    { class: className ?? "grid" },
    h("caption", { class: "sr-only" }, caption),
    h("thead", {}, h("tr", {}, ...headers.map((c) => h("th", { scope: "col" }, c)))),
    tbody,
  );
  // Wide tables scroll sideways on narrow screens instead of widening the page.
  return { table: h("div", { class: "table-wrap" }, t), tbody };
}

/** Tasks: every task with its status, phase, pending approval and live progress. */
class TasksScreen {
  constructor(app) {
    this.app = app;
    this.render = frameThrottle(() => this.draw(), 250);
    /** Task number -> its row and the version of the task it shows. */
    this.rows = new Map();
    this.order = "";
  }

  mount(el) {
    this.summary = h("p", { class: "muted" });
    const { table: t, tbody } = table("Tasks", [
      "#",
      "Task",
      "Status",
      "Phase",
      "Approval",
      "Progress",
      "Last activity",
    ], "grid tasks");
    this.tbody = tbody;
    this.empty = placeholder("No tasks yet. A task appears here as soon as it has events.");
    el.append(screenHeader("Tasks", this.summary), t, this.empty);
    this.draw();
  }

  onEvent() {
    this.render();
  }
  onDelta() {
    this.render();
  }
  onReset() {
    this.render();
  }
  onTask() {
    this.render();
  }

  draw() {
    const tasks = [...this.app.store.tasks.values()].filter((t) => t.number > 0)
      .sort((a, b) => a.number - b.number || (a.id < b.id ? -1 : 1));
    const running = tasks.filter((t) => t.running).length;
    const waiting = tasks.filter((t) => t.pendingApproval).length;
    this.summary.textContent = `${tasks.length} task${
      tasks.length === 1 ? "" : "s"
    } · ${running} running · ${waiting} waiting for approval`;
    // The list is drawn once the task list (titles, states) came with the events.
    this.empty.textContent = this.app.loaded
      ? "No tasks yet. A task appears here as soon as it has events."
      : "Loading the tasks…";
    this.empty.hidden = tasks.length > 0 && this.app.loaded;
    if (!this.app.loaded) return;
    // Only the rows of tasks that changed are drawn again.
    const keyOf = (t) => t.id || `#${t.number}`;
    for (const t of tasks) {
      const r = this.rows.get(keyOf(t));
      if (r && r.version === t.version) continue;
      const tr = this.row(t);
      r?.tr.replaceWith(tr);
      this.rows.set(keyOf(t), { tr, version: t.version });
    }
    const order = tasks.map(keyOf).join(",");
    if (order !== this.order) {
      this.order = order;
      this.tbody.replaceChildren(...tasks.map((t) => this.rows.get(keyOf(t)).tr));
    }
  }

  row(t) {
    const n = t.number;
    const ref = this.app.store.refOf(t);
    const status = t.running ? "running" : (t.status || t.runStatus || "–");
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
        firstLine(describeEnv(t.last), 80),
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
    );
  }
}

/** Activity: the project-wide feed, filterable by type and task, virtualised. */
class ActivityScreen {
  constructor(app, query) {
    this.app = app;
    this.type = query.get("type") ?? "";
    this.taskFilter = query.get("task") ?? "";
    this.view = [];
    this.updateCount = frameThrottle(() => {
      this.list.setCount(this.view.length);
      this.drawCount();
    });
    this.updateFilters = frameThrottle(() => this.drawFilters());
  }

  mount(el) {
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

  unmount() {}

  /** Shows the selected event whole, as the server sent it. */
  showDetail(i) {
    const env = this.app.store.events[this.view[i]];
    this.detail.hidden = !env;
    if (env) this.detail.textContent = JSON.stringify(env, null, 2);
  }

  passes(env) {
    if (this.type && env.event.type !== this.type) return false;
    if (this.taskFilter && !envOf(env, this.taskFilter)) return false;
    return true;
  }

  rebuild() {
    const evs = this.app.store.events;
    const view = [];
    for (let i = 0; i < evs.length; i++) if (this.passes(evs[i])) view.push(i);
    this.view = view;
    this.list.follow = this.followBox.checked;
    this.list.setCount(view.length);
    this.list.refresh();
    this.drawCount();
  }

  drawCount() {
    const total = this.app.store.events.length;
    const shown = this.view.length;
    this.count.textContent = shown === total
      ? `${fmtCount(total)} events`
      : `${fmtCount(shown)} of ${fmtCount(total)} events`;
  }

  drawFilters() {
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

  filterChanged() {
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

  renderRow(row, i) {
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
    const ev = env.event;
    const [time, task, type, text] = row.children;
    time.textContent = fmtTime(env.at);
    task.textContent = env.number ? `#${env.number}` : "";
    type.textContent = `${symbolOf(env)} ${ev.type}`;
    text.textContent = describeEnv(env);
    row.className = `vrow sev-${(!isFuture(env) && severityOf(ev)) || "none"}`;
    row.title = `${env.at}${env.seq ? " · seq " + env.seq : ""}`;
  }

  onEvent(env) {
    const i = this.app.store.events.length - 1;
    if (this.app.store.events[i] === env && this.passes(env)) {
      this.view.push(i);
      this.updateCount();
    }
    this.updateFilters();
  }

  onReset() {
    this.drawFilters();
    this.rebuild();
  }

  onTrim() {
    this.rebuild();
  }

  onTask() {
    this.updateFilters();
  }
}

/** Pairs tool calls with their results: by call id, and by order and tool for legacy ids. */
class CallPairs {
  constructor() {
    this.byId = new Map();
    this.legacy = new Map();
  }

  called(ev, value) {
    if (ev.call && ev.call !== "000000000000") this.byId.set(ev.call, value);
    else {
      const q = this.legacy.get(ev.tool) ?? [];
      q.push(value);
      this.legacy.set(ev.tool, q);
    }
  }

  returned(ev) {
    if (ev.call && ev.call !== "000000000000") {
      const v = this.byId.get(ev.call);
      this.byId.delete(ev.call);
      return v;
    }
    return this.legacy.get(ev.tool)?.shift();
  }
}

/** A task's Timeline: phases, agent text arriving live, tool calls with their results. */
class TimelineScreen {
  constructor(app, ref) {
    this.app = app;
    this.ref = ref;
    this.seen = new Set();
    this.buffer = [];
    this.loading = true;
    this.items = [];
    this.live = new Map();
    this.pairs = new CallPairs();
    this.run = "";
  }

  mount(el) {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, `#${n}`);
    this.status = h("p", { class: "muted" });
    el.append(
      h(
        "header",
        { class: "screen-head" },
        this.title,
        this.status,
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

  drawHead() {
    const t = this.app.store.byRef(this.ref);
    this.title.textContent = `${taskLabel(this.app, this.ref)} ${t?.title ?? ""}`.trim();
    if (t) {
      const parts = [t.running ? "running" : (t.status || t.runStatus || "")];
      if (t.phase) parts.push(`phase ${t.phase}`);
      if (t.pendingApproval) parts.push(`waiting for approval of the ${t.pendingApproval}`);
      if (t.run) parts.push(`run ${shortId(t.run)}`);
      this.status.textContent = parts.filter(Boolean).join(" · ");
    }
    document.title = `${taskLabel(this.app, this.ref)} ${t?.title ?? ""} · Timeline · taskline`;
  }

  async load() {
    let envs;
    try {
      envs = await this.app.api.json(`/api/tasks/${encodeURIComponent(this.ref)}/events`);
    } catch (e) {
      this.app.apiFailed(e);
      this.note.replaceWith(
        this.note = placeholder(
          `Cannot load the events of task ${taskLabel(this.app, this.ref)}: ${e.message}`,
          "error",
        ),
      );
      return;
    }
    this.loading = false;
    envs = Array.isArray(envs) ? envs : [];
    // A long run: only the newest events get items; older ones only shape the phases.
    const skip = Math.max(0, envs.length - TIMELINE_ITEMS_MAX);
    for (let i = 0; i < envs.length; i++) {
      const type = envs[i]?.event?.type;
      if (
        i >= skip || type === "phase_started" || type === "phase_finished" || type === "run_started"
      ) {
        this.add(envs[i]);
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

  onEvent(env) {
    if (!envOf(env, this.ref)) return;
    if (this.loading) this.buffer.push(env);
    else {
      this.add(env);
      this.note.hidden = this.items.length > 0;
    }
    this.drawHead();
  }

  onTask() {
    this.drawHead();
  }

  onDelta(env) {
    if (!envOf(env, this.ref) || this.loading) return;
    const ev = env.event;
    const key = `${ev.role}|${ev.subtask ?? ""}`;
    let block = this.live.get(key);
    if (!block) {
      const text = h("div", { class: "text streaming", "aria-live": "off" });
      const li = this.item(
        "live",
        h("span", { class: "role" }, ev.role),
        h("span", { class: "muted" }, " is writing…"),
        text,
      );
      block = { li, text, length: 0 };
      this.live.set(key, block);
    }
    const d = ev.delta ?? {};
    const span = h("span", { class: d.kind === "thinking" ? "thinking" : "" }, d.text ?? "");
    block.text.append(span);
    block.length += (d.text ?? "").length;
    // Bound the block: keep the newest text.
    while (block.length > 20_000 && block.text.firstChild) {
      block.length -= block.text.firstChild.textContent.length;
      block.text.firstChild.remove();
    }
    this.app.scrollIfAtEnd();
  }

  /** Appends an item to the current phase (or to the top when no phase started yet). */
  item(kind, ...children) {
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

  add(env) {
    const ev = env.event;
    const key = `${ev.run ?? ""}:${env.seq ?? env.at}:${ev.type}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (isFuture(env)) {
      this.item(
        "event sev-none",
        h("time", { datetime: env.at, class: "t" }, fmtTime(env.at)),
        " ",
        h("span", { class: "sym", "aria-hidden": "true" }, "?"),
        " ",
        describeEnv(env),
      );
      return;
    }
    if (ev.type === "run_started" && this.run && ev.run !== this.run) {
      // A new run: the timeline shows the current run.
      this.body.replaceChildren();
      this.items = [];
      this.phaseList = null;
      this.live.clear();
      this.pairs = new CallPairs();
    }
    if (ev.type === "run_started") this.run = ev.run;
    const time = h("time", { datetime: env.at, class: "t" }, fmtTime(env.at));
    const sev = severityOf(ev);
    switch (ev.type) {
      case "phase_started": {
        this.phaseList = null;
        const state = h("span", { class: "phase-state" }, badge("running", "live"));
        const list = h("ol", { class: "items" });
        const sec = h(
          "li",
          { class: "phase", "data-phase": ev.phase },
          h("h2", {}, time, " ", h("span", { class: "phase-name" }, ev.phase), " ", state),
          list,
        );
        this.body.append(sec);
        this.phase = { name: ev.phase, at: env.at, state, sec };
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
        else this.item(`event sev-${sev}`, time, " ", ...content);
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
        const text = h("div", { class: "text" }, ev.text);
        if (block) {
          for (const [k, b] of this.live) if (b === block) this.live.delete(k);
          block.li.className = "item text-item";
          block.li.replaceChildren(time, " ", h("span", { class: "role" }, ev.role), text);
        } else this.item("text-item", time, " ", h("span", { class: "role" }, ev.role), text);
        return;
      }
      case "tool_called": {
        const result = h("span", { class: "result pending" }, "running…");
        const details = lazyDetails("input and output", () => [
          h("pre", { class: "code" }, JSON.stringify(ev.input, null, 2)),
        ]);
        const li = this.item(
          "call",
          time,
          " ",
          h("span", { class: "role" }, ev.role),
          " → ",
          h("code", { class: "tool" }, ev.tool),
          " ",
          h("span", { class: "input" }, inputSummary(ev.input)),
          " ",
          result,
          details,
        );
        li.dataset.call = ev.call;
        this.pairs.called(ev, { li, result, details, at: env.at });
        return;
      }
      case "tool_returned": {
        const pair = this.pairs.returned(ev);
        const failed = ev.is_error || ev.timed_out;
        const state = ev.timed_out ? "timed out" : ev.is_error ? "error" : "ok";
        const result = h(
          "span",
          { class: "result" },
          badge(state, failed ? "error" : "ok"),
          ev.exit_code !== null && ev.exit_code !== undefined ? ` exit ${ev.exit_code}` : "",
          h("span", { class: "muted" }, ` ${fmtDuration(ev.duration_ms)}`),
          ev.duration_ms >= SLOW_CALL_MS ? " " : "",
          ev.duration_ms >= SLOW_CALL_MS ? badge("slow", "warn") : "",
        );
        const output = () => [
          h("pre", { class: `preview ${failed ? "sev-error" : ""}` }, ev.preview ?? ""),
          h(
            "a",
            { href: `#/task/${this.ref}/trace?call=${ev.call}` },
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
            "call",
            time,
            " ",
            h("code", { class: "tool" }, ev.tool),
            " ",
            result,
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
          h("span", { class: "sym", "aria-hidden": "true" }, SYMBOLS[ev.type] ?? "?"),
          " ",
          describe(ev),
        );
    }
  }
}

/** Trace: every call of a run paired with its result, complete output on demand. */
class TraceScreen {
  constructor(app, ref, query) {
    this.app = app;
    this.ref = ref;
    this.calls = [];
    this.run = "";
    this.open = new Set(query.get("call") ? [query.get("call")] : []);
    this.outputs = new Map();
    this.legacyCount = 0;
    this.pending = [];
    this.errorsOnly = false;
    this.slowOnly = false;
    this.sort = "order";
    this.render = frameThrottle(() => this.draw(), 250);
  }

  mount(el) {
    const n = this.ref;
    const label = taskLabel(this.app, n);
    this.title = h("h1", { tabindex: "-1" }, `#${n} Trace`);
    this.summary = h("p", { class: "muted" });
    const check = (id, label, on) =>
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", id, onchange: (e) => on(e.target.checked) }),
        ` ${label}`,
      );
    const sortSelect = h(
      "select",
      {
        id: "trace-sort",
        onchange: (e) => {
          this.sort = e.target.value;
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
    el.append(this.note, t);
    this.load();
  }

  async load() {
    let doc;
    try {
      doc = await this.app.api.json(`/api/tasks/${encodeURIComponent(this.ref)}/trace`);
    } catch (e) {
      this.app.apiFailed(e);
      this.note.textContent = `Cannot load the trace of task ${
        taskLabel(this.app, this.ref)
      }: ${e.message}`;
      this.note.classList.add("error");
      return;
    }
    this.run = doc.run ?? "";
    this.calls = Array.isArray(doc.calls) ? doc.calls : [];
    this.index = new Map(this.calls.map((c) => [c.call, c]));
    this.loaded = true;
    for (const env of this.pending.splice(0)) {
      if (env.event.type !== "run_started") this.onEvent(env);
    }
    this.draw();
  }

  onEvent(env) {
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
    if (ev.run !== this.run) return;
    if (ev.type === "tool_called") {
      const c = {
        run: ev.run,
        call: ev.call,
        role: ev.role,
        subtask: ev.subtask,
        tool: ev.tool,
        input: ev.input,
        called_at: env.at,
        returned_at: null,
        duration_ms: null,
        is_error: null,
        exit_code: null,
        timed_out: false,
        preview: "",
        output_chars: 0,
        output_file: null,
        paired: "unmatched",
      };
      if (!this.index.has(ev.call) || ev.call === "000000000000") {
        this.calls.push(c);
        this.index.set(ev.call, c);
      }
      this.render();
    } else if (ev.type === "tool_returned") {
      const c = ev.call === "000000000000"
        ? this.calls.find((x) => x.tool === ev.tool && x.paired === "unmatched")
        : this.index.get(ev.call);
      if (!c) return;
      Object.assign(c, {
        returned_at: env.at,
        duration_ms: ev.duration_ms,
        is_error: ev.is_error,
        exit_code: ev.exit_code,
        timed_out: ev.timed_out,
        preview: ev.preview,
        output_chars: ev.output_chars,
        output_file: ev.output_file,
        paired: ev.call === "000000000000" ? "order" : "id",
      });
      this.render();
    }
  }

  /** A call's key in this screen: its id, or a number of its own for pre-0.5 calls (all 000000000000). */
  keyOf(c) {
    if (!c.key) c.key = c.call === "000000000000" ? `legacy-${++this.legacyCount}` : c.call;
    return c.key;
  }

  onTask() {
    const t = this.app.store.byRef(this.ref);
    if (t?.title) this.title.textContent = `${taskLabel(this.app, this.ref)} ${t.title} · Trace`;
  }

  draw() {
    this.onTask();
    const calls = this.calls;
    const errors = calls.filter((c) => c.is_error || c.timed_out).length;
    const slow = calls.filter((c) => (c.duration_ms ?? 0) >= SLOW_CALL_MS).length;
    const total = calls.reduce((s, c) => s + (c.duration_ms ?? 0), 0);
    this.summary.textContent = [
      `Run ${shortId(this.run)}`,
      plural(calls.length, "call"),
      plural(errors, "error"),
      `${fmtCount(slow)} slow`,
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
    const rows = [];
    for (const c of shown) {
      rows.push(this.row(c));
      if (this.open.has(this.keyOf(c))) rows.push(this.detail(c));
    }
    this.tbody.replaceChildren(...rows);
  }

  row(c) {
    const err = c.is_error || c.timed_out;
    const isSlow = (c.duration_ms ?? 0) >= SLOW_CALL_MS;
    const state = c.returned_at === null && c.duration_ms === null
      ? badge("no result", "warn")
      : badge(c.timed_out ? "timed out" : err ? "error" : "ok", err ? "error" : "ok");
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
      { class: `${err ? "is-error" : ""} ${isSlow ? "is-slow" : ""}`, "data-call": c.call },
      h("td", {}, h("time", { datetime: c.called_at }, fmtTime(c.called_at))),
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
        {},
        state,
        c.exit_code !== null && c.exit_code !== undefined ? ` exit ${c.exit_code}` : "",
        h("div", { class: "preview small" }, firstLine(c.preview, 100)),
      ),
      h("td", { class: "num" }, `${fmtCount(c.output_chars)} chars `, button),
    );
  }

  detail(c) {
    const key = this.keyOf(c);
    const out = h("pre", { class: "output", tabindex: "0", id: `out-${key}` });
    const cached = this.outputs.get(key);
    if (cached !== undefined) out.textContent = cached;
    else {
      out.textContent = "Loading the complete output…";
      this.app.api.text(`/api/tasks/${encodeURIComponent(this.ref)}/trace/${c.call}/output`).then(
        (text) => {
          this.outputs.set(key, text);
          out.textContent = text;
        },
      ).catch((e) => {
        this.app.apiFailed(e);
        const msg = e.status === 404
          ? "The complete output of this call was not kept (tracing was off, or the file is gone)."
          : `Cannot load the output: ${e.message}`;
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
            h("pre", { class: "code" }, JSON.stringify(c.input, null, 2)),
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

/** History: finished work of the project, with tokens, time and cost. */
class HistoryScreen {
  constructor(app) {
    this.app = app;
    this.reloadTimer = 0;
  }

  mount(el) {
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
    el.append(screenHeader("History", this.summary), this.note, t);
    this.load();
  }

  unmount() {
    clearTimeout(this.reloadTimer);
  }

  async load() {
    let docs;
    try {
      docs = await this.app.api.json("/api/history");
    } catch (e) {
      this.app.apiFailed(e);
      this.note.textContent = `Cannot load the history: ${e.message}`;
      this.note.classList.add("error");
      return;
    }
    docs = Array.isArray(docs) ? docs : [];
    this.note.hidden = docs.length > 0;
    this.note.textContent = "No finished work yet.";
    let tokens = 0, ms = 0;
    const costs = new Map();
    for (const d of docs) {
      tokens += usageTokens(d.totals?.usage);
      ms += d.totals?.active_ms ?? 0;
      if (d.cost) costs.set(d.cost.currency, (costs.get(d.cost.currency) ?? 0) + d.cost.amount);
    }
    const costText = [...costs].map(([currency, amount]) => fmtCost({ amount, currency })).join(
      " + ",
    );
    this.summary.textContent = `${docs.length} tasks · ${fmtTokens(tokens)} tokens · ${
      fmtDuration(ms)
    } active${costText ? " · " + costText + " priced" : ""}`;
    this.tbody.replaceChildren(...docs.map((d) => this.row(d)));
  }

  row(d) {
    const n = d.number;
    const ref = this.app.store.refOf(this.app.store.tasks.get(d.task?.id)) || String(n);
    const u = d.totals?.usage ?? {};
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
      h("td", { class: "num" }, `${fmtTokens(u.input_tokens)} / ${fmtTokens(u.output_tokens)}`),
      h("td", { class: "num" }, fmtDuration(d.totals?.active_ms)),
      h(
        "td",
        { class: "num cost", title: d.cost ? "" : "not every session of this task is priced" },
        fmtCost(d.cost),
        d.cost?.complete === false ? h("span", { class: "muted small" }, " partial") : "",
      ),
      h("td", {}, d.last_qa ? `${d.last_qa.verdict} (round ${d.last_qa.round})` : "–"),
      h("td", {}, fmtDateTime(d.last_activity)),
    );
  }

  onEvent(env) {
    if (env.event.type !== "run_finished" && env.event.type !== "approval_resolved") return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }
}

/** A task's history: its runs, phases, commits, validations, tokens, time and cost. */
class HistoryDetailScreen {
  constructor(app, ref) {
    this.app = app;
    this.ref = ref;
    this.reloadTimer = 0;
  }

  mount(el) {
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

  unmount() {
    clearTimeout(this.reloadTimer);
  }

  onEvent(env) {
    if (!envOf(env, this.ref)) return;
    if (!["run_finished", "approval_resolved", "phase_finished"].includes(env.event.type)) return;
    clearTimeout(this.reloadTimer);
    this.reloadTimer = setTimeout(() => this.load(), 800);
  }

  async load() {
    let d;
    try {
      d = await this.app.api.json(`/api/history/${encodeURIComponent(this.ref)}`);
    } catch (e) {
      this.app.apiFailed(e);
      this.content.replaceChildren(
        placeholder(
          `Cannot load the history of task ${taskLabel(this.app, this.ref)}: ${e.message}`,
          "error",
        ),
      );
      return;
    }
    this.title.textContent = `${taskLabel(this.app, this.ref)} ${d.task?.title ?? ""} · History`;
    document.title = `${taskLabel(this.app, this.ref)} History · taskline`;
    const u = d.totals?.usage ?? {};
    const dl = h("dl", { class: "facts" });
    const fact = (k, v) => dl.append(h("div", {}, h("dt", {}, k), h("dd", {}, v)));
    fact("Status", badge(d.task?.status ?? "–", statusKind(d.task?.status)));
    fact("Runs", String(d.totals?.runs ?? d.runs?.length ?? 0));
    fact("Input tokens", fmtCount(u.input_tokens));
    fact("Output tokens", fmtCount(u.output_tokens));
    fact(
      "Cache read / write",
      `${fmtCount(u.cache_read_tokens)} / ${fmtCount(u.cache_write_tokens)}`,
    );
    fact("Active time", fmtDuration(d.totals?.active_ms));
    fact(
      "Cost",
      h(
        "span",
        { class: "cost" },
        fmtCost(d.cost),
        d.cost ? "" : h("span", { class: "muted" }, " (not every session is priced)"),
      ),
    );
    fact("Commits", String(d.totals?.commits ?? 0));
    if (d.last_qa) {
      fact(
        "Last QA",
        `${d.last_qa.verdict} (round ${d.last_qa.round}${
          Number.isInteger(d.last_qa.issues) ? ", " + plural(d.last_qa.issues, "issue") : ""
        })`,
      );
    }
    if (d.validations_passed !== null && d.validations_passed !== undefined) {
      fact("Validations", d.validations_passed ? "passed" : "failed");
    }
    fact("Last activity", fmtDateTime(d.last_activity));
    const parts = [h("section", { "aria-label": "Totals" }, dl)];
    if (d.errors?.length) {
      parts.push(
        h(
          "section",
          { class: "errors", role: "note" },
          h("h2", {}, "Problems"),
          h("ul", {}, ...d.errors.map((e) => h("li", {}, e))),
        ),
      );
    }
    const files = d.changed_files?.files ?? [];
    if (files.length) {
      parts.push(
        h(
          "section",
          {},
          h("h2", {}, `Changed files${d.changed_files.approximate ? " (approximate)" : ""}`),
          h(
            "ul",
            { class: "files" },
            ...files.map((f) =>
              h(
                "li",
                {},
                h("code", {}, f.path),
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

  runSection(r) {
    const head = h(
      "h2",
      {},
      `Run ${shortId(r.run)} `,
      badge(r.status ?? r.state ?? "–", statusKind(r.status ?? r.state)),
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
      const took = p.finished_at ? Date.parse(p.finished_at) - Date.parse(p.started_at) : null;
      tbody.append(
        h(
          "tr",
          {},
          h("td", {}, p.phase),
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
              h("code", {}, v.command),
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

/** The parts in page order. */
export const SCREEN_PARTS: readonly unknown[] = [
  frameThrottle,
  lazyDetails,
  taskLabel,
  badge,
  statusKind,
  screenHeader,
  placeholder,
  table,
  TasksScreen,
  ActivityScreen,
  CallPairs,
  TimelineScreen,
  TraceScreen,
  HistoryScreen,
  HistoryDetailScreen,
];

/** Constants of the page, written as `const NAME = <json>;`. */
export const SCREEN_CONSTANTS: Record<string, unknown> = {
  SLOW_CALL_MS,
  TRACE_ROWS_MAX,
  TIMELINE_ITEMS_MAX,
};
