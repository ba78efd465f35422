// One module per Mantine export, so a page's bundle holds only what it uses (decision 093).
import type { Badge as Typed } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { Badge as untyped } from "../../../node_modules/@mantine/core/esm/components/Badge/Badge.mjs";

export const Badge: typeof Typed = untyped;
