// What Mantine's components need from MantineProvider, without the parts that cost every page
// JavaScript (decision 093): the theme's CSS variables and global classes are a static stylesheet
// (app/styles/theme.css, generated from the theme), and the product has one colour scheme, light,
// so there is no colour scheme manager. Context values mirror MantineProvider's defaults.
import type { ReactNode } from "react";
import type { MantineThemeOverride } from "@mantine/core";
import type {
  MantineContext as ContextTyped,
  MantineThemeProvider as ThemeProviderTyped,
} from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { MantineContext as untypedContext } from "../../node_modules/@mantine/core/esm/core/MantineProvider/Mantine.context.mjs";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { MantineThemeProvider as untypedThemeProvider } from "../../node_modules/@mantine/core/esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs";

const MantineContext: typeof ContextTyped = untypedContext;
const MantineThemeProvider: typeof ThemeProviderTyped = untypedThemeProvider;

const noop = () => {};

const context = {
  colorScheme: "light" as const,
  setColorScheme: noop,
  clearColorScheme: noop,
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesSelector: ":root",
  withStaticClasses: true,
};

export function ThemeProvider({
  theme,
  children,
}: {
  theme: MantineThemeOverride;
  children: ReactNode;
}) {
  return (
    <MantineContext.Provider value={context}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext.Provider>
  );
}
