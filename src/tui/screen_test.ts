import { assert, assertEquals } from "../../tests/assert.ts";
import { Screen } from "./screen.ts";

Deno.test("Screen writes only the rows that changed, in one write", () => {
  const writes: string[] = [];
  const screen = new Screen((s) => writes.push(s));
  const size = { width: 10, height: 3 };
  assertEquals(screen.draw(["a", "b", "c"], size), 3);
  assertEquals(writes.length, 1);
  assert(writes[0].includes("\x1b[2J"), "the first frame clears the screen");
  assertEquals(screen.draw(["a", "B", "c"], size), 1);
  assertEquals(writes.length, 2);
  assert(writes[1].includes("\x1b[2;1H"), "row 2 is redrawn");
  assert(!writes[1].includes("\x1b[1;1H") && !writes[1].includes("\x1b[2J"), writes[1]);
  // The same frame again writes nothing at all.
  assertEquals(screen.draw(["a", "B", "c"], size), 0);
  assertEquals(writes.length, 2);
});

Deno.test("Screen redraws whole after a resize or invalidate", () => {
  const writes: string[] = [];
  const screen = new Screen((s) => writes.push(s));
  screen.draw(["a", "b"], { width: 10, height: 2 });
  assertEquals(screen.draw(["a", "b"], { width: 12, height: 2 }), 2);
  assert(writes[1].includes("\x1b[2J"));
  screen.invalidate();
  assertEquals(screen.draw(["a", "b"], { width: 12, height: 2 }), 2);
  // Rows beyond the height are not drawn; missing rows are blank.
  assertEquals(screen.draw(["a"], { width: 12, height: 3 }), 3);
});
