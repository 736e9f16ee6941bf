/**
 * The terminal UI's state and layout: which screen is shown, what is
 * selected, the filter, the help; keys change the state and `frame` lays
 * out the model's rows for a terminal size. No I/O here: run.ts feeds keys,
 * sizes and model changes in and writes the frames out.
 *
 * @module
 */
import type { Key } from "./keys.ts";
import {
  type BoardRow,
  type FeedEntry,
  isReady,
  type Loadable,
  type Tone,
  type TraceCallRow,
  type TuiModel,
} from "./model.ts";
import { clean, fit, fitRight, paint, type Style, textLines, textWidth, wrap } from "./text.ts";

/** The screens, in tab order. */
export type ScreenId = "tasks" | "activity" | "history" | "trace";

const SCREENS: readonly ScreenId[] = ["tasks", "activity", "history", "trace"];
const TITLES: Record<ScreenId, string> = {
  tasks: "Tasks",
  activity: "Activity",
  history: "History",
  trace: "Trace",
};

/** Most lines of a call's output shown in the Trace tab (the rest: `taskline trace --full`). */
const PANE_LINES_MAX = 20_000;

/** Narrowest title column of the History table before other columns are left out. */
const TITLE_MIN = 16;

/** Smallest terminal the UI lays out; smaller ones get a note. */
export const MIN_WIDTH = 40;
export const MIN_HEIGHT = 10;

/** What a key asks the program to do besides redrawing. */
export type KeyOutcome = "quit" | "interrupt" | "redraw" | null;

/**
 * What the task keys do (src/tui/actions.ts does it with the library's
 * actions). Each resolves to a line telling what happened, or throws an
 * error whose message is shown.
 */
export interface TuiActions {
  create(title: string): Promise<string>;
  run(number: number, resume: boolean): Promise<string>;
  cancel(number: number): Promise<string>;
  approve(number: number, comment: string | null): Promise<string>;
  reject(number: number, reason: string): Promise<string>;
  /** Runs started from this UI that still run (they stop when it quits). */
  running(): number;
  /** Set by the app: told when something ends later (a run started here). */
  onNotice: (text: string, ok: boolean) => void;
}

/** A question on the status line. */
type Prompt =
  | {
    kind: "text";
    label: string;
    text: string;
    /** Enter needs some text. */
    required: boolean;
    submit: (text: string) => Promise<string> | "quit";
  }
  | { kind: "confirm"; label: string; submit: () => Promise<string> | "quit" };

/** Longest text typed into a prompt, in characters. */
const PROMPT_CHARS_MAX = 1000;

/** Options of {@link TuiApp}. */
export interface TuiAppOptions {
  /** The task keys' actions. Default none: the keys say the UI cannot act. */
  actions?: TuiActions;
  /** Called when something changed outside a key (an action answered). */
  onUpdate?: () => void;
  /** Colours (false with NO_COLOR). Default true. */
  colour?: boolean;
  /** The screen shown first. Default `tasks`. */
  screen?: ScreenId;
  /** A task to open first (its Trace tab). Default none. */
  task?: number;
}

const HELP: readonly string[] = [
  "Keys",
  "",
  "  Tab, Shift-Tab   next, previous screen",
  "  1 2 3 4          Tasks, Activity, History, Trace",
  "  ↑ ↓  k j         move the selection, scroll",
  "  PgUp PgDn        a page up, down (Trace: the output)",
  "  Home End  g G    first, last (Activity: End follows live)",
  "  Enter            open: the task's detail, a call's output",
  "  t                the Trace tab of the selected task",
  "  a                History list: every task, or finished work only",
  "  Esc ← Backspace  back, or clear the filter",
  "  /                filter the rows (Enter keeps it, Esc clears)",
  "  Ctrl-L           redraw",
  "  ?                this help (any key closes it)",
  "  q  Ctrl-C        quit",
  "",
  "On the Tasks screen, a task's detail and its Trace tab:",
  "  n                new task (asks its title)",
  "  r  R             run the selected task, resume its run",
  "  c                cancel its run (asks to confirm)",
  "  a                approve the gate it waits for (comment optional)",
  "  x                reject the gate (asks the reason)",
  "Runs started here stop (resumable) when the UI quits.",
  "",
  "Tasks: the board, live. Activity: every task's events as they",
  "happen. History: finished work; Enter for a task's detail.",
  "Trace: the calls of the current run with results and outputs.",
];

