// Mantine's Badge drawn with its markup without Mantine's code (decision 096).
// tests/unit/plain-mantine.test.tsx holds it to Mantine's Badge.
import type { CSSProperties, ReactNode } from "react";
import { boxStyle, variantColors, type StyleProps, type ThemeColor } from "./plain";

export interface BadgeProps extends StyleProps {
  color?: ThemeColor;
  variant?: "filled" | "light" | "outline";
  size?: "xs" | "sm" | "md" | "lg" | "xl";
  radius?: "xs" | "sm" | "md" | "lg" | "xl";
  /** Only `label`'s style, as Mantine's Styles API. */
  styles?: { label?: CSSProperties };
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Badge({
  color,
  variant,
  size,
  radius,
  styles,
  className,
  children,
  ...props
}: BadgeProps) {
  const explicit = Boolean(color || variant);
  const colors = variantColors(color ?? "district", variant ?? "filled");
  const [style, rest] = boxStyle(
    {
      "--badge-height": size && `var(--badge-height-${size})`,
      "--badge-padding-x": size && `var(--badge-padding-x-${size})`,
      "--badge-fz": size && `var(--badge-fz-${size})`,
      "--badge-radius": radius && `var(--mantine-radius-${radius})`,
      "--badge-bg": explicit ? colors.background : undefined,
      "--badge-color": explicit ? colors.color : undefined,
      "--badge-bd": explicit ? colors.border : undefined,
    },
    props,
  );
  return (
    <div
      style={style}
      className={
        className ? `${className} m_347db0ec mantine-Badge-root` : "m_347db0ec mantine-Badge-root"
      }
      data-variant={variant}
      data-size={size}
      {...rest}
    >
      <span className="m_5add502a mantine-Badge-label" style={styles?.label}>
        {children}
      </span>
    </div>
  );
}
