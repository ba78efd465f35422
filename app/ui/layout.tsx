// Layout: Stack (a column), Group (a row that wraps), SimpleGrid (equal columns), Paper and Card
// (surfaces), Divider. The look is in app/styles/ui.css.
import {
  Children,
  forwardRef,
  type CSSProperties,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import {
  cx,
  flag,
  spacing,
  splitStyle,
  type Polymorphic,
  type Size,
  type Spacing,
  type StyleProps,
} from "./style";

type Gap = Exclude<Spacing, "auto">;

export interface StackOwnProps extends StyleProps {
  gap?: Gap;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function StackImpl(
  {
    component,
    gap,
    align,
    justify,
    className,
    ...props
  }: StackOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "div";
  const [style, rest] = splitStyle(
    {
      "--ui-gap": spacing(gap),
      "--ui-align": align as string | undefined,
      "--ui-justify": justify as string | undefined,
    },
    props,
  );
  return <Element ref={ref} style={style} className={cx("ui-stack", className)} {...rest} />;
}

export const Stack = forwardRef(StackImpl) as unknown as Polymorphic<StackOwnProps, "div">;

export interface GroupProps
  extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "color" | keyof StyleProps> {
  gap?: Gap;
  align?: CSSProperties["alignItems"];
  justify?: CSSProperties["justifyContent"];
  wrap?: CSSProperties["flexWrap"];
  /** The children share the row equally. */
  grow?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
}

export const Group = forwardRef<HTMLDivElement, GroupProps>(function Group(
  { gap, align, justify, wrap, grow, className, children, ...props },
  ref,
) {
  const items = Children.toArray(children).filter(Boolean);
  const [style, rest] = splitStyle(
    {
      "--ui-gap": spacing(gap),
      "--ui-align": align as string | undefined,
      "--ui-justify": justify as string | undefined,
      "--ui-wrap": wrap as string | undefined,
      "--ui-columns": grow ? String(items.length) : undefined,
    },
    props,
  );
  return (
    <div
      ref={ref}
      style={style}
      className={cx("ui-group", className)}
      data-grow={flag(grow)}
      {...rest}
    >
      {items}
    </div>
  );
});

export interface SimpleGridProps
  extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "color" | keyof StyleProps> {
  /** One column on phones, two from 48em (the only layout the pages use). */
  cols?: { base: 1; sm: 2 };
  spacing?: Gap;
  style?: CSSProperties;
}

export function SimpleGrid({ cols: _cols, spacing: gap, className, ...props }: SimpleGridProps) {
  const [style, rest] = splitStyle({ "--ui-gap": spacing(gap) }, props);
  return <div style={style} className={cx("ui-grid", className)} {...rest} />;
}

export interface PaperOwnProps extends StyleProps {
  withBorder?: boolean;
  shadow?: Size;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function PaperImpl(
  {
    component,
    withBorder,
    shadow,
    className,
    ...props
  }: PaperOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "div";
  const [style, rest] = splitStyle(
    { "--ui-shadow": shadow && `var(--mantine-shadow-${shadow})` },
    props,
  );
  return (
    <Element
      ref={ref}
      style={style}
      className={cx("ui-paper", className)}
      data-with-border={flag(withBorder)}
      {...rest}
    />
  );
}

/** A surface: the body colour, the theme's radius, optionally a border and a shadow. */
export const Paper = forwardRef(PaperImpl) as unknown as Polymorphic<PaperOwnProps, "div">;

export interface CardOwnProps extends PaperOwnProps {
  padding?: Gap;
}

function CardImpl(
  {
    padding,
    className,
    style,
    ...props
  }: CardOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  return (
    <Paper
      ref={ref as never}
      {...props}
      className={cx("ui-card", className)}
      style={{ ...(padding === undefined ? {} : { "--ui-padding": spacing(padding) }), ...style }}
    />
  );
}

/** A Paper laid out as a column with padding (md unless `padding`). */
export const Card = forwardRef(CardImpl) as unknown as Polymorphic<CardOwnProps, "div">;

/** A horizontal rule. */
export function Divider({ my, className }: { my?: Gap; className?: string }) {
  return (
    <hr
      className={cx("ui-divider", className)}
      style={my === undefined ? undefined : { marginBlock: spacing(my) }}
    />
  );
}
