// Mantine's Title drawn with its markup without Mantine's code (decision 096).
// tests/unit/plain-mantine.test.tsx holds it to Mantine's Title.
import { forwardRef, type CSSProperties, type HTMLAttributes } from "react";
import { boxStyle, cx, type StyleProps } from "./plain";

type Heading = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

export interface TitleProps
  extends StyleProps, Omit<HTMLAttributes<HTMLHeadingElement>, "color" | keyof StyleProps> {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  /** The look of another heading level. */
  size?: Heading;
  style?: CSSProperties;
}

export const Title = forwardRef<HTMLHeadingElement, TitleProps>(function Title(
  { order = 1, size, className, ...props },
  ref,
) {
  const look = size ?? `h${order}`;
  const [style, rest] = boxStyle(
    {
      "--title-fw": `var(--mantine-${look}-font-weight)`,
      "--title-lh": `var(--mantine-${look}-line-height)`,
      "--title-fz": `var(--mantine-${look}-font-size)`,
    },
    props,
  );
  const Element = `h${order}` as const;
  return (
    <Element
      ref={ref}
      style={style}
      className={cx(className, "m_8a5d1357 mantine-Title-root")}
      data-size={size}
      data-order={order}
      {...rest}
    />
  );
});
