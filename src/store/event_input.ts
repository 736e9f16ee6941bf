/**
 * Events from a producer of its own (`taskline record`): a bare event object,
 * without envelope, checked against the contract's field rules
 * (contract/fields.ts, the table the JSON Schema is built from) before the
 * run recorder writes it.
 *
 * What a producer may leave out, because taskline sets it: `run` in every
 * event, `task` of `run_started`, the totals of `run_finished` (`usage`,
 * `active_ms`, `started_at`), and, when a `tool_returned` carries its
 * complete `output`, its `preview`, `output_chars` and `output_file`. Fields
 * added in 0.5 may be left out too: they are written with the contract's
 * defaults. Every field given is checked; a known event missing a field the
 * contract requires is refused. An event of a type this release does not
 * know is kept as it is when its type is a plain name.
 *
 * @module
 */
import { EVENT_FIELDS, type FieldSpec } from "../contract/fields.ts";
import { parseTimeNs } from "../contract/time.ts";

/** A type name a producer may invent: 1 to 64 of `A-Z a-z 0-9 _ . : -`. */
const PLAIN_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/** What checking one input event gives. */
export type CheckedInput =
  | {
    ok: true;
    /**
     * The event to write, keys in the contract's order, with the `run` given
     * to {@link checkEventInput} second, or without `run` (the recorder sets it).
     */
    event: Record<string, unknown> & { type: string };
    /** The complete output of a `tool_returned`, for the trace store; else undefined. */
    output?: string;
  }
  | { ok: false; reason: string };

type Check = (v: unknown) => string | null;

/** Fields taskline sets, per type: given values are replaced. */
const SET_BY_TASKLINE: Record<string, ReadonlySet<string>> = {
  run_started: new Set(["task"]),
  run_finished: new Set(["usage", "active_ms", "started_at"]),
};
/** Set by taskline on a `tool_returned` that carries its `output`. */
const SET_FROM_OUTPUT = new Set(["preview", "output_chars", "output_file"]);

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** A checker for one of the JSON Schema fragments of fields.ts. */
function compile(schema: Record<string, unknown>): Check {
  const checks: Check[] = [];
  if (schema.type !== undefined) {
    const allowed = new Set(Array.isArray(schema.type) ? schema.type : [schema.type]);
    if (allowed.has("number")) allowed.add("integer");
    const want = [...(Array.isArray(schema.type) ? schema.type : [schema.type])].join(" or ");
    const only = allowed.size === 1 ? [...allowed][0] : "";
    if (only === "string") checks.push((v) => typeof v === "string" ? null : `is not ${want}`);
    else if (only === "boolean") {
      checks.push((v) => typeof v === "boolean" ? null : `is not ${want}`);
    } else checks.push((v) => allowed.has(typeName(v)) ? null : `is not ${want}`);
  }
  if (typeof schema.minLength === "number") {
    const n = schema.minLength;
    checks.push((v) => typeof v === "string" && v.length < n ? "is empty" : null);
  }
  if (typeof schema.pattern === "string") {
    const re = new RegExp(schema.pattern);
    checks.push((v) =>
      typeof v === "string" && !re.test(v) ? `does not match ${schema.pattern}` : null
    );
  }
  if (typeof schema.minimum === "number") {
    const min = schema.minimum;
    checks.push((v) => typeof v === "number" && v < min ? `is below ${min}` : null);
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum as unknown[];
    checks.push((v) => values.includes(v) ? null : `is not one of ${values.join(", ")}`);
  }
  if (schema.const !== undefined) {
    checks.push((v) => v === schema.const ? null : `is not ${schema.const}`);
  }
  if (schema.format === "date-time") {
    checks.push((v) =>
      typeof v === "string" && parseTimeNs(v) === null ? "is not an RFC 3339 time" : null
    );
  }
  if (schema.items && typeof schema.items === "object") {
    const item = compile(schema.items as Record<string, unknown>);
    checks.push((v) => {
      if (!Array.isArray(v)) return null;
      for (let i = 0; i < v.length; i++) {
        const r = item(v[i]);
        if (r) return `[${i}] ${r}`;
      }
      return null;
    });
  }
  const objectCheck = (
    props: Record<string, Record<string, unknown>> | undefined,
    required: string[] | undefined,
  ): Check | null => {
    if (!props && !required) return null;
    const fields = Object.entries(props ?? {}).map(([k, s]) => [k, compile(s)] as const);
    return (v) => {
      if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
      const o = v as Record<string, unknown>;
      for (const k of required ?? []) if (o[k] === undefined) return `lacks ${k}`;
      for (const [k, c] of fields) {
        if (o[k] === undefined) continue;
        const r = c(o[k]);
        if (r) return `.${k} ${r}`;
      }
      return null;
    };
  };
  const own = objectCheck(
    schema.properties as Record<string, Record<string, unknown>> | undefined,
    schema.required as string[] | undefined,
  );
  if (own) checks.push(own);
  if (schema.if && schema.then) {
    const cond = compile(schema.if as Record<string, unknown>);
    const then = compile(schema.then as Record<string, unknown>);
    checks.push((v) => cond(v) === null ? then(v) : null);
  }
  if (checks.length === 0) return () => null;
  if (checks.length === 1) return checks[0];
  return (v) => {
    for (const c of checks) {
      const r = c(v);
      if (r) return r;
    }
    return null;
  };
}

