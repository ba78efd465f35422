// Mantine's Paper drawn with its markup without Mantine's code (decision 096); polymorphic like
// Mantine's. tests/unit/plain-mantine.test.tsx holds it to Mantine's Paper.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";
import { boxStyle, cx, flag, type Polymorphic, type StyleProps } from "./plain";

export interface PaperOwnProps extends StyleProps {
  withBorder?: boolean;
  shadow?: "xs" | "sm" | "md" | "lg" | "xl";
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** Paper's element; `vars` and `classes` let Card draw itself as a Paper, as Mantine's does. */
export function paperElement(
  {
    component,
    withBorder,
    shadow,
    className,
    ...props
  }: PaperOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
  vars: Record<string, string | undefined> = {},
) {
  const Element: ElementType = component ?? "div";
  const [style, rest] = boxStyle(
    { "--paper-shadow": shadow && `var(--mantine-shadow-${shadow})`, ...vars },
    props,
  );
  return (
    <Element
      ref={ref}
      style={style}
      className={cx(className, "m_1b7284a3 mantine-Paper-root")}
      data-with-border={flag(withBorder)}
      {...rest}
    />
  );
}

export const Paper = forwardRef<unknown, PaperOwnProps & Record<string, unknown>>((props, ref) =>
  paperElement(props, ref),
) as unknown as Polymorphic<PaperOwnProps, "div">;
