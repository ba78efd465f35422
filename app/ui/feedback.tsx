// Alert (a message box, role "alert" unless told otherwise, named by its title) and Badge (a
// short status label). The look is in app/styles/ui.css.
import { forwardRef, useId, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { cx, splitStyle, type Size, type StyleProps, type ThemeColor } from "./style";

export interface AlertProps
  extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "title" | "color" | keyof StyleProps> {
  color?: ThemeColor;
  variant?: "light";
  title?: ReactNode;
  style?: CSSProperties;
}

export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { color, variant: _variant, title, children, id, role, className, ...props },
  ref,
) {
  const ownId = `alert-${useId().replace(/:/g, "")}`;
  const rootId = id ?? ownId;
  const [style, rest] = splitStyle({}, props);
  return (
    <div
      ref={ref}
      style={style}
      className={cx("ui-alert", className)}
      data-color={color}
      id={rootId}
      role={role ?? "alert"}
      {...rest}
      aria-describedby={children ? `${rootId}-body` : undefined}
      aria-labelledby={title ? `${rootId}-title` : undefined}
    >
      {title ? (
        <div id={`${rootId}-title`} className="ui-alert-title">
          {title}
        </div>
      ) : null}
      {children ? (
        <div id={`${rootId}-body`} className="ui-alert-body">
          {children}
        </div>
      ) : null}
    </div>
  );
});

export interface BadgeProps extends StyleProps {
  color?: ThemeColor;
  variant?: "filled" | "light" | "outline";
  size?: Size;
  radius?: Size;
  /** The label's own style. */
  styles?: { label?: CSSProperties };
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

export function Badge({
  color,
  variant = "filled",
  size,
  radius,
  styles,
  className,
  children,
  ...props
}: BadgeProps) {
  const [style, rest] = splitStyle(
    { "--ui-badge-radius": radius && `var(--mantine-radius-${radius})` },
    props,
  );
  return (
    <span
      style={style}
      className={cx("ui-badge", className)}
      data-variant={variant}
      data-color={color}
      data-size={size}
      {...rest}
    >
      <span className="ui-badge-label" style={styles?.label}>
        {children}
      </span>
    </span>
  );
}
