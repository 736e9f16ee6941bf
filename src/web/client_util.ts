// @ts-nocheck: browser code; it runs in the page, where the DOM exists, not in Deno.
/**
 * Helpers of the web UI's page script: building DOM nodes safely (text is
 * always set as text, never parsed as HTML), formatting times, sizes and
 * money, and one-line descriptions of events.
 *
 * These functions are not called in Deno: their source text is part of the
 * page (see page.ts), so each one may use only browser globals and the other
 * functions of the client parts.
 *
 * @module
 */

/** Makes an element: `h("a", { href: "#/x", class: "k" }, "text", child)`. */
function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Formatters are made once: making one per call costs about a millisecond. */
const formatters = {};

function formatter(kind) {
  if (!formatters[kind]) {
    formatters[kind] = kind === "time"
      ? new Intl.DateTimeFormat(undefined, {
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hour12: false,
      })
      : new Intl.DateTimeFormat(undefined, {
        dateStyle: "short",
        timeStyle: "medium",
        hour12: false,
      });
  }
  return formatters[kind];
}

/** Local time of an event, `HH:MM:SS`. */
function fmtTime(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return formatter("time").format(d);
}

/** Local date and time, for tables. */
function fmtDateTime(at) {
  if (!at) return "–";
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at);
  return formatter("datetime").format(d);
}

/** Local time today, date and time before. */
function fmtWhen(at) {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return String(at ?? "");
  return d.toDateString() === new Date().toDateString() ? fmtTime(at) : fmtDateTime(at);
}

