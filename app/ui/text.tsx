// Text (a paragraph or a span), Anchor (a link, `component={Link}` for the app's own pages) and
// Title (a heading that may look like another level). The look is in app/styles/ui.css.
import {
  forwardRef,
  type CSSProperties,
  type ElementType,
  type HTMLAttributes,
  type ReactNode,
} from "react";
import { cx, splitStyle, type Polymorphic, type Size, type StyleProps } from "./style";

export interface TextOwnProps extends StyleProps {
  size?: Size;
  /** A `span` rather than a `p`. */
  span?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function TextImpl(
  {
    component,
    size,
    span,
    className,
    ...props
  }: TextOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? (span ? "span" : "p");
  const [style, rest] = splitStyle({}, props);
  return (
    <Element
      ref={ref}
      style={style}
      className={cx("ui-text", className)}
      data-size={size}
      {...rest}
    />
  );
}

export const Text = forwardRef(TextImpl) as unknown as Polymorphic<TextOwnProps, "p">;

function AnchorImpl(
  {
    component,
    size,
    className,
    ...props
  }: Omit<TextOwnProps, "span"> & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "a";
  const [style, rest] = splitStyle({}, props);
  return (
    <Element
      ref={ref}
      style={style}
      className={cx("ui-anchor", className)}
      data-size={size}
      {...rest}
    />
  );
}

/** A link in the theme's link colour, underlined on hover (and always inside a sentence). */
export const Anchor = forwardRef(AnchorImpl) as unknown as Polymorphic<
  Omit<TextOwnProps, "span">,
  "a"
>;

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
  const [style, rest] = splitStyle({}, props);
  const Element = `h${order}` as const;
  return (
    <Element
      ref={ref}
      style={style}
      className={cx("ui-title", className)}
      data-size={size ?? `h${order}`}
      {...rest}
    />
  );
});
