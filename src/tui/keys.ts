/**
 * Keys from the bytes a terminal in raw mode sends.
 *
 * @module
 */

/** A key press. `char` carries the printable character. */
export type Key =
  | {
    name:
      | "up"
      | "down"
      | "left"
      | "right"
      | "pageup"
      | "pagedown"
      | "home"
      | "end"
      | "enter"
      | "tab"
      | "backtab"
      | "escape"
      | "backspace"
      | "ctrl-c"
      | "ctrl-d"
      | "ctrl-l"
      | "ctrl-u";
  }
  | { name: "char"; char: string };

const SEQUENCES: Record<string, Key["name"]> = {
  "[A": "up",
  "[B": "down",
  "[C": "right",
  "[D": "left",
  OA: "up",
  OB: "down",
  OC: "right",
  OD: "left",
  "[5~": "pageup",
  "[6~": "pagedown",
  "[H": "home",
  "[F": "end",
  OH: "home",
  OF: "end",
  "[1~": "home",
  "[4~": "end",
  "[7~": "home",
  "[8~": "end",
  "[Z": "backtab",
};

/**
 * Parses what one read from the terminal returned. Unknown escape sequences
 * are dropped whole; an escape at the end of the input is the Escape key.
 *
 * @example
 * ```ts
 * parseKeys("\x1b[Aq"); // [{ name: "up" }, { name: "char", char: "q" }]
 * ```
 */
export function parseKeys(input: string): Key[] {
  const keys: Key[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === "\x1b") {
      const next = input[i + 1];
      if (next === "[" || next === "O") {
        // CSI: parameters then a final byte in @..~; SS3: one byte.
        let j = i + 2;
        if (next === "[") {
          while (j < input.length && !/[\x40-\x7e]/.test(input[j])) j++;
        }
        const seq = input.slice(i + 1, j + 1);
        const name = SEQUENCES[seq];
        if (name) keys.push({ name } as Key);
        i = j + 1;
        continue;
      }
      if (next === "\x1b") {
        keys.push({ name: "escape" });
        i++;
        continue;
      }
      // Escape alone (or Alt+key, which the UI treats as Escape).
      keys.push({ name: "escape" });
      i += next === undefined ? 1 : 2;
      continue;
    }
    i++;
    switch (c) {
      case "\r":
      case "\n":
        keys.push({ name: "enter" });
        if (c === "\r" && input[i] === "\n") i++;
        break;
      case "\t":
        keys.push({ name: "tab" });
        break;
      case "\x7f":
      case "\b":
        keys.push({ name: "backspace" });
        break;
      case "\x03":
        keys.push({ name: "ctrl-c" });
        break;
      case "\x04":
        keys.push({ name: "ctrl-d" });
        break;
      case "\x0c":
        keys.push({ name: "ctrl-l" });
        break;
      case "\x15":
        keys.push({ name: "ctrl-u" });
        break;
      default: {
        const cp = c.codePointAt(0)!;
        if (cp < 0x20) break; // other control keys do nothing
        if (cp >= 0xd800 && cp <= 0xdbff && i < input.length) {
          keys.push({ name: "char", char: c + input[i] });
          i++;
        } else {
          keys.push({ name: "char", char: c });
        }
      }
    }
  }
  return keys;
}
