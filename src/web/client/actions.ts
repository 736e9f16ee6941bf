/**
 * What a person can do to a task from the page, through the server's write
 * routes (the same checks and events as the commands): New task, Run,
 * Resume, Cancel (asks to confirm), Approve (optional comment), Reject
 * (reason required). Only the actions that apply to the task's state are
 * offered; what happens then shows through the stream already open. A
 * refusal is shown where the person acted. Everything is a button or a form
 * field, usable by keyboard: a form opens with its first field focused,
 * Escape closes it, Enter sends it.
 *
 * @module
 */
import { messageOf } from "./api.ts";
import { type Child, h } from "./dom.ts";
import type { TaskInfo } from "./store.ts";
import type { AppContext } from "./widgets.ts";

/** An action on a task. */
export type ActionName = "approve" | "reject" | "run" | "resume" | "cancel";

/** Run statuses a run stopped in that `resume` continues. */
const RESUMABLE = new Set([
  "paused",
  "cancelled",
  "canceled",
  "awaiting_approval",
  "budget_exhausted",
  "interrupted",
  "stopped",
  "waiting",
]);

/** The actions that apply to a task in the state the page knows. */
export function actionsFor(t: TaskInfo): ActionName[] {
  if (t.running) return ["cancel"];
  if (t.pendingApproval) return ["approve", "reject"];
  if (RESUMABLE.has(t.runStatus)) return ["resume"];
  return ["run"];
}

const LABELS: Record<ActionName, string> = {
  approve: "Approve",
  reject: "Reject",
  run: "Run",
  resume: "Resume",
  cancel: "Cancel",
};

let formIds = 0;

/**
 * The action buttons of one task, kept across redraws of its row so that a
 * form being filled in is not lost when an event arrives.
 */
export class TaskActions {
  readonly root: HTMLDivElement;
  readonly buttons: HTMLDivElement;
  readonly panel: HTMLDivElement;
  readonly message: HTMLParagraphElement;
  /** The actions the buttons show now, to redraw only when they change. */
  shown = "";
  /** A form or a confirmation is open. */
  open = false;
  busy = false;
  info: TaskInfo;
  readonly app: AppContext;

  constructor(app: AppContext, info: TaskInfo) {
    this.app = app;
    this.info = info;
    this.buttons = h("div", { class: "action-buttons" });
    this.panel = h("div", { class: "action-panel", hidden: true });
    this.message = h("p", { class: "action-message small", role: "status", hidden: true });
    this.root = h(
      "div",
      {
        class: "actions",
        role: "group",
        "aria-label": `Actions on #${info.number}`,
        "data-actions": info.number,
      },
      this.buttons,
      this.panel,
      this.message,
    );
    this.update(info);
  }

  /** The task's route: its number, or its id when the number is shared. */
  get ref(): string {
    return this.app.store.refOf(this.info) || String(this.info.number);
  }

  /** Redraws the buttons for the task's state (a form stays open while it is filled in). */
  update(info: TaskInfo): void {
    this.info = info;
    const names = actionsFor(info);
    const key = names.join(",");
    if (key === this.shown && this.buttons.childElementCount > 0) return;
    this.shown = key;
    const hadFocus = this.buttons.contains(document.activeElement);
    this.buttons.replaceChildren(
      ...names.map((name) =>
        h("button", {
          type: "button",
          class: `action action-${name}`,
          "data-action": name,
          disabled: this.busy,
          "aria-label": `${LABELS[name]} #${info.number}`,
          onclick: () => this.start(name),
        }, LABELS[name])
      ),
    );
    if (hadFocus) this.buttons.querySelector("button")?.focus();
  }

  /** A button was pressed: act at once, or ask first. */
  start(name: ActionName): void {
    this.say("", "");
    if (name === "run" || name === "resume") {
      this.send(name, `/run`, { resume: name === "resume" });
    } else if (name === "cancel") {
      this.confirmCancel();
    } else if (name === "approve") {
      this.form("approve", "Comment (optional)", false);
    } else {
      this.form("reject", "Why (required)", true);
    }
  }

  confirmCancel(): void {
    const yes = h("button", {
      type: "button",
      class: "action danger",
      "data-confirm": "cancel",
      onclick: () => this.send("cancel", "/cancel", {}),
    }, "Yes, cancel the run");
    const no = h("button", { type: "button", onclick: () => this.close() }, "Keep it running");
    this.showPanel(
      h(
        "div",
        {
          class: "confirm",
          role: "alertdialog",
          "aria-label": `Cancel the run of #${this.info.number}?`,
        },
        h("span", {}, `Cancel the run of #${this.info.number}? `),
        yes,
        " ",
        no,
      ),
    );
    yes.focus();
  }

