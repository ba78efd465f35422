// The static theme stylesheet is what MantineProvider would write for app/theme.ts (decision 093):
// change the theme, then run `npm run theme:css`.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { themeCss } from "~/ui/theme-css.server";

describe("app/styles/theme.css", () => {
  it("matches the theme", () => {
    const file = readFileSync(new URL("../../app/styles/theme.css", import.meta.url), "utf8");
    expect(file).toBe(themeCss());
  });

  it("carries the district's primary colour", () => {
    expect(themeCss()).toContain("--mantine-color-district-7: #631d79");
    expect(themeCss()).toContain(
      "--mantine-primary-color-filled: var(--mantine-color-district-filled)",
    );
  });
});
