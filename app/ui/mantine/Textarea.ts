// One module per Mantine export, so a page's bundle holds only what it uses (decision 093).
import type { Textarea as Typed } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { Textarea as untyped } from "../../../node_modules/@mantine/core/esm/components/Textarea/Textarea.mjs";

export const Textarea: typeof Typed = untyped;