/** A duration in milliseconds, `850 ms`, `12.4 s`, `3 min 05 s`, `2 h 10 min`. */
function fmtDuration(ms) {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "–";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** A token count, `950`, `12.3k`, `4.1M`. */
function fmtTokens(n) {
  if (n === null || n === undefined || !Number.isFinite(n)) return "–";
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/** A count and its noun, `1 error`, `3 errors`. */
function plural(n, noun) {
  return `${fmtCount(n)} ${noun}${n === 1 ? "" : "s"}`;
}

/** A count with thousands separators. */
function fmtCount(n) {
  formatters.count ??= new Intl.NumberFormat("en-US");
  return formatters.count.format(Number(n ?? 0));
}

/** A cost `{amount, currency}` as money; `–` when there is none (not every session priced). */
function fmtCost(cost) {
  if (!cost || typeof cost.amount !== "number") return "–";
  const digits = cost.amount !== 0 && Math.abs(cost.amount) < 1 ? 4 : 2;
  try {
    const key = `money:${cost.currency || "USD"}:${digits}`;
    formatters[key] ??= new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: cost.currency || "USD",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return formatters[key].format(cost.amount);
  } catch {
    return `${cost.amount.toFixed(digits)} ${cost.currency ?? ""}`.trim();
  }
}

/** The sum of a usage object's input and output tokens. */
function usageTokens(u) {
  if (!u) return 0;
  return (u.input_tokens ?? 0) + (u.output_tokens ?? 0);
}

/** The first line of a text, at most `max` characters. */
function firstLine(text, max = 160) {
  const s = String(text ?? "").trim();
  const nl = s.indexOf("\n");
  const line = nl >= 0 ? s.slice(0, nl) : s;
  return line.length > max ? line.slice(0, max - 1) + "…" : line;
}

/** The first characters of an id (UUIDs and commits are long). */
function shortId(id, n = 8) {
  return id ? String(id).slice(0, n) : "–";
}

/** What a tool was asked to do, in a few words: its command, path or arguments. */
function inputSummary(input) {
  if (input === null || input === undefined) return "";
  if (typeof input !== "object") return firstLine(String(input), 120);
  for (const k of ["command", "cmd", "path", "file", "pattern", "query", "url"]) {
    if (typeof input[k] === "string") return firstLine(input[k], 120);
  }
  return firstLine(JSON.stringify(input), 120);
}

/** A severity of an event for colouring: `error`, `warn`, `ok` or ``. */
function severityOf(ev) {
  switch (ev.type) {
    case "tool_returned":
      return ev.is_error || ev.timed_out ? "error" : "";
    case "phase_finished":
      return ev.success ? "ok" : "error";
    case "validation_finished":
      return ev.passed ? "ok" : "error";
    case "run_finished":
      return ev.success ? "ok" : (ev.status === "failed" ? "error" : "warn");
    case "approval_requested":
    case "paused":
    case "retrying":
      return "warn";
    case "approval_resolved":
      return ev.approved ? "ok" : "warn";
    case "subtask_integrated":
      return ev.conflicts && ev.conflicts.length ? "error" : "ok";
    case "subtask_updated":
      return /fail|error/i.test(String(ev.status)) ? "error" : "";
    case "log":
      return ev.level === "error"
        ? "error"
        : ev.level === "warn" || ev.level === "warning"
        ? "warn"
        : "";
    default:
      return "";
  }
}

/** A short sign for each event type, shown before its description. */
const SYMBOLS = {
  run_started: "▶",
  phase_started: "◆",
  phase_finished: "◇",
  agent_started: "●",
  agent_delta: "…",
  agent_text: "✎",
  tool_called: "→",
  tool_returned: "←",
  agent_finished: "○",
  subtask_updated: "▣",
  subtask_integrated: "⇲",
  committed: "⎇",
  merged: "⇶",
  validation_finished: "✓",
  budget_updated: "Σ",
  artefact_written: "▤",
  approval_requested: "⏸",
  approval_resolved: "✔",
  retrying: "↻",
  paused: "⏸",
  run_finished: "■",
  log: "·",
};

/**
 * An envelope of a schema above the one this page reads (2): its event is
 * shown as one the page does not know, whatever its type says.
 */
function isFuture(env) {
  return env.schema > 2;
}

/** What an envelope's event says, in one line. */
function describeEnv(env) {
  return isFuture(env)
    ? `${env.event.type} (an event of schema ${env.schema}, which this page does not know)`
    : describe(env.event);
}

/** The sign shown before an envelope's event. */
function symbolOf(env) {
  return isFuture(env) ? "?" : SYMBOLS[env.event.type] ?? "?";
}

/** One line saying what an event is about (without its time and task). */
function describe(ev) {
  const ok = (b) => (b ? "ok" : "failed");
  switch (ev.type) {
    case "run_started":
      return `Run ${shortId(ev.run)} started`;
    case "phase_started":
      return `Phase ${ev.phase} started`;
    case "phase_finished":
      return `Phase ${ev.phase} ${ok(ev.success)}${ev.summary ? ": " + firstLine(ev.summary) : ""}`;
    case "agent_started":
      return `${ev.role} started${ev.model ? " (" + ev.model + ")" : ""}`;
    case "agent_delta":
      return `${ev.role}: ${firstLine(ev.delta?.text ?? "")}`;
    case "agent_text":
      return `${ev.role}: ${firstLine(ev.text)}`;
    case "tool_called":
      return `${ev.role} → ${ev.tool} ${inputSummary(ev.input)}`;
    case "tool_returned": {
      const state = ev.timed_out ? "timed out" : ev.is_error ? "error" : "ok";
      const exit = ev.exit_code !== null && ev.exit_code !== undefined
        ? ` exit ${ev.exit_code}`
        : "";
      return `${ev.tool} ${state}${exit} in ${fmtDuration(ev.duration_ms)} · ${
        firstLine(ev.preview, 100)
      }`;
    }
    case "agent_finished":
      return `${ev.role} finished: ${ev.steps} steps, ${fmtTokens(usageTokens(ev.usage))} tokens`;
    case "subtask_updated":
      return `Subtask ${shortId(ev.subtask)} ${ev.status}`;
    case "subtask_integrated":
      return ev.conflicts && ev.conflicts.length
        ? `Subtask ${shortId(ev.subtask)} conflicted: ${ev.conflicts.join(", ")}`
        : `Subtask ${shortId(ev.subtask)} integrated as ${shortId(ev.commit, 7)}`;
    case "committed":
      return `Committed ${shortId(ev.commit, 7)} ${firstLine(ev.message, 100)}`;
    case "merged":
      return `Merged ${ev.branch || "the task branch"} into ${ev.base || "its base"} (${
        shortId(ev.commit, 7)
      })`;
    case "validation_finished":
      return `Validation \`${ev.command}\` ${ev.passed ? "passed" : "failed"}${
        ev.exit_code !== null && ev.exit_code !== undefined ? " (exit " + ev.exit_code + ")" : ""
      }`;
    case "budget_updated":
      return `Budget: ${fmtTokens(ev.tokens)}${
        ev.token_limit ? " of " + fmtTokens(ev.token_limit) : ""
      } tokens, ${fmtDuration(ev.active_ms)} active`;
    case "artefact_written":
      return `Wrote the ${ev.artefact?.kind ?? "artefact"}${
        ev.artefact?.round ? " (round " + ev.artefact.round + ")" : ""
      }`;
    case "approval_requested":
      return `Waiting for approval of the ${ev.gate}`;
    case "approval_resolved":
      return `${ev.gate} ${ev.approved ? "approved" : "rejected"}${
        ev.comment ? ": " + firstLine(ev.comment, 100) : ""
      }`;
    case "retrying":
      return `Retrying ${ev.what} (attempt ${ev.attempt}) in ${fmtDuration(ev.delay_ms)}`;
    case "paused":
      return `Paused: ${ev.reason}`;
    case "run_finished":
      return `Run finished: ${ev.status} (${ok(ev.success)}) · ${
        fmtTokens(usageTokens(ev.usage))
      } tokens · ${fmtDuration(ev.active_ms)}`;
    case "log":
      return `[${ev.level}] ${firstLine(ev.message)}`;
    default:
      return `${ev.type} (an event this page does not know)`;
  }
}

/** The parts in page order. */
export const UTIL_PARTS: readonly unknown[] = [
  h,
  formatter,
  fmtTime,
  fmtDateTime,
  fmtWhen,
  fmtDuration,
  fmtTokens,
  fmtCount,
  plural,
  fmtCost,
  usageTokens,
  firstLine,
  shortId,
  inputSummary,
  severityOf,
  describe,
  isFuture,
  describeEnv,
  symbolOf,
];

/** Constants of the page, written as `const NAME = <json>;`. */
export const UTIL_CONSTANTS: Record<string, unknown> = { SYMBOLS, formatters };
