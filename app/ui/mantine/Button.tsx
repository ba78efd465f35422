// Mantine's Button drawn with its markup (classes, data attributes, CSS variables, the loader of
// the busy state) without Mantine's code, which every page would otherwise load with its
// Transition, Loader and Box (decision 096). Polymorphic like Mantine's: `component={Link}`.
// tests/unit/plain-mantine.test.tsx holds it to Mantine's Button for the props the app uses.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";
import {
  boxStyle,
  cx,
  flag,
  rem,
  variantColors,
  type Polymorphic,
  type StyleProps,
  type ThemeColor,
  type Variant,
} from "./plain";

export interface ButtonOwnProps extends StyleProps {
  variant?: Variant;
  color?: ThemeColor;
  size?: "xs" | "sm" | "md" | "compact-xs" | "compact-sm";
  /** Shows the loader and disables the button (a form being submitted). */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

// Mantine's Transition at rest ("entered") for the loader; app.css plays the entrance.
const LOADER_STYLE: CSSProperties = {
  transitionProperty: "transform, opacity",
  WebkitBackfaceVisibility: "hidden",
  transitionDuration: "150ms",
  transitionTimingFunction: "ease",
  transformOrigin: "center",
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${rem(1)}))`,
};

const LOADER_VARS = {
  "--loader-size": "calc(var(--button-height) / 1.8)",
  "--loader-color": "var(--button-color)",
} as CSSProperties;

function ButtonImpl(
  {
    component,
    variant,
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
  const colors = variantColors(color ?? "district", variant ?? "filled");
  const explicit = Boolean(color || variant);
  const [style, rest] = boxStyle(
    {
      "--button-height": size && `var(--button-height-${size})`,
      "--button-padding-x": size && `var(--button-padding-x-${size})`,
      "--button-fz": size && `var(--mantine-font-size-${size.replace("compact-", "")})`,
      "--button-bg": explicit ? colors.background : undefined,
      "--button-hover": explicit ? colors.hover : undefined,
      "--button-color": colors.color,
      "--button-bd": explicit ? colors.border : undefined,
    },
    props,
  );
  return (
    <Element
      ref={ref}
      style={style}
      className={cx(
        "mantine-focus-auto",
        !disabled && !loading && "mantine-active",
        className,
        "m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root",
      )}
      data-variant={variant}
      data-size={size}
      data-disabled={flag(disabled)}
      data-loading={flag(loading)}
      type={Element === "button" ? "button" : undefined}
      disabled={disabled || loading}
      {...rest}
    >
      {loading ? (
        <span style={LOADER_STYLE} className="m_a25b86ee mantine-Button-loader" aria-hidden="true">
          <span style={LOADER_VARS} className="m_b34414df m_5ae2e3c mantine-Loader-root" />
        </span>
      ) : null}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={flag(loading)}>
          {children}
        </span>
      </span>
    </Element>
  );
}

export const Button = forwardRef(ButtonImpl) as unknown as Polymorphic<ButtonOwnProps, "button">;
