import { assertEquals, assertStringIncludes } from "../../tests/assert.ts";
import { defaultSettings, parseSettings } from "../store/settings.ts";
import { defaultConfigText, SETTING_DOCS } from "./cmd_init.ts";

Deno.test("init's config.jsonc documents every setting and reads back as the defaults", () => {
  const text = defaultConfigText();
  const d = defaultSettings() as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(d)) {
    const nested = value !== null && typeof value === "object" && !Array.isArray(value) &&
      key !== "pricing";
    const keys = nested ? Object.keys(value as object).map((k) => `${key}.${k}`) : [key];
    for (const k of keys) {
      assertEquals(typeof SETTING_DOCS[k], "string", `${k} is documented`);
      assertStringIncludes(text, SETTING_DOCS[k].split(" ").slice(0, 3).join(" "));
    }
  }
  const { settings, warnings } = parseSettings(text);
  assertEquals(warnings, []);
  assertEquals(settings, defaultSettings());
});
