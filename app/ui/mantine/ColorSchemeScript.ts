// One module per Mantine export, so a page's bundle holds only what it uses (decision 093).
import type { ColorSchemeScript as Typed } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { ColorSchemeScript as untyped } from "../../../node_modules/@mantine/core/esm/core/MantineProvider/ColorSchemeScript/ColorSchemeScript.mjs";

export const ColorSchemeScript: typeof Typed = untyped;