interface FieldRule {
  name: string;
  /** A shape checked inline (no call), or 0: {@link check} decides. */
  kind: Kind;
  check: Check;
  required: boolean;
  default0_5?: () => unknown;
}

/** Shapes most fields have, checked without a call. */
const enum Kind {
  Other = 0,
  String = 1,
  NonEmptyString = 2,
  StringOrNull = 3,
  Boolean = 4,
  Number = 5,
}

function kindOf(schema: Record<string, unknown>): Kind {
  const keys = Object.keys(schema).sort().join(",");
  const t = JSON.stringify(schema.type);
  if (keys === "type" && t === '"string"') return Kind.String;
  if (keys === "minLength,type" && t === '"string"' && schema.minLength === 1) {
    return Kind.NonEmptyString;
  }
  if (keys === "type" && t === '["string","null"]') return Kind.StringOrNull;
  if (keys === "type" && t === '"boolean"') return Kind.Boolean;
  if (keys === "type" && t === '"number"') return Kind.Number;
  return Kind.Other;
}

function inlineOk(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case Kind.String:
      return typeof v === "string";
    case Kind.NonEmptyString:
      return typeof v === "string" && v !== "";
    case Kind.StringOrNull:
      return v === null || typeof v === "string";
    case Kind.Boolean:
      return typeof v === "boolean";
    case Kind.Number:
      return typeof v === "number";
    default:
      return false;
  }
}

/** The fields taskline sets itself in events of `type` (a type named by the input: own keys only). */
function setByTaskline(type: string): ReadonlySet<string> | undefined {
  return Object.hasOwn(SET_BY_TASKLINE, type) ? SET_BY_TASKLINE[type] : undefined;
}

function rulesOf(type: string, fields: Record<string, FieldSpec>): FieldRule[] {
  const set = setByTaskline(type);
  return Object.entries(fields)
    .filter(([name]) => name !== "run" && !set?.has(name))
    .map(([name, spec]) => ({
      name,
      kind: kindOf(spec.schema),
      check: compile(spec.schema),
      required: !spec.optional && spec.default0_5 === undefined,
      default0_5: spec.default0_5,
    }));
}

const RULES: ReadonlyMap<string, FieldRule[]> = new Map(
  Object.entries(EVENT_FIELDS).map(([type, fields]) => [type, rulesOf(type, fields)]),
);

/**
 * Checks one bare event of a producer. Never throws. A `run` of the input
 * is dropped; `run`, when given, is set instead.
 *
 * @example
 * ```ts
 * const c = checkEventInput({ type: "phase_started", phase: "build" });
 * if (c.ok) rec.emit(c.event as EventInput);
 * ```
 */
export function checkEventInput(value: unknown, run?: string): CheckedInput {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { ok: false, reason: "not a JSON object" };
  }
  const v = value as Record<string, unknown>;
  const type = v.type;
  if (typeof type !== "string") return { ok: false, reason: "no string type" };
  const rules = RULES.get(type);
  if (rules === undefined) {
    if (!PLAIN_NAME.test(type)) {
      return {
        ok: false,
        reason: `type ${
          JSON.stringify(type.slice(0, 80))
        } is not a plain name (1 to 64 of A-Z a-z 0-9 _ . : -)`,
      };
    }
    const { type: _t, run: _r, ...rest } = v;
    return { ok: true, event: run === undefined ? { type, ...rest } : { type, run, ...rest } };
  }
  let output: string | undefined;
  let fromOutput = false;
  if (type === "tool_returned" && v.output !== undefined) {
    if (typeof v.output !== "string") {
      return { ok: false, reason: "tool_returned.output is not string" };
    }
    if (typeof v.call !== "string") {
      return {
        ok: false,
        reason:
          "tool_returned with output lacks call (the trace store keeps an output by its call)",
      };
    }
    output = v.output;
    fromOutput = true;
  }
  const event: Record<string, unknown> & { type: string } = run === undefined
    ? { type }
    : { type, run };
  for (const rule of rules) {
    if (fromOutput && SET_FROM_OUTPUT.has(rule.name)) continue;
    const given = v[rule.name];
    if (given === undefined) {
      if (rule.required) return { ok: false, reason: `${type} lacks ${rule.name}` };
      if (rule.default0_5) event[rule.name] = rule.default0_5();
      continue;
    }
    const problem = rule.kind !== Kind.Other && inlineOk(rule.kind, given)
      ? null
      : rule.check(given);
    if (problem) {
      const sep = problem.startsWith(".") || problem.startsWith("[") ? "" : " ";
      return { ok: false, reason: `${type}.${rule.name}${sep}${problem}` };
    }
    event[rule.name] = given;
  }
  const set = setByTaskline(type);
  for (const k in v) {
    // Own keys only: `k in event` would also find `constructor`, `toString`...
    // of Object.prototype, and drop such fields.
    if (k === "type" || k === "run" || Object.hasOwn(event, k) || set?.has(k)) continue;
    if (fromOutput && (k === "output" || SET_FROM_OUTPUT.has(k))) continue;
    // A field this release does not know: kept (defined, so that a
    // `__proto__` key stays a field, as JSON.parse made it, not a prototype).
    Object.defineProperty(event, k, {
      value: v[k],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return output === undefined ? { ok: true, event } : { ok: true, event, output };
}
