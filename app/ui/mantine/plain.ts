// What Mantine's components compute from their props, for the components drawn with Mantine's
// markup without Mantine's code (Button, Alert, Text, ...; decision 096): rem units, theme
// spacing and font sizes, the style props (mt, c, fw, ...) and the default variant colours, for
// the light colour scheme and the values the app uses. tests/unit/plain-mantine.test.tsx holds
// each component's output to Mantine's own.
import type { ComponentPropsWithRef, CSSProperties, ElementType, ReactElement } from "react";

/** Mantine's `rem()`: px numbers (or "12px") scaled by --mantine-scale; other strings as given. */
export function rem(value: number | string): string {
  if (value === 0 || value === "0") return "0rem";
  const n = typeof value === "number" ? value : Number(value.replace("px", ""));
  if (typeof value === "string" && (value === "" || Number.isNaN(n))) return value;
  return `calc(${n / 16}rem * var(--mantine-scale))`;
}

export type MantineSize = "xs" | "sm" | "md" | "lg" | "xl";
const SIZES = new Set<string>(["xs", "sm", "md", "lg", "xl"]);

/** A theme spacing key, or a length in px. */
export type Spacing = MantineSize | number | "auto";

export function spacing(value: Spacing | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === "string" && SIZES.has(value)
    ? `var(--mantine-spacing-${value})`
    : rem(value);
}

/** The app's theme colours (Mantine's defaults plus "district", the primary). */
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

export type Variant = "filled" | "light" | "outline" | "subtle" | "default" | "white";

const BORDER = `${rem(1)} solid`;

/** Mantine's defaultVariantColorsResolver for a theme colour without a shade (autoContrast off). */
export function variantColors(color: ThemeColor, variant: Variant) {
  const c = `--mantine-color-${color}`;
  switch (variant) {
    case "filled":
      return {
        background: `var(${c}-filled)`,
        hover: `var(${c}-filled-hover)`,
        color: "var(--mantine-color-white)",
        border: `${BORDER} transparent`,
      };
    case "light":
      return {
        background: `var(${c}-light)`,
        hover: `var(${c}-light-hover)`,
        color: `var(${c}-light-color)`,
        border: `${BORDER} transparent`,
      };
    case "outline":
      return {
        background: "transparent",
        hover: `var(${c}-outline-hover)`,
        color: `var(${c}-outline)`,
        border: `${BORDER} var(${c}-outline)`,
      };
    case "subtle":
      return {
        background: "transparent",
        hover: `var(${c}-light-hover)`,
        color: `var(${c}-light-color)`,
        border: `${BORDER} transparent`,
      };
    case "white":
      return {
        background: "var(--mantine-color-white)",
        // Mantine's darken(theme.white, 0.01).
        hover: "rgba(252, 252, 252, 1)",
        color: `var(${c}-filled)`,
        border: `${BORDER} transparent`,
      };
    case "default":
      return {
        background: "var(--mantine-color-default)",
        hover: "var(--mantine-color-default-hover)",
        color: "var(--mantine-color-default-color)",
        border: `${BORDER} var(--mantine-color-default-border)`,
      };
  }
}

/** A text colour: "dimmed", a theme colour ("red") or a shade of one ("red.8"). */
export type TextColor = "dimmed" | ThemeColor | `${ThemeColor}.${number}`;

function textColor(c: TextColor): string {
  if (c === "dimmed") return "var(--mantine-color-dimmed)";
  const [name, shade] = c.split(".");
  return shade === undefined
    ? `var(--mantine-color-${name}-text)`
    : `var(--mantine-color-${name}-${shade})`;
}

/** The style props of Mantine's Box that the app uses. */
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

/** In the order Mantine's extractStyleProps reads them (which is the order of the style). */
const STYLE_PROPS: [keyof StyleProps, string, (v: never) => string | undefined][] = [
  ["m", "margin", spacing],
  ["mx", "marginInline", spacing],
  ["mt", "marginTop", spacing],
  ["mb", "marginBottom", spacing],
  ["p", "padding", spacing],
  ["c", "color", textColor],
  ["fw", "fontWeight", (v: number) => v as unknown as string],
  ["ta", "textAlign", (v: string) => v],
  ["w", "width", spacing],
  ["miw", "minWidth", spacing],
  ["maw", "maxWidth", spacing],
  ["display", "display", (v: string) => v],
];

/**
 * Splits the style props off `props` and returns Box's style for the element: the component's
 * CSS variables, then the caller's `style`, then the style props, as Mantine merges them.
 */
export function boxStyle<P extends object>(
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

/** A data attribute Mantine writes as "true" when set, and leaves out otherwise. */
export function flag(on: unknown): "true" | undefined {
  return on ? "true" : undefined;
}

/** Props of a component that renders as `component` (default D), as Mantine's polymorphic ones. */
export type PolymorphicProps<Own, C extends ElementType> = Own & {
  component?: C;
} & Omit<ComponentPropsWithRef<C>, keyof Own | "component">;

export type Polymorphic<Own, D extends ElementType> = <C extends ElementType = D>(
  props: PolymorphicProps<Own, C>,
) => ReactElement | null;
