// One module per Mantine export, so a page's bundle holds only what it uses (decision 093).
import type { createTheme as Typed } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { createTheme as untyped } from "../../../node_modules/@mantine/core/esm/core/MantineProvider/create-theme/create-theme.mjs";

export const createTheme: typeof Typed = untyped;
