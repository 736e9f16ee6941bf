/**
 * Assertions for tests (JSR's std is not reachable here, so these are ours;
 * node:assert does the deep comparison).
 *
 * @module
 */
import nodeAssert from "node:assert/strict";

/** Deep strict equality. */
export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  nodeAssert.deepStrictEqual(actual, expected, message);
}

/** Deep strict inequality. */
export function assertNotEquals<T>(actual: T, expected: T, message?: string): void {
  nodeAssert.notDeepStrictEqual(actual, expected, message);
}

/** A truthy value. */
export function assert(value: unknown, message?: string): asserts value {
  nodeAssert.ok(value, message);
}

/** `text` contains `part`. */
export function assertStringIncludes(text: string, part: string, message?: string): void {
  if (!text.includes(part)) {
    throw new nodeAssert.AssertionError({
      message: message ?? `expected to find ${JSON.stringify(part)} in:\n${text}`,
    });
  }
}

/** `text` matches `re`. */
export function assertMatch(text: string, re: RegExp, message?: string): void {
  nodeAssert.match(text, re, message);
}

/** `fn` throws an instance of `type` (when given); returns the error. */
export function assertThrows(
  fn: () => unknown,
  // deno-lint-ignore no-explicit-any
  type?: new (...args: any[]) => Error,
): Error {
  try {
    fn();
  } catch (e) {
    if (type && !(e instanceof type)) throw new Error(`expected ${type.name}, got ${e}`);
    return e as Error;
  }
  throw new Error("expected the function to throw");
}

/** `fn` rejects with an instance of `type` (when given); returns the error. */
export async function assertRejects(
  fn: () => Promise<unknown>,
  // deno-lint-ignore no-explicit-any
  type?: new (...args: any[]) => Error,
): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    if (type && !(e instanceof type)) throw new Error(`expected ${type.name}, got ${e}`);
    return e as Error;
  }
  throw new Error("expected the promise to reject");
}