/**
 * The UI state machine.
 *
 * @example
 * ```ts
 * const app = new TuiApp(model);
 * app.key({ name: "tab" });
 * screen.draw(app.frame({ width: 120, height: 40 }), { width: 120, height: 40 });
 * ```
 */
export class TuiApp {
  readonly model: TuiModel;
  screen: ScreenId;
  /** The task of the Trace tab and of the History detail. */
  task: number | null;
  /** The History screen shows the detail of `task`. */
  historyDetail = false;
  /** History lists every task, not only finished work (`a`). */
  historyAll = false;
  /** The help is shown over the screen. */
  help = false;
  /** The filter line is being edited. */
  editing = false;
  readonly filters: Record<ScreenId, string> = { tasks: "", activity: "", history: "", trace: "" };
  /** Selected row of each list, by key (task number, event cursor, call). */
  readonly selected: Record<ScreenId, string | null> = {
    tasks: null,
    activity: null,
    history: null,
    trace: null,
  };
  readonly #top: Record<ScreenId, number> = { tasks: 0, activity: 0, history: 0, trace: 0 };
  /** Activity follows new events (its selection stays on the last line). */
  follow = true;
  #docTop = 0;
  #outTop = 0;
  #lastBody = 20;
  #paneCache:
    | { call: TraceCallRow; width: number; text: string; note: string; lines: string[] }
    | null = null;
  readonly #colour: boolean;
  readonly #actions: TuiActions | null;
  readonly #onUpdate: () => void;
  /** The question being asked on the status line, if any. */
  prompt: Prompt | null = null;
  /** The answer of the last action (or why it failed), until the next key. */
  notice: { text: string; tone: Tone } | null = null;

