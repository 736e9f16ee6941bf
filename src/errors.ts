/**
 * The one error family of taskline. Library code throws these; the CLI maps
 * `code` to an exit code in one place, the server to an HTTP status in one
 * place.
 *
 * @module
 */

/** What went wrong, as a literal the CLI and the server map. */
export type ErrorCode =
  | "usage"
  | "not-found"
  | "ambiguous-ref"
  | "bad-cursor"
  | "bad-request"
  | "task-running"
  | "not-running"
  | "nothing-pending"
  | "bad-state"
  | "wrong-state"
  | "unsupported-media-type"
  | "too-large"
  | "io"
  | "bad-log-file"
  /** A task's task.json or run.json (or another state file) is not a regular file. */
  | "bad-state-file"
  /** A live subscriber fell too far behind and was ended; it resumes after the last cursor it saw. */
  | "fell-behind"
  | "interrupted";

/**
 * An error a user can act on. The message names the action and the value.
 *
 * @example
 * ```ts
 * throw new TasklineError("not-found", `Cannot resolve task "12": no task matches`);
 * ```
 */
export class TasklineError extends Error {
  override name = "TasklineError";
  readonly code: ErrorCode;
  /** Extra facts for JSON renderings (candidates of an ambiguous reference...). */
  readonly details?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string,
    options?: { details?: Record<string, unknown>; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    if (options?.details) this.details = options.details;
  }
}

/** Exit code of the CLI for an error code (see docs: exit codes). */
export function exitCodeOf(code: ErrorCode): number {
  switch (code) {
    case "usage":
    case "bad-cursor":
    case "bad-request":
    case "unsupported-media-type":
    case "too-large":
      return 2;
    case "interrupted":
      return 130;
    default:
      return 1;
  }
}

/** HTTP status of the server for an error code. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case "usage":
    case "bad-cursor":
    case "bad-request":
    case "ambiguous-ref":
      return 400;
    case "not-found":
      return 404;
    case "task-running":
    case "not-running":
    case "nothing-pending":
    case "wrong-state":
    // The task's log is not a regular file: its state, not the request, is wrong.
    case "bad-log-file":
    case "bad-state-file":
      return 409;
    case "too-large":
      return 413;
    case "unsupported-media-type":
      return 415;
    case "fell-behind":
      return 503;
    default:
      return 500;
  }
}

/**
 * A value given as text that does not read as what it should be. Its message
 * names the value and what was expected, never where the value was given: the
 * command line and the server each say that in their own words, from
 * `values` and `expected` (see {@link inOwnWords}).
 *
 * @example
 * ```ts
 * throw new BadValue(`Cannot read seq "${text}": expected a non-negative integer`, {
 *   values: [text],
 *   expected: "a non-negative integer",
 * });
 * ```
 */
export class BadValue extends TasklineError {
  /** The values that did not read, as given (most often one). */
  readonly values: readonly string[];
  /** What a value must be: `a non-negative integer`. */
  readonly expected: string;

  constructor(
    message: string,
    facts: { values: readonly string[]; expected: string; code?: ErrorCode },
  ) {
    super(facts.code ?? "usage", message);
    this.values = facts.values;
    this.expected = facts.expected;
  }

  /** The first value, cut to 40 characters for a message. */
  get shown(): string {
    return (this.values[0] ?? "").slice(0, 40);
  }

  /**
   * The error as told of an input named `subject` (`--since`, `since`):
   * `<subject> takes <expected>, not "<value>"`, with `code` (default: its own).
   */
  givenAs(subject: string, code: ErrorCode = this.code): TasklineError {
    return new TasklineError(code, `${subject} takes ${this.expected}, not "${this.shown}"`);
  }
}

/**
 * Reads a value with `read`; a {@link BadValue} it throws is told in the
 * words `tell` gives it, those of the surface that knows where the value
 * was given. Other errors pass as they are.
 *
 * @example
 * ```ts
 * const sinceNs = inOwnWords(() => parseSince(text), (e) => e.givenAs("--since"));
 * ```
 */
export function inOwnWords<T>(read: () => T, tell: (e: BadValue) => Error): T {
  try {
    return read();
  } catch (e) {
    throw e instanceof BadValue ? tell(e) : e;
  }
}
