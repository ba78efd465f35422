// Mantine's Card (without Card.Section) drawn with its markup without Mantine's code (decision
// 096); polymorphic like Mantine's. tests/unit/plain-mantine.test.tsx holds it to Mantine's Card.
import { forwardRef, type ElementType } from "react";
import { paperElement, type PaperOwnProps } from "./Paper";
import { cx, spacing, type Polymorphic, type Spacing } from "./plain";

export interface CardOwnProps extends PaperOwnProps {
  padding?: Exclude<Spacing, "auto">;
}

function CardImpl(
  {
    padding,
    className,
    ...props
  }: CardOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  return paperElement({ ...props, className: cx(className, "m_e615b15f mantine-Card-root") }, ref, {
    "--card-padding": spacing(padding),
  });
}

export const Card = forwardRef(CardImpl) as unknown as Polymorphic<CardOwnProps, "div">;
