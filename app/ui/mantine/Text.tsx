// Mantine's Text (and the Anchor built on it) drawn with its markup without Mantine's code
// (decision 096); polymorphic like Mantine's. tests/unit/plain-mantine.test.tsx holds both to
// Mantine's.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";
import { boxStyle, cx, type MantineSize, type Polymorphic, type StyleProps } from "./plain";

export interface TextOwnProps extends StyleProps {
  size?: MantineSize;
  /** A `span` rather than a `p`. */
  span?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** Text's element; Anchor passes its class, its static selector and `data-underline`. */
export function textElement(
  {
    component,
    size,
    span,
    className,
    ...props
  }: TextOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
  anchor?: { underline: "hover" },
) {
  const Element: ElementType = component ?? (span ? "span" : "p");
  const [style, rest] = boxStyle(
    {
      "--text-fz": size && `var(--mantine-font-size-${size})`,
      "--text-lh": size && `var(--mantine-line-height-${size})`,
    },
    props,
  );
  return (
    <Element
      ref={ref}
      style={style}
      className={cx(
        "mantine-focus-auto",
        anchor && "m_849cf0da",
        className,
        "m_b6d8b162 mantine-Text-root",
        anchor && "mantine-Anchor-root",
      )}
      data-size={size}
      data-underline={anchor?.underline}
      {...rest}
    />
  );
}

export const Text = forwardRef<unknown, TextOwnProps & Record<string, unknown>>((props, ref) =>
  textElement(props, ref),
) as unknown as Polymorphic<TextOwnProps, "p">;
