// Mantine's Stack drawn with its markup without Mantine's code (decision 096); `component` as
// Mantine's Box. tests/unit/plain-mantine.test.tsx holds it to Mantine's Stack.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";
import { boxStyle, cx, spacing, type Polymorphic, type Spacing, type StyleProps } from "./plain";

export interface StackOwnProps extends StyleProps {
  gap?: Exclude<Spacing, "auto">;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function StackImpl(
  {
    component,
    gap = "md",
    align = "stretch",
    justify = "flex-start",
    className,
    ...props
  }: StackOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "div";
  const [style, rest] = boxStyle(
    {
      "--stack-gap": spacing(gap),
      "--stack-align": align as string,
      "--stack-justify": justify as string,
    },
    props,
  );
  return (
    <Element
      ref={ref}
      style={style}
      className={cx(className, "m_6d731127 mantine-Stack-root")}
      {...rest}
    />
  );
}

export const Stack = forwardRef(StackImpl) as unknown as Polymorphic<StackOwnProps, "div">;
