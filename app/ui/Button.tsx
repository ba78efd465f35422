// The button (also a link that looks like one: `component={Link}`), and the close button of a
// dialog. The look is .ui-button / .ui-close-button in app/styles/ui.css.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";
import {
  cx,
  flag,
  splitStyle,
  type Polymorphic,
  type StyleProps,
  type ThemeColor,
  type Variant,
} from "./style";

export interface ButtonOwnProps extends StyleProps {
  variant?: Variant;
  color?: ThemeColor;
  size?: "xs" | "sm" | "md" | "compact-xs" | "compact-sm";
  /** Shows a spinner and disables the button (a form being submitted). */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function ButtonImpl(
  {
    component,
    variant = "filled",
    color,
    size,
    loading,
    disabled,
    className,
    children,
    ...props
  }: ButtonOwnProps & { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "button";
  const native = Element === "button";
  const [style, rest] = splitStyle({}, props);
  return (
    <Element
      ref={ref}
      style={style}
      className={cx("ui-button", className)}
      data-variant={variant}
      data-color={color}
      data-size={size}
      data-loading={flag(loading)}
      data-disabled={flag(disabled)}
      type={native ? "button" : undefined}
      disabled={native ? disabled || loading : undefined}
      aria-disabled={!native && disabled ? true : undefined}
      {...rest}
    >
      {loading ? <span className="ui-button-loader" aria-hidden="true" /> : null}
      <span className="ui-button-label">{children}</span>
    </Element>
  );
}

export const Button = forwardRef(ButtonImpl) as unknown as Polymorphic<ButtonOwnProps, "button">;

const CROSS =
  "M11.78 4.03a.57.57 0 0 0-.81-.81L7.5 6.69 4.03 3.22a.57.57 0 0 0-.81.81L6.69 7.5l-3.47 3.47a.57.57 0 0 0 .81.81L7.5 8.31l3.47 3.47a.57.57 0 0 0 .81-.81L8.31 7.5l3.47-3.47Z";

function CloseButtonImpl(
  { component, className, ...rest }: { component?: ElementType } & Record<string, unknown>,
  ref: unknown,
) {
  const Element: ElementType = component ?? "button";
  return (
    <Element
      ref={ref}
      className={cx("ui-close-button", className as string | undefined)}
      type={Element === "button" ? "button" : undefined}
      {...rest}
    >
      <svg viewBox="0 0 15 15" aria-hidden="true" focusable="false">
        <path d={CROSS} fill="currentColor" />
      </svg>
    </Element>
  );
}

/** An icon button with a cross; its name is the `aria-label` it must be given. */
export const CloseButton = forwardRef(CloseButtonImpl) as unknown as Polymorphic<
  { "aria-label": string; className?: string },
  "button"
>;
