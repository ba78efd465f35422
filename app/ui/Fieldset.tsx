// A bordered group of fields named by its legend (role "group"), and an image.
import type { ImgHTMLAttributes, ReactNode } from "react";
import { cx, rem } from "./style";

export function Fieldset({
  legend,
  className,
  children,
}: {
  legend: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={cx("ui-fieldset", className)}>
      <legend className="ui-fieldset-legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** An image at most `maw` px wide, optionally with a thin grey border. */
export function Image({
  maw,
  bordered,
  className,
  style,
  alt,
  ...img
}: ImgHTMLAttributes<HTMLImageElement> & { alt: string; maw?: number; bordered?: boolean }) {
  return (
    <img
      className={cx("ui-image", className)}
      data-bordered={bordered ? "" : undefined}
      style={maw === undefined ? style : { ...style, maxWidth: rem(maw) }}
      alt={alt}
      {...img}
    />
  );
}
