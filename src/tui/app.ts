/**
 * The terminal UI's state and keys: which screen is shown, what is
 * selected, the filter, the help, the prompts of the task keys; `frame` puts
 * a frame together for a terminal size, each screen drawn by its own file
 * (view.ts says what they share). No I/O here: run.ts feeds keys, sizes and
 * model changes in and writes the frames out.
 *
 * @module
 */
import type { Key } from "./keys.ts";
import type { Tone, TuiModel } from "./model.ts";
import { fit, wrap } from "./text.ts";
import {
  boardRows,
  clampIndex,
  clampScroll,
  feedIndex,
  feedRows,
  historyRows,
  newScroll,
  overlay,
  type ScreenId,
  SCREENS,
  type Scroll,
  selectedIndex,
  traceRows,
} from "./view.ts";
import { type Chrome, helpBox, keyLine, type Prompt, statusLine, tabBar } from "./chrome.ts";
import { drawTasks } from "./screen_tasks.ts";
import { drawActivity } from "./screen_activity.ts";
import { drawDetail, drawHistory } from "./screen_history.ts";
import { drawTrace } from "./screen_trace.ts";

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
export class TuiApp implements Chrome {
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
  /** Where each list and pane is scrolled to. */
  readonly scroll: Scroll = newScroll();
  /** Activity follows new events (its selection stays on the last line). */
  follow = true;
  #lastBody = 20;
  /** Colours (false with NO_COLOR). */
  readonly colour: boolean;
  readonly #actions: TuiActions | null;
  readonly #onUpdate: () => void;
  /** The question being asked on the status line, if any. */
  prompt: Prompt | null = null;
  /** The answer of the last action (or why it failed), until the next key. */
  notice: { text: string; tone: Tone } | null = null;

  constructor(model: TuiModel, options: TuiAppOptions = {}) {
    this.model = model;
    this.colour = options.colour ?? true;
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
    this.scroll.top[this.screen] = 0;
    this.scroll.doc = 0;
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
      this.scroll.top.trace = 0;
      this.scroll.out = 0;
      this.scroll.doc = 0;
      this.filters.trace = "";
    }
  }

  /** The task of the selected row of the current screen. */
  #selectedTask(): number | null {
    switch (this.screen) {
      case "tasks": {
        const rows = boardRows(this);
        return rows[selectedIndex(this, rows.map((r) => String(r.number)), "tasks")]?.number ??
          null;
      }
      case "history": {
        if (this.historyDetail) return this.task;
        const rows = historyRows(this);
        return rows[selectedIndex(this, rows.map((r) => String(r.number)), "history")]?.number ??
          null;
      }
      case "activity": {
        const rows = feedRows(this);
        return rows[feedIndex(this, rows)]?.number ?? null;
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
        this.scroll.doc = 0;
        return;
      }
      case "trace":
        // The output pane shows the selected call already: Enter scrolls it.
        this.scroll.out += Math.max(1, Math.floor(this.#lastBody / 2));
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
        this.#moveIn("tasks", boardRows(this).map((r) => String(r.number)), delta);
        return;
      }
      case "history": {
        if (this.historyDetail) {
          this.scroll.doc = clampScroll(this.scroll.doc + delta, 1e9);
          return;
        }
        this.#moveIn("history", historyRows(this).map((r) => String(r.number)), delta);
        return;
      }
      case "activity": {
        const rows = feedRows(this);
        const keys = rows.map((r) => r.key);
        const i = feedIndex(this, rows);
        const j = clampIndex(i + delta, keys.length);
        this.selected.activity = keys[j] ?? null;
        this.follow = j >= keys.length - 1;
        return;
      }
      case "trace": {
        const trace = traceRows(this);
        if (!trace) return;
        const before = this.selected.trace;
        this.#moveIn("trace", trace.map((c) => c.key), delta);
        if (this.selected.trace !== before) this.scroll.out = 0;
        return;
      }
    }
  }

  #page(dir: number) {
    const page = Math.max(1, this.#lastBody - 2);
    if (this.screen === "trace") {
      this.scroll.out = Math.max(0, this.scroll.out + dir * page);
      return;
    }
    this.#move(dir * page);
  }

  #moveIn(screen: ScreenId, keys: string[], delta: number) {
    const i = selectedIndex(this, keys, screen);
    this.selected[screen] = keys[clampIndex(i + delta, keys.length)] ?? null;
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
        body = drawTasks(this, width, bodyHeight);
        break;
      case "activity":
        body = drawActivity(this, width, bodyHeight);
        break;
      case "history":
        body = this.historyDetail
          ? drawDetail(this, width, bodyHeight)
          : drawHistory(this, width, bodyHeight);
        break;
      case "trace":
        body = drawTrace(this, width, bodyHeight);
        break;
    }
    while (body.length < bodyHeight) body.push(fit("", width));
    body.length = bodyHeight;
    if (this.help) overlay(body, helpBox(width, bodyHeight), width);
    return [tabBar(this, width), ...body, statusLine(this, width), keyLine(this, width)];
  }
}
