// One module per Mantine export, so a page's bundle holds only what it uses (decision 093).
import type { Alert as Typed } from "@mantine/core";
// @ts-expect-error Mantine's per-file modules ship no types; the package index's types apply.
import { Alert as untyped } from "../../../node_modules/@mantine/core/esm/components/Alert/Alert.mjs";

export const Alert: typeof Typed = untyped;
