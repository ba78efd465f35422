// The CSS that Mantine's MantineProvider would write into every page (the theme's CSS variables
// and its global classes), computed once from app/theme.ts. `npm run theme:css` writes it to
// app/styles/theme.css; a unit test fails when the file and the theme disagree.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MantineProvider } from "@mantine/core";
import { theme } from "~/theme";

export function themeCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, defaultColorScheme: "light" }, null),
  );
  const blocks = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) =>
    // The product is light only (mantineHtmlProps, defaultColorScheme): no dark variables.
    m[1]!.replace(/:root\[data-mantine-color-scheme="dark"\][^{]*\{[^}]*\}/g, "").trim(),
  );
  return (
    "/* Generated from app/theme.ts by `npm run theme:css` (decision 093): do not edit. */\n" +
    blocks.join("\n") +
    "\n"
  );
}
