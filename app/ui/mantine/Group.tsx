// Mantine's Group drawn with its markup without Mantine's code (decision 096).
// tests/unit/plain-mantine.test.tsx holds it to Mantine's Group.
import {
  Children,
  forwardRef,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import { boxStyle, cx, flag, spacing, type Spacing, type StyleProps } from "./plain";

export interface GroupProps
  extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "color" | keyof StyleProps> {
  gap?: Exclude<Spacing, "auto">;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  /** Children share the row equally. */
  grow?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
}

export const Group = forwardRef<HTMLDivElement, GroupProps>(function Group(
  {
    gap = "md",
    align = "center",
    justify = "flex-start",
    wrap = "wrap",
    grow,
    className,
    children,
    ...props
  },
  ref,
) {
  // As Mantine's Group: false, null and undefined children are not counted or rendered.
  const items = Children.toArray(children).filter(Boolean);
  const g = spacing(gap);
  const [style, rest] = boxStyle(
    {
      "--group-child-width": grow
        ? `calc(${100 / items.length}% - (${g} - ${g} / ${items.length}))`
        : undefined,
      "--group-gap": g,
      "--group-align": align as string,
      "--group-justify": justify as string,
      "--group-wrap": wrap as string,
    },
    props,
  );
  return (
    <div
      ref={ref}
      style={style}
      className={cx(className, "m_4081bf90 mantine-Group-root")}
      data-grow={flag(grow)}
      {...rest}
    >
      {items}
    </div>
  );
});