  constructor(model: TuiModel, options: TuiAppOptions = {}) {
    this.model = model;
    this.#colour = options.colour ?? true;
    this.#actions = options.actions ?? null;
    this.#onUpdate = options.onUpdate ?? (() => {});
    if (this.#actions) {
      this.#actions.onNotice = (text, ok) => {
        this.notice = { text, tone: ok ? "ok" : "fail" };
        this.#onUpdate();
      };
    }
    this.task = options.task ?? null;
    this.screen = options.screen ?? (this.task !== null ? "trace" : "tasks");
  }

  // ---------------------------------------------------------------- keys

  /** Applies a key; says whether the program should quit or redraw whole. */
  key(k: Key): KeyOutcome {
    if (k.name === "ctrl-c") return "interrupt";
    if (this.help) {
      this.help = false;
      return null;
    }
    if (this.prompt) return this.#promptKey(k);
    if (this.editing && this.#editKey(k)) return null;
    if (k.name === "ctrl-l") return "redraw";
    if (k.name !== "char" || k.char !== "?") this.notice = null;
    if (k.name === "char") {
      if (this.#actionKey(k.char)) return null;
      switch (k.char) {
        case "q": {
          const n = this.#actions?.running() ?? 0;
          if (n === 0) return "quit";
          this.prompt = {
            kind: "confirm",
            label: `${n} run${n === 1 ? "" : "s"} started here stop${
              n === 1 ? "s" : ""
            } when the UI quits (resumable with R). Quit?`,
            submit: () => "quit",
          };
          return null;
        }
        case "?":
          this.help = true;
          return null;
        case "/":
          this.editing = true;
          return null;
        case "1":
        case "2":
        case "3":
        case "4":
          this.#go(SCREENS[Number(k.char) - 1]);
          return null;
        case "t":
          this.#openTrace();
          return null;
        case "a":
          if (this.screen === "history" && !this.historyDetail) this.historyAll = !this.historyAll;
          return null;
        case "j":
          this.#move(1);
          return null;
        case "k":
          this.#move(-1);
          return null;
        case "g":
          this.#move(-Infinity);
          return null;
        case "G":
          this.#move(Infinity);
          return null;
      }
      return null;
    }
    switch (k.name) {
      case "tab":
      case "backtab": {
        const tabs = this.#tabs();
        const i = tabs.indexOf(this.screen);
        const n = tabs.length;
        this.#go(tabs[(i + (k.name === "tab" ? 1 : n - 1)) % n]);
        return null;
      }
      case "up":
        this.#move(-1);
        return null;
      case "down":
        this.#move(1);
        return null;
      case "pageup":
        this.#page(-1);
        return null;
      case "pagedown":
        this.#page(1);
        return null;
      case "home":
        this.#move(-Infinity);
        return null;
      case "end":
        this.#move(Infinity);
        return null;
      case "enter":
        this.#enter();
        return null;
      case "escape":
      case "left":
      case "backspace":
        this.#back();
        return null;
      case "right":
        this.#enter();
        return null;
      default:
        return null;
    }
  }

  /** Keys while a question is asked: it keeps every key but Ctrl-C. */
  #promptKey(k: Key): KeyOutcome {
    const p = this.prompt!;
    if (k.name === "escape") {
      this.prompt = null;
      this.notice = { text: "Nothing done.", tone: "none" };
      return null;
    }
    if (p.kind === "confirm") {
      this.prompt = null;
      if (k.name === "char" && (k.char === "y" || k.char === "Y")) return this.#submit(p.submit());
      this.notice = { text: "Nothing done.", tone: "none" };
      return null;
    }
    switch (k.name) {
      case "char":
        if (p.text.length < PROMPT_CHARS_MAX) p.text += k.char;
        return null;
      case "backspace":
        p.text = [...p.text].slice(0, -1).join("");
        return null;
      case "ctrl-u":
        p.text = "";
        return null;
      case "enter":
        if (p.required && p.text.trim() === "") return null;
        this.prompt = null;
        return this.#submit(p.submit(p.text.trim()));
      default:
        return null;
    }
  }

  /** Starts an action; its answer (or error) becomes the notice. */
  #submit(result: Promise<string> | "quit"): KeyOutcome {
    if (result === "quit") return "quit";
    this.notice = { text: "Working…", tone: "run" };
    result.then(
      (text) => this.notice = { text, tone: "ok" },
      (e) => this.notice = { text: (e as Error).message ?? String(e), tone: "fail" },
    ).finally(() => this.#onUpdate());
    return null;
  }

  /** The task keys; false when `char` is not one here. */
  #actionKey(char: string): boolean {
    if (!"nrRcax".includes(char)) return false;
    const onTask = this.screen === "tasks" || this.screen === "trace" ||
      (this.screen === "history" && this.historyDetail);
    if (!onTask) return false; // `a` of the History list toggles every task
    const actions = this.#actions;
    if (!actions) {
      this.notice = { text: "This view cannot act on tasks.", tone: "fail" };
      return true;
    }
    if (char === "n") {
      this.prompt = {
        kind: "text",
        label: "New task, its title:",
        text: "",
        required: true,
        submit: (title) => actions.create(title),
      };
      return true;
    }
    const n = this.#selectedTask();
    if (n === null) {
      this.notice = { text: "Select a task first.", tone: "fail" };
      return true;
    }
    const gate = this.model.board().find((r) => r.number === n)?.approval || "";
    const gateText = `the ${gate} gate`;
    switch (char) {
      case "r":
        this.#submit(actions.run(n, false));
        return true;
      case "R":
        this.#submit(actions.run(n, true));
        return true;
      case "c":
        this.prompt = {
          kind: "confirm",
          label: `Cancel the run of #${n}? It stops now; R resumes it later.`,
          submit: () => actions.cancel(n),
        };
        return true;
      case "a":
      case "x":
        if (gate === "") {
          // Asked before any text is typed: nothing waits for approval now.
          this.notice = {
            text: `#${n} waits for no approval: nothing to ${char === "a" ? "approve" : "reject"}.`,
            tone: "fail",
          };
          return true;
        }
        if (char === "x") {
          this.prompt = {
            kind: "text",
            label: `Reject ${gateText} of #${n}. Reason:`,
            text: "",
            required: true,
            submit: (reason) => actions.reject(n, reason),
          };
          return true;
        }
        this.prompt = {
          kind: "text",
          label: `Approve ${gateText} of #${n}. Comment (optional):`,
          text: "",
          required: false,
          submit: (comment) => actions.approve(n, comment === "" ? null : comment),
        };
        return true;
    }
    return false;
  }

  /** Keys while the filter is edited; false for keys that navigate. */
  #editKey(k: Key): boolean {
    const f = this.filters[this.screen];
    switch (k.name) {
      case "char":
        this.filters[this.screen] = (f + k.char).slice(0, 200);
        this.#resetTop();
        return true;
      case "backspace":
        this.filters[this.screen] = [...f].slice(0, -1).join("");
        this.#resetTop();
        return true;
      case "ctrl-u":
        this.filters[this.screen] = "";
        return true;
      case "enter":
        this.editing = false;
        return true;
      case "escape":
        this.editing = false;
        this.filters[this.screen] = "";
        return true;
      default:
        return false;
    }
  }

  #resetTop() {
    this.#top[this.screen] = 0;
    this.#docTop = 0;
  }

  #tabs(): ScreenId[] {
    return this.task === null ? SCREENS.filter((s) => s !== "trace") : [...SCREENS];
  }

  #go(screen: ScreenId) {
    if (screen === "trace" && this.task === null) {
      const n = this.#selectedTask();
      if (n === null) return;
      this.#setTask(n);
    }
    this.screen = screen;
    this.editing = false;
  }

  #setTask(n: number) {
    if (this.task !== n) {
      this.task = n;
      this.selected.trace = null;
      this.#top.trace = 0;
      this.#outTop = 0;
      this.#docTop = 0;
      this.filters.trace = "";
    }
  }

  /** The task of the selected row of the current screen. */
  #selectedTask(): number | null {
    switch (this.screen) {
      case "tasks": {
        const rows = this.#boardRows();
        return rows[this.#index(rows.map((r) => String(r.number)), "tasks")]?.number ?? null;
      }
      case "history": {
        if (this.historyDetail) return this.task;
        const rows = this.#historyRows();
        return rows[this.#index(rows.map((r) => String(r.number)), "history")]?.number ?? null;
      }
      case "activity": {
        const rows = this.#feedRows();
        return rows[this.#feedIndex(rows)]?.number ?? null;
      }
      case "trace":
        return this.task;
    }
  }

  #openTrace() {
    const n = this.#selectedTask();
    if (n === null) return;
    this.#setTask(n);
    this.screen = "trace";
  }

  #enter() {
    switch (this.screen) {
      case "tasks":
      case "activity":
      case "history": {
        const n = this.#selectedTask();
        if (n === null) return;
        this.#setTask(n);
        this.screen = "history";
        this.historyDetail = true;
        this.#docTop = 0;
        return;
      }
      case "trace":
        // The output pane shows the selected call already: Enter scrolls it.
        this.#outTop += Math.max(1, Math.floor(this.#lastBody / 2));
        return;
    }
  }

  #back() {
    if (this.filters[this.screen] !== "") {
      this.filters[this.screen] = "";
      return;
    }
    if (this.screen === "history" && this.historyDetail) {
      this.historyDetail = false;
      return;
    }
    if (this.screen === "trace") {
      this.screen = "tasks";
    }
  }

  #move(delta: number) {
    switch (this.screen) {
      case "tasks": {
        this.#moveIn("tasks", this.#boardRows().map((r) => String(r.number)), delta);
        return;
      }
      case "history": {
        if (this.historyDetail) {
          this.#docTop = clampScroll(this.#docTop + delta, 1e9);
          return;
        }
        this.#moveIn("history", this.#historyRows().map((r) => String(r.number)), delta);
        return;
      }
      case "activity": {
        const rows = this.#feedRows();
        const keys = rows.map((r) => r.key);
        const i = this.#feedIndex(rows);
        const j = clampIndex(i + delta, keys.length);
        this.selected.activity = keys[j] ?? null;
        this.follow = j >= keys.length - 1;
        return;
      }
      case "trace": {
        const trace = this.#trace();
        if (!trace) return;
        const before = this.selected.trace;
        this.#moveIn("trace", trace.map((c) => c.key), delta);
        if (this.selected.trace !== before) this.#outTop = 0;
        return;
      }
    }
  }

  #page(dir: number) {
    const page = Math.max(1, this.#lastBody - 2);
    if (this.screen === "trace") {
      this.#outTop = Math.max(0, this.#outTop + dir * page);
      return;
    }
    this.#move(dir * page);
  }

  #moveIn(screen: ScreenId, keys: string[], delta: number) {
    const i = this.#index(keys, screen);
    this.selected[screen] = keys[clampIndex(i + delta, keys.length)] ?? null;
  }

  /** The selected index in `keys` (the first row when nothing is selected). */
  #index(keys: string[], screen: ScreenId): number {
    const key = this.selected[screen];
    const i = key === null ? -1 : keys.indexOf(key);
    return i >= 0 ? i : 0;
  }

  #feedIndex(rows: readonly FeedEntry[]): number {
    if (this.follow || this.selected.activity === null) return rows.length - 1;
    const i = rows.findIndex((r) => r.key === this.selected.activity);
    // The selected event left the feed (cap): stay at the top.
    return i >= 0 ? i : 0;
  }

  // ---------------------------------------------------------------- rows

  #boardRows(): BoardRow[] {
    return filterRows(
      this.model.board(),
      this.filters.tasks,
      (r) => `#${r.number} ${r.title} ${r.status} ${r.phase} ${r.approval} ${r.progress}`,
    );
  }

  #feedRows(): readonly FeedEntry[] {
    return filterRows(this.model.feed(), this.filters.activity, (r) => `#${r.number} ${r.text}`);
  }

  #historyRows() {
    return filterRows(
      this.model.history(this.historyAll).rows,
      this.filters.history,
      (r) => r.cells.join(" "),
    );
  }

  #trace(): TraceCallRow[] | null {
    if (this.task === null) return null;
    const t = this.model.trace(this.task);
    if (!isReady(t)) return null;
    return filterRows(
      t.calls,
      this.filters.trace,
      (c) => `${c.role} ${c.tool} ${c.summary} ${c.result} ${c.call}`,
    );
  }

  // ---------------------------------------------------------------- frame

  /** Lays out the whole screen: one string a row, each fitted to the width. */
  frame(size: { width: number; height: number }): string[] {
    const { width, height } = size;
    if (width < MIN_WIDTH || height < MIN_HEIGHT) {
      const rows: string[] = [];
      const msg =
        `Terminal too small (${width}x${height}); taskline tui needs ${MIN_WIDTH}x${MIN_HEIGHT}. q quits.`;
      for (const l of wrap(msg, Math.max(1, width))) rows.push(fit(l, width));
      return rows.slice(0, height);
    }
    const bodyHeight = height - 3;
    this.#lastBody = bodyHeight;
    let body: string[];
    switch (this.screen) {
      case "tasks":
        body = this.#drawTasks(width, bodyHeight);
        break;
      case "activity":
        body = this.#drawActivity(width, bodyHeight);
        break;
      case "history":
        body = this.historyDetail
          ? this.#drawDetail(width, bodyHeight)
          : this.#drawHistory(width, bodyHeight);
        break;
      case "trace":
        body = this.#drawTrace(width, bodyHeight);
        break;
    }
    while (body.length < bodyHeight) body.push(fit("", width));
    body.length = bodyHeight;
    if (this.help) overlay(body, this.#helpBox(width, bodyHeight), width);
    return [this.#tabBar(width), ...body, this.#statusLine(width), this.#keyLine(width)];
  }

  #p(text: string, ...styles: Style[]): string {
    return paint(text, styles, this.#colour);
  }

  #tone(text: string, tone: Tone): string {
    const style: Record<Tone, Style[]> = {
      ok: ["green"],
      fail: ["red"],
      run: ["cyan", "bold"],
      wait: ["yellow"],
      none: [],
    };
    return this.#p(text, ...style[tone]);
  }

  #tabBar(width: number): string {
    let out = this.#p(" taskline ", "bold");
    let used = 10;
    for (const [i, s] of SCREENS.entries()) {
      if (s === "trace" && this.task === null) continue;
      const label = ` ${i + 1} ${TITLES[s]}${s === "trace" ? ` #${this.task}` : ""} `;
      if (used + label.length + 1 > width) break;
      out += " " + (s === this.screen ? this.#p(label, "reverse", "bold") : label);
      used += label.length + 1;
    }
    const status = fit(clean(this.model.status()), Math.max(0, width - used - 1), { pad: false });
    const gap = Math.max(0, width - used - textWidth(status));
    return out + " ".repeat(gap) + this.#p(status, "dim");
  }

  #statusLine(width: number): string {
    const p = this.prompt;
    if (p) {
      const text = p.kind === "confirm"
        ? `${p.label} y: yes, any other key: no`
        : `${p.label} ${clean(p.text)}█  (Enter ${
          p.required ? "confirms" : "confirms, empty is fine"
        }, Esc gives up)`;
      return this.#p(fit(text, width), "yellow", "bold");
    }
    if (this.notice) return this.#tone(fit(clean(this.notice.text), width), this.notice.tone);
    const f = this.filters[this.screen];
    if (this.editing) {
      return fit(`/${clean(f)}█  (Enter keeps the filter, Esc clears it)`, width);
    }
    if (f !== "") {
      return this.#p(fit(`filter: ${clean(f)}  (/ to change, Esc to clear)`, width), "yellow");
    }
    return fit("", width);
  }

  #keyLine(width: number): string {
    let keys: string[];
    switch (this.screen) {
      case "tasks":
        keys = ["↑↓ select", "Enter detail", "t trace"];
        break;
      case "activity":
        keys = ["↑↓ scroll", "End follow", "Enter task"];
        break;
      case "history":
        keys = this.historyDetail
          ? ["↑↓ scroll", "Esc back", "t trace"]
          : ["↑↓ select", "Enter detail", "t trace", "a all"];
        break;
      case "trace":
        keys = ["↑↓ call", "PgUp PgDn output", "Esc back"];
        break;
    }
    // On a narrow terminal the task keys go first, then those of the screen; help and quit stay.
    const always = ["? help", "q quit"];
    const acting = this.screen === "tasks" || this.screen === "trace" ||
      (this.screen === "history" && this.historyDetail);
    const shown = [
      ...keys,
      "Tab screens",
      "/ filter",
      ...(acting ? ["n new", "r/R run", "c cancel", "a/x approve/reject"] : []),
    ];
    const text = (k: string[]) => " " + [...k, ...always].join("  ");
    while (shown.length > 0 && textWidth(text(shown)) > width) shown.pop();
    return this.#p(fit(text(shown), width), "reverse");
  }

  /** A list with a header: rows are fitted strings; keeps the selection in view. */
  #list(
    screen: ScreenId,
    lines: string[],
    tones: Tone[],
    index: number,
    height: number,
    width: number,
  ): string[] {
    let top = this.#top[screen];
    if (index < top) top = index;
    if (index >= top + height) top = index - height + 1;
    top = Math.max(0, Math.min(top, Math.max(0, lines.length - height)));
    this.#top[screen] = top;
    const out: string[] = [];
    for (let i = top; i < Math.min(lines.length, top + height); i++) {
      const l = fit(lines[i], width);
      out.push(i === index ? this.#p(l, "reverse") : this.#tone(l, tones[i]));
    }
    return out;
  }

  #header(text: string, width: number): string {
    return this.#p(fit(text, width), "bold");
  }

  #drawTasks(width: number, height: number): string[] {
    const all = this.model.board();
    const rows = this.#boardRows();
    const keys = rows.map((r) => String(r.number));
    const index = this.#index(keys, "tasks");
    if (rows.length > 0) this.selected.tasks = keys[index];
    const cols = columns(width, [5, -1, 11, 12, 10, -1]);
    const line = (cells: string[]) =>
      cells.map((c, i) => cell(c, cols[i], 1, i === 0))
        .join("");
    const out = [
      this.#header(
        `Tasks · ${all.length} task${all.length === 1 ? "" : "s"}${
          rows.length !== all.length ? ` (${rows.length} shown)` : ""
        }`,
        width,
      ),
      this.#p(line(["#", "Title", "Status", "Phase", "Approval", "Progress"]), "dim"),
    ];
    if (all.length === 0) {
      out.push(fit("No tasks yet. Tasks appear here as soon as they are created.", width));
      return out;
    }
    const lines = rows.map((r) =>
      line([
        `#${r.number}`,
        clean(r.title),
        clean(r.status),
        clean(r.phase),
        r.approval ? `${clean(r.approval)} ⏸` : "",
        clean(r.progress),
      ])
    );
    out.push(...this.#list("tasks", lines, rows.map((r) => r.tone), index, height - 2, width));
    return out;
  }

  #drawActivity(width: number, height: number): string[] {
    const all = this.model.feed();
    const rows = this.#feedRows();
    const index = this.#feedIndex(rows);
    if (rows.length > 0) this.selected.activity = rows[index].key;
    const out = [
      this.#header(
        `Activity · ${all.length} event${all.length === 1 ? "" : "s"}${
          rows.length !== all.length ? ` (${rows.length} shown)` : ""
        } · ${this.follow ? "following live" : "paused (End follows live)"}`,
        width,
      ),
    ];
    if (rows.length === 0) {
      out.push(
        fit(all.length === 0 ? "Waiting for events…" : "No event matches the filter.", width),
      );
      return out;
    }
    const lines = rows.map((r) => fit(`#${r.number}`, 5) + clean(r.text));
    out.push(...this.#list("activity", lines, rows.map((r) => r.tone), index, height - 1, width));
    return out;
  }

  #drawHistory(width: number, height: number): string[] {
    const table = this.model.history(this.historyAll);
    const rows = this.#historyRows();
    const keys = rows.map((r) => String(r.number));
    const index = this.#index(keys, "history");
    if (rows.length > 0) this.selected.history = keys[index];
    const fixed = table.header.map((h, i) =>
      i === table.flex ? -1 : Math.max(
        textWidth(h),
        ...rows.slice(0, 500).map((r) => Math.min(24, textWidth(clean(r.cells[i] ?? "")))),
      ) + 2
    );
    // On a narrow terminal, columns go (table.drop order) before the title gets unreadable.
    const shown = fixed.map((_, i) => i);
    let cols = columns(width, fixed);
    for (const d of table.drop) {
      if (cols[shown.indexOf(table.flex)] >= TITLE_MIN) break;
      shown.splice(shown.indexOf(d), 1);
      cols = columns(width, shown.map((i) => fixed[i]));
    }
    const line = (cells: string[]) =>
      shown.map((c, k) => cell(cells[c] ?? "", cols[k], 2, table.align[c] === "right")).join("");
    const out = [
      this.#header(
        `History · ${table.rows.length} ${this.historyAll ? "" : "finished "}task${
          table.rows.length === 1 ? "" : "s"
        }${rows.length !== table.rows.length ? ` (${rows.length} shown)` : ""} · a: ${
          this.historyAll ? "finished work only" : "every task"
        }`,
        width,
      ),
      this.#p(line(table.header), "dim"),
    ];
    if (table.rows.length === 0) {
      out.push(
        fit(this.historyAll ? "No tasks yet." : "No finished work yet (a: every task).", width),
      );
      return out;
    }
    const notes = table.notes.map((n) => this.#p(fit(clean(n), width), "dim"));
    const lines = rows.map((r) => line(r.cells.map(clean)));
    out.push(
      ...this.#list(
        "history",
        lines,
        rows.map((r) => r.tone),
        index,
        Math.max(1, height - 2 - notes.length),
        width,
      ),
    );
    out.push(...notes);
    return out;
  }

  #drawDetail(width: number, height: number): string[] {
    if (this.task === null) return [];
    const doc = this.model.detail(this.task);
    const out = [this.#header(this.#titleOf(doc, `Task #${this.task}`), width)];
    if (!isReady(doc)) return [...out, fit(loadingText(doc), width)];
    const f = this.filters.history.toLowerCase();
    const lines = doc.lines
      .filter((l) => f === "" || l.toLowerCase().includes(f))
      .flatMap((l) => textLines(l, width));
    const room = height - 1;
    this.#docTop = Math.max(0, Math.min(this.#docTop, lines.length - room));
    for (const l of lines.slice(this.#docTop, this.#docTop + room)) out.push(fit(l, width));
    return out;
  }

  #titleOf(doc: Loadable<{ title: string }>, fallback: string): string {
    return isReady(doc) ? clean(doc.title) : fallback;
  }

  #drawTrace(width: number, height: number): string[] {
    if (this.task === null) return [];
    const doc = this.model.trace(this.task);
    const out = [this.#header(this.#titleOf(doc, `Trace of #${this.task}`), width)];
    if (!isReady(doc)) return [...out, fit(loadingText(doc), width)];
    const calls = this.#trace() ?? [];
    for (const n of doc.notes) out.push(this.#p(fit(clean(n), width), "dim"));
    if (doc.calls.length === 0) {
      out.push(fit("No tool calls in this run yet.", width));
      return out;
    }
    const keys = calls.map((c) => c.key);
    const index = this.#index(keys, "trace");
    if (calls.length > 0) this.selected.trace = keys[index];
    const cols = columns(width, [13, 12, 12, -1, 10, 10]);
    const line = (cells: string[]) =>
      cells.map((c, i) => cell(c, cols[i], 1, i === 5))
        .join("");
    out.push(this.#p(line(["Time", "Role", "Tool", "Input", "Result", "Duration"]), "dim"));
    const left = height - out.length;
    const listHeight = Math.max(1, Math.min(calls.length, Math.floor(left * 0.4)));
    const lines = calls.map((c) =>
      line([c.time, clean(c.role), clean(c.tool), clean(c.summary), clean(c.result), c.duration])
    );
    out.push(...this.#list("trace", lines, calls.map((c) => c.tone), index, listHeight, width));
    while (out.length < height - left + listHeight) out.push(fit("", width));
    const call = calls[index];
    if (!call) {
      out.push(fit("No call matches the filter.", width));
      return out;
    }
    const output = this.model.output(this.task, call);
    const note = isReady(output) ? output.note : loadingText(output);
    const text = isReady(output) ? output.text : call.preview;
    // Wrapping an output of megabytes at every frame would stall live updates: keep it.
    const c = this.#paneCache;
    let paneLines: string[];
    if (c && c.call === call && c.width === width && c.text === text && c.note === note) {
      paneLines = c.lines;
    } else {
      const output = textLines(text, width, PANE_LINES_MAX);
      paneLines = [
        ...call.detail.flatMap((l) => textLines(l, width)),
        `── output: ${note} ──`,
        ...output,
      ];
      if (output.length >= PANE_LINES_MAX) {
        paneLines.push(
          `── the first ${PANE_LINES_MAX} lines: taskline trace ${this.task} --full has all ──`,
        );
      }
      this.#paneCache = { call, width, text, note, lines: paneLines };
    }
    const room = height - out.length - 1;
    const top = Math.max(0, Math.min(this.#outTop, paneLines.length - room));
    // Scrolled while the output was loading (the pane showed the preview):
    // the scroll is kept for the output, not cut to the preview's length.
    if (isReady(output)) this.#outTop = top;
    const more = paneLines.length - room;
    const head = `── call ${call.call} ${
      more > 0 ? `· lines ${top + 1}-${top + room} of ${paneLines.length} ` : ""
    }`;
    out.push(this.#p(fit(head + "─".repeat(Math.max(0, width - textWidth(head))), width), "dim"));
    for (const l of paneLines.slice(top, top + room)) {
      out.push(l.startsWith("── output") ? this.#p(fit(l, width), "dim") : fit(l, width));
    }
    return out;
  }

  #helpBox(width: number, height: number): string[] {
    const inner = Math.min(width - 4, Math.max(...HELP.map((l) => textWidth(l))) + 2);
    const lines = HELP.slice(0, Math.max(0, height - 2));
    return [
      "┌" + "─".repeat(inner) + "┐",
      ...lines.map((l) => "│" + fit(" " + l, inner) + "│"),
      "└" + "─".repeat(inner) + "┘",
    ];
  }
}

function loadingText(v: { loading: true } | { error: string } | object): string {
  return "error" in v ? `Cannot show it: ${(v as { error: string }).error}` : "Loading…";
}

function clampIndex(i: number, n: number): number {
  if (n === 0) return 0;
  if (i === Infinity) return n - 1;
  if (i === -Infinity) return 0;
  return Math.max(0, Math.min(n - 1, i));
}

function clampScroll(i: number, max: number): number {
  if (i === -Infinity) return 0;
  if (i === Infinity) return max;
  return Math.max(0, Math.min(max, i));
}

function filterRows<T>(rows: readonly T[], filter: string, text: (r: T) => string): T[] {
  if (filter === "") return rows as T[];
  const f = filter.toLowerCase();
  return rows.filter((r) => text(r).toLowerCase().includes(f));
}

/**
 * Column widths for `width`: positive entries are fixed widths; negative
 * ones share the room left in proportion to their magnitude.
 */
export function columns(width: number, spec: number[]): number[] {
  const out = spec.map((w) => (w > 0 ? w : 0));
  const sum = () => out.reduce((s, w) => s + w, 0);
  // Too narrow: shrink fixed columns from the right, to 3 columns first, then to nothing.
  for (const floor of [3, 0]) {
    for (let i = out.length - 1; i >= 0 && sum() > width; i--) {
      out[i] -= Math.min(sum() - width, Math.max(0, out[i] - floor));
    }
  }
  const room = Math.max(0, width - sum());
  const shares = spec.reduce((s, w) => s + (w < 0 ? -w : 0), 0);
  if (shares === 0) return out;
  for (const [i, w] of spec.entries()) if (w < 0) out[i] = Math.floor((room * -w) / shares);
  // The rounding rest goes to the last flexible column.
  out[spec.findLastIndex((w) => w < 0)] += width - sum();
  return out;
}

/** A cell of exactly `width` columns: the text, then `gap` spaces when there is room. */
function cell(text: string, width: number, gap: number, right: boolean): string {
  if (width <= gap) return fit(text, width);
  return (right ? fitRight(text, width - gap) : fit(text, width - gap)) + " ".repeat(gap);
}

/** Draws `box` centred over `body` (rows of `width` columns). */
function overlay(body: string[], box: string[], width: number): void {
  const boxWidth = textWidth(box[0] ?? "");
  const left = Math.max(0, Math.floor((width - boxWidth) / 2));
  const top = Math.max(0, Math.floor((body.length - box.length) / 2));
  for (let i = 0; i < box.length && top + i < body.length; i++) {
    body[top + i] = " ".repeat(left) + box[i] + " ".repeat(Math.max(0, width - left - boxWidth));
  }
}
