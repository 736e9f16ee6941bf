/**
 * What frames every screen of the terminal UI: the tab bar, the status line
 * (a prompt, an action's answer, the filter), the line of keys, and the help.
 *
 * @module
 */
import type { Tone } from "./model.ts";
import { clean, fit, textWidth } from "./text.ts";
import { paintFor, type ScreenId, SCREENS, TITLES, tone, type View } from "./view.ts";

/** A question on the status line. */
export type Prompt =
  | {
    kind: "text";
    label: string;
    text: string;
    /** Enter needs some text. */
    required: boolean;
    submit: (text: string) => Promise<string> | "quit";
  }
  | { kind: "confirm"; label: string; submit: () => Promise<string> | "quit" };

/** What the frame reads of the app besides a screen's {@link View}. */
export interface Chrome extends View {
  readonly screen: ScreenId;
  /** The History screen shows the detail of `task`. */
  readonly historyDetail: boolean;
  /** The filter line is being edited. */
  readonly editing: boolean;
  /** The question being asked on the status line, if any. */
  readonly prompt: Prompt | null;
  /** The answer of the last action (or why it failed), until the next key. */
  readonly notice: { text: string; tone: Tone } | null;
}

/** The help's lines. */
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

/** The tab bar: the screens, the current one in reverse video, the project's status. */
export function tabBar(v: Chrome, width: number): string {
  let out = paintFor(v, " taskline ", "bold");
  let used = 10;
  for (const [i, s] of SCREENS.entries()) {
    if (s === "trace" && v.task === null) continue;
    const label = ` ${i + 1} ${TITLES[s]}${s === "trace" ? ` #${v.task}` : ""} `;
    if (used + label.length + 1 > width) break;
    out += " " + (s === v.screen ? paintFor(v, label, "reverse", "bold") : label);
    used += label.length + 1;
  }
  const status = fit(clean(v.model.status()), Math.max(0, width - used - 1), { pad: false });
  const gap = Math.max(0, width - used - textWidth(status));
  return out + " ".repeat(gap) + paintFor(v, status, "dim");
}

/** The status line: a prompt, the answer of the last action, or the filter. */
export function statusLine(v: Chrome, width: number): string {
  const p = v.prompt;
  if (p) {
    const text = p.kind === "confirm"
      ? `${p.label} y: yes, any other key: no`
      : `${p.label} ${clean(p.text)}█  (Enter ${
        p.required ? "confirms" : "confirms, empty is fine"
      }, Esc gives up)`;
    return paintFor(v, fit(text, width), "yellow", "bold");
  }
  if (v.notice) return tone(v, fit(clean(v.notice.text), width), v.notice.tone);
  const f = v.filters[v.screen];
  if (v.editing) {
    return fit(`/${clean(f)}█  (Enter keeps the filter, Esc clears it)`, width);
  }
  if (f !== "") {
    return paintFor(
      v,
      fit(`filter: ${clean(f)}  (/ to change, Esc to clear)`, width),
      "yellow",
    );
  }
  return fit("", width);
}

/** The line of the keys that apply here; on a narrow terminal the task keys go first. */
export function keyLine(v: Chrome, width: number): string {
  let keys: string[];
  switch (v.screen) {
    case "tasks":
      keys = ["↑↓ select", "Enter detail", "t trace"];
      break;
    case "activity":
      keys = ["↑↓ scroll", "End follow", "Enter task"];
      break;
    case "history":
      keys = v.historyDetail
        ? ["↑↓ scroll", "Esc back", "t trace"]
        : ["↑↓ select", "Enter detail", "t trace", "a all"];
      break;
    case "trace":
      keys = ["↑↓ call", "PgUp PgDn output", "Esc back"];
      break;
  }
  // On a narrow terminal the task keys go first, then those of the screen; help and quit stay.
  const always = ["? help", "q quit"];
  const acting = v.screen === "tasks" || v.screen === "trace" ||
    (v.screen === "history" && v.historyDetail);
  const shown = [
    ...keys,
    "Tab screens",
    "/ filter",
    ...(acting ? ["n new", "r/R run", "c cancel", "a/x approve/reject"] : []),
  ];
  const text = (k: string[]) => " " + [...k, ...always].join("  ");
  while (shown.length > 0 && textWidth(text(shown)) > width) shown.pop();
  return paintFor(v, fit(text(shown), width), "reverse");
}

/** The help, as a box drawn over the screen. */
export function helpBox(width: number, height: number): string[] {
  const inner = Math.min(width - 4, Math.max(...HELP.map((l) => textWidth(l))) + 2);
  const lines = HELP.slice(0, Math.max(0, height - 2));
  return [
    "┌" + "─".repeat(inner) + "┐",
    ...lines.map((l) => "│" + fit(" " + l, inner) + "│"),
    "└" + "─".repeat(inner) + "┘",
  ];
}
