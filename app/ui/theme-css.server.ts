// The theme's CSS variables and global classes, as MantineProvider writes them, computed once from
// app/theme.ts. `npm run theme:css` writes them to app/styles/theme.css, which every page loads
// (app/styles/ui.css): the family pages' controls and the staff pages' Mantine share them
// (decision 118). A unit test fails when the file and the theme disagree.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { theme } from "~/theme";

export function themeCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, defaultColorScheme: "light" }, null),
  );
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) =>
    // The product is light only (root.tsx, forceColorScheme): no dark variables.
    m[1]!.replace(/:root\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*\}/g, "").trim(),
  );
  return (
    "/* Generated from app/theme.ts by `npm run theme:css` (decision 093): do not edit. */\n" +
    blocks.join("\n") +
    "\n"
  );
}
