// What the controls share: theme lengths and colours as CSS variables (the theme's variables,
// app/styles/theme.css), the few layout props pages pass (mt, c, fw, ...) as inline style, and
// class-name joining. The look itself is app/styles/ui.css.
import type { ComponentPropsWithRef, CSSProperties, ElementType, ReactElement } from "react";

export type Size = "xs" | "sm" | "md" | "lg" | "xl";
const SIZES = new Set<string>(["xs", "sm", "md", "lg", "xl"]);

/** A theme spacing key, or a length in px. */
export type Spacing = Size | number | "auto";

/** A px length in rem, scaled as the theme scales (--mantine-scale). */
export function rem(px: number): string {
  return px === 0 ? "0" : `calc(${px / 16}rem * var(--mantine-scale))`;
}

export function spacing(value: Spacing | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === "auto") return "auto";
  return typeof value === "string" && SIZES.has(value)
    ? `var(--mantine-spacing-${value})`
    : rem(value as number);
}

/** The theme's colours ("district" is the primary). */
export type ThemeColor =
  | "district"
  | "dark"
  | "gray"
  | "red"
  | "pink"
  | "grape"
  | "violet"
  | "indigo"
  | "blue"
  | "cyan"
  | "teal"
  | "green"
  | "lime"
  | "yellow"
  | "orange";

/** A text colour: "dimmed", a theme colour ("red") or a shade of one ("red.8"). */
export type TextColor = "dimmed" | ThemeColor | `${ThemeColor}.${number}`;

function textColor(c: TextColor): string {
  if (c === "dimmed") return "var(--mantine-color-dimmed)";
  const [name, shade] = c.split(".");
  return shade === undefined
    ? `var(--mantine-color-${name}-text, var(--mantine-color-${name}-filled))`
    : `var(--mantine-color-${name}-${shade})`;
}

/** Layout props the controls take, written as inline style. */
export interface StyleProps {
  m?: Spacing;
  mx?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  p?: Spacing;
  c?: TextColor;
  fw?: number;
  ta?: "left" | "center" | "right";
  w?: Spacing;
  miw?: Spacing;
  maw?: Spacing;
  display?: CSSProperties["display"];
}

const STYLE_PROPS: [keyof StyleProps, keyof CSSProperties, (v: never) => unknown][] = [
  ["m", "margin", spacing],
  ["mx", "marginInline", spacing],
  ["mt", "marginTop", spacing],
  ["mb", "marginBottom", spacing],
  ["p", "padding", spacing],
  ["c", "color", textColor],
  ["fw", "fontWeight", (v: number) => v],
  ["ta", "textAlign", (v: string) => v],
  ["w", "width", spacing],
  ["miw", "minWidth", spacing],
  ["maw", "maxWidth", spacing],
  ["display", "display", (v: string) => v],
];

/**
 * Splits the layout props off `props`: returns the element's style (the control's custom
 * properties, the caller's `style`, then the layout props) and the remaining props.
 */
export function splitStyle<P extends object>(
  vars: Record<string, string | undefined>,
  props: P,
): [CSSProperties | undefined, Omit<P, keyof StyleProps | "style">] {
  const rest = { ...props } as Record<string, unknown>;
  const style: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) if (v !== undefined) style[k] = v;
  Object.assign(style, rest.style);
  delete rest.style;
  for (const [prop, property, resolve] of STYLE_PROPS) {
    if (prop in rest) {
      const value = rest[prop];
      delete rest[prop];
      if (value !== undefined) style[property] = resolve(value as never);
    }
  }
  return [
    Object.keys(style).length ? (style as CSSProperties) : undefined,
    rest as Omit<P, keyof StyleProps | "style">,
  ];
}

/** Class names joined, the falsy ones left out. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/** A data attribute present when `on`, absent otherwise. */
export function flag(on: unknown): "" | undefined {
  return on ? "" : undefined;
}

/** Props of a control that renders as `component` (default D), e.g. a Button as a Link. */
export type PolymorphicProps<Own, C extends ElementType> = Own & {
  component?: C;
} & Omit<ComponentPropsWithRef<C>, keyof Own | "component">;

export type Polymorphic<Own, D extends ElementType> = <C extends ElementType = D>(
  props: PolymorphicProps<Own, C>,
) => ReactElement | null;

/** Colour variants of buttons, badges and alerts. */
export type Variant = "filled" | "light" | "outline" | "subtle" | "default" | "white";