  /** The form of an approval or a rejection. */
  form(name: "approve" | "reject", label: string, required: boolean): void {
    const id = `action-${name}-${++formIds}`;
    const input = h("input", {
      id,
      type: "text",
      name: name === "approve" ? "comment" : "reason",
      required,
      maxlength: "4000",
      autocomplete: "off",
      size: "32",
    });
    const submit = h("button", { type: "submit", class: `action action-${name}` }, LABELS[name]);
    const form = h(
      "form",
      {
        class: "action-form",
        "data-form": name,
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          const text = input.value;
          if (required && text.trim() === "") {
            this.say("A rejection needs a reason.", "error");
            input.focus();
            return;
          }
          const body = name === "approve"
            ? (text.trim() ? { comment: text } : {})
            : { reason: text };
          this.send(name, `/${name}`, body);
        },
      },
      h("label", { for: id }, `${label} `),
      input,
      " ",
      submit,
      " ",
      h("button", { type: "button", onclick: () => this.close() }, "Close"),
    );
    this.showPanel(form);
    input.focus();
  }

  showPanel(content: Node): void {
    this.open = true;
    this.panel.replaceChildren(content);
    this.panel.hidden = false;
    this.panel.onkeydown = (e) => {
      if (e.key === "Escape") {
        e.preventDefault();
        this.close();
      }
    };
  }

  /** Closes the open form (focus goes back to the buttons). */
  close(): void {
    this.open = false;
    this.panel.hidden = true;
    this.panel.replaceChildren();
    this.buttons.querySelector("button")?.focus();
  }

  /** Shows a line under the buttons: what happened, or why it did not. */
  say(text: string, kind: "ok" | "error" | ""): void {
    this.message.textContent = text;
    this.message.hidden = text === "";
    this.message.className = `action-message small ${kind ? `sev-${kind}` : ""}`;
    this.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  setBusy(busy: boolean): void {
    this.busy = busy;
    for (const b of this.root.querySelectorAll("button")) b.disabled = busy;
  }

  async send(name: ActionName, path: string, body: unknown): Promise<void> {
    if (this.busy) return;
    this.setBusy(true);
    const n = this.info.number;
    try {
      await this.app.api.post(`/api/tasks/${encodeURIComponent(this.ref)}${path}`, body);
      const done: Record<ActionName, string> = {
        run: `Started a run of #${n}.`,
        resume: `Resumed the run of #${n}.`,
        cancel: `Asked the run of #${n} to stop.`,
        approve: `Approved #${n}; Resume continues its run.`,
        reject: `Rejected #${n}; Resume plays the work again.`,
      };
      this.setBusy(false);
      if (this.open) this.close();
      // What happens next comes with the events (a task row read now could be older than them).
      this.say(done[name], "ok");
    } catch (e) {
      this.setBusy(false);
      this.app.apiFailed(e);
      this.say(`${LABELS[name]} failed: ${messageOf(e)}`, "error");
      // Focus stays where the person acted: the field of an open form, else the buttons.
      const field = this.panel.querySelector<HTMLElement>("input, button.danger");
      (field ?? this.buttons.querySelector("button"))?.focus();
    }
  }
}

/** The New task button and its form (title required, description optional). */
export class NewTaskForm {
  readonly root: HTMLDivElement;
  readonly message: HTMLParagraphElement;
  readonly button: HTMLButtonElement;
  form: HTMLFormElement | null = null;
  readonly app: AppContext;

  constructor(app: AppContext) {
    this.app = app;
    this.button = h("button", {
      type: "button",
      class: "action action-new",
      "aria-expanded": "false",
      onclick: () => this.toggle(),
    }, "New task");
    this.message = h("p", { class: "action-message small", role: "status", hidden: true });
    this.root = h("div", { class: "new-task" }, this.button, this.message);
  }

  toggle(): void {
    if (this.form) return this.closeForm();
    const title = h("input", {
      id: "new-task-title",
      name: "title",
      type: "text",
      required: true,
      maxlength: "1000",
      autocomplete: "off",
      size: "40",
    });
    const description = h("textarea", {
      id: "new-task-description",
      name: "description",
      rows: "3",
      cols: "40",
    });
    const submit = h("button", { type: "submit", class: "action" }, "Create");
    const field = (label: string, el: Child, id: string) =>
      h("div", { class: "field" }, h("label", { for: id }, label), el);
    this.form = h(
      "form",
      {
        class: "action-form new-task-form",
        "data-form": "new",
        onsubmit: (ev: Event) => {
          ev.preventDefault();
          this.create(title, description, submit);
        },
        onkeydown: (e: Event) => {
          if ((e as KeyboardEvent).key === "Escape") this.closeForm();
        },
      },
      field("Title", title, "new-task-title"),
      field("Description (optional)", description, "new-task-description"),
      h(
        "div",
        {},
        submit,
        " ",
        h("button", { type: "button", onclick: () => this.closeForm() }, "Close"),
      ),
    );
    this.root.insertBefore(this.form, this.message);
    this.button.setAttribute("aria-expanded", "true");
    title.focus();
  }

  closeForm(): void {
    this.form?.remove();
    this.form = null;
    this.button.setAttribute("aria-expanded", "false");
    this.button.focus();
  }

  say(text: string, kind: "ok" | "error"): void {
    this.message.textContent = text;
    this.message.hidden = false;
    this.message.className = `action-message small sev-${kind}`;
    this.message.setAttribute("role", kind === "error" ? "alert" : "status");
  }

  async create(
    title: HTMLInputElement,
    description: HTMLTextAreaElement,
    submit: HTMLButtonElement,
  ): Promise<void> {
    if (title.value.trim() === "") {
      this.say("A task needs a title.", "error");
      title.focus();
      return;
    }
    submit.disabled = true;
    try {
      const body: Record<string, string> = { title: title.value };
      if (description.value.trim()) body.description = description.value;
      const row = await this.app.api.post("/api/tasks", body);
      this.app.store.mergeRow(row);
      const n = (row as { number?: unknown } | null)?.number;
      this.closeForm();
      this.say(`Created task #${n}.`, "ok");
    } catch (e) {
      submit.disabled = false;
      this.app.apiFailed(e);
      this.say(`Cannot create the task: ${messageOf(e)}`, "error");
      title.focus();
    }
  }
}
