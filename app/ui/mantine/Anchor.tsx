// Mantine's Anchor (underline on hover) drawn with its markup without Mantine's code (decision
// 096); polymorphic like Mantine's: `component={Link}`. tests/unit/plain-mantine.test.tsx holds
// it to Mantine's Anchor.
import { forwardRef, type ElementType } from "react";
import { textElement, type TextOwnProps } from "./Text";
import type { Polymorphic } from "./plain";

function AnchorImpl(
  props: Omit<TextOwnProps, "span"> & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  return textElement({ component: "a", ...props }, ref, { underline: "hover" });
}

export const Anchor = forwardRef(AnchorImpl) as unknown as Polymorphic<
  Omit<TextOwnProps, "span">,
  "a"
>;
