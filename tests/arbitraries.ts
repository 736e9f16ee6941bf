/**
 * fast-check arbitraries of the contract: envelopes of all 22 event types in
 * the read form (every field present, 0.5 defaults included), built from the
 * field table so that a type or field added to the contract is generated too.
 *
 * @module
 */
import fc from "fast-check";
import { isDeepStrictEqual } from "node:util";
import { EVENT_TYPES } from "../src/contract/events.ts";
import { EVENT_FIELDS } from "../src/contract/fields.ts";
import type { Envelope } from "../src/contract/envelope.ts";

type Schema = Record<string, unknown>;

/** A JSON number that survives JSON.stringify and JSON.parse unchanged. */
const jsonNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
);

/** RFC 3339 timestamps in the shapes writers use: Z or an offset, 0 to 9 fractional digits. */
export const timestamp: fc.Arbitrary<string> = fc.tuple(
  fc.date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("2999-12-31T23:59:59Z"),
    noInvalidDate: true,
  }),
  fc.integer({ min: 0, max: 9 }),
  fc.integer({ min: 0, max: 999_999_999 }),
  fc.constantFrom("Z", "+02:00", "-05:30", "+00:00"),
).map(([d, digits, frac, zone]) => {
  const base = d.toISOString().slice(0, 19);
  const f = digits === 0 ? "" : "." + String(frac).padStart(9, "0").slice(0, digits);
  return `${base}${f}${zone}`;
});

/** Values that a JSON round trip gives back unchanged (jsonValue may hold a -0). */
export const jsonValue: fc.Arbitrary<unknown> = fc.jsonValue().filter((v) =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v)
);

/** An arbitrary for one field schema fragment of `fields.ts`. */
function fromSchema(s: Schema): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.if !== undefined && (s.properties as Schema)?.kind) {
    // artefact: qa_report carries a round.
    return fc.oneof(
      fc.constantFrom({ kind: "spec" }, { kind: "plan" }),
      fc.integer({ min: 1, max: 99 }).map((round) => ({ kind: "qa_report", round })),
    );
  }
  const type = s.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t) => fromSchema({ ...s, type: t })));
  switch (type) {
    case "string":
      if (s.pattern === "^[0-9a-f]{12}$") return fc.stringMatching(/^[0-9a-f]{12}$/);
      if (s.format === "date-time") return timestamp;
      if (s.minLength === 1) return fc.uuid();
      return fc.string({ unit: "grapheme", maxLength: 40 });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "integer":
      return fc.integer({ min: typeof s.minimum === "number" ? s.minimum : -1_000_000_000 });
    case "number":
      return typeof s.minimum === "number"
        ? jsonNumber.filter((n) => n >= (s.minimum as number))
        : jsonNumber;
    case "array":
      return fc.array(fromSchema(s.items as Schema), { maxLength: 4 });
    case "object": {
      const props = s.properties as Record<string, Schema>;
      return fc.record(
        Object.fromEntries(Object.entries(props).map(([k, v]) => [k, fromSchema(v)])),
      );
    }
    default:
      // `input`: any JSON.
      return jsonValue;
  }
}

/** Unknown field names: never one of the contract's, sometimes awkward. */
const unknownKey = fc.oneof(
  fc.constantFrom("extra", "__proto__", "constructor", "toString", "x-vendor", "ünïcode"),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** Fields a newer release might add to an event. */
function unknownFields(known: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.dictionary(
    unknownKey.filter((k) => !known.includes(k)),
    jsonValue,
    { maxKeys: 3, noNullPrototype: true },
  );
}

/** The event of one known type in the read form, maybe with unknown fields. */
export function eventOf(type: string, options: { unknown?: boolean } = {}) {
  const fields = EVENT_FIELDS[type as keyof typeof EVENT_FIELDS];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, spec] of Object.entries(fields)) model[name] = fromSchema(spec.schema);
  const base = fc.record(model, {
    requiredKeys: Object.entries(fields).filter(([, s]) => !s.optional).map(([n]) => n),
  });
  const known = ["type", ...Object.keys(fields)];
  return fc.tuple(base, options.unknown ? unknownFields(known) : fc.constant({})).map(
    ([ev, extra]) => {
      const out: Record<string, unknown> = { type };
      for (const [k, v] of Object.entries(ev)) out[k] = v;
      for (const [k, v] of Object.entries(extra)) {
        Object.defineProperty(out, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    },
  );
}

/** A known event of any of the 22 types. */
export const knownEvent = fc.constantFrom(...EVENT_TYPES).chain((t) => eventOf(t));

/** A known event with unknown fields beside its own. */
export const eventWithUnknownFields = fc.constantFrom(...EVENT_TYPES).chain((t) =>
  eventOf(t, { unknown: true })
);

/** An event of a type this release does not know. */
export const unknownEvent = fc.tuple(
  fc.stringMatching(/^[a-z][a-z_]{0,20}$/).filter((t) =>
    !(EVENT_TYPES as readonly string[]).includes(t)
  ),
  unknownFields(["type"]),
).map(([type, extra]) => ({ ...extra, type }));

/**
 * A valid envelope in the read form: schema 2 (or above, for unknown
 * formats), seq from 1 or absent, a timestamp, the event, and sometimes
 * unknown envelope fields.
 */
export function envelope(options: { schema?: fc.Arbitrary<number>; unknown?: boolean } = {}) {
  return fc.tuple(
    options.schema ?? fc.constant(2),
    fc.option(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), { nil: undefined }),
    timestamp,
    options.unknown ? fc.oneof(eventWithUnknownFields, unknownEvent) : knownEvent,
    options.unknown
      ? unknownFields(["schema", "seq", "at", "event"])
      : fc.constant({} as Record<string, unknown>),
  ).map(([schema, seq, at, event, extra]) => {
    const env: Record<string, unknown> = { schema };
    if (seq !== undefined) env.seq = seq;
    env.at = at;
    env.event = event;
    for (const [k, v] of Object.entries(extra)) {
      Object.defineProperty(env, k, {
        value: v,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return env as Envelope;
  });
}
