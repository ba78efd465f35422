// Mantine's Alert (light, no icon or close button) drawn with its markup without Mantine's code
// (decision 096). tests/unit/plain-mantine.test.tsx holds it to Mantine's Alert.
import { forwardRef, useId, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { boxStyle, variantColors, type StyleProps, type ThemeColor } from "./plain";

export interface AlertProps
  extends StyleProps, Omit<HTMLAttributes<HTMLDivElement>, "title" | "color" | keyof StyleProps> {
  color?: ThemeColor;
  variant?: "light";
  title?: ReactNode;
  style?: CSSProperties;
}

export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { color, variant, title, children, id, role, className, ...props },
  ref,
) {
  const reactId = `mantine-${useId().replace(/:/g, "")}`;
  const rootId = id ?? reactId;
  const explicit = Boolean(color || variant);
  const colors = variantColors(color ?? "district", variant ?? "light");
  const [style, rest] = boxStyle(
    {
      "--alert-bg": explicit ? colors.background : undefined,
      "--alert-color": colors.color,
      "--alert-bd": explicit ? colors.border : undefined,
    },
    props,
  );
  return (
    <div
      ref={ref}
      style={style}
      className={
        className ? `${className} m_66836ed3 mantine-Alert-root` : "m_66836ed3 mantine-Alert-root"
      }
      data-variant={variant}
      id={rootId}
      role={role ?? "alert"}
      {...rest}
      aria-describedby={children ? `${rootId}-body` : undefined}
      aria-labelledby={title ? `${rootId}-title` : undefined}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          {title ? (
            <div className="m_6a03f287 mantine-Alert-title">
              <span id={`${rootId}-title`} className="m_698f4f23 mantine-Alert-label">
                {title}
              </span>
            </div>
          ) : null}
          {children ? (
            <div
              id={`${rootId}-body`}
              className="m_7fa78076 mantine-Alert-message"
              data-variant={variant}
            >
              {children}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
});
