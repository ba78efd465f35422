// Builds `t` for an area of the catalogue (decision 170). The texts are ICU MessageFormat,
// compiled into functions by the kept compiler (@messageformat/core, scripts/build-messages.ts):
// the browser loads one area's compiled texts per page (common plus that area), in the one
// language its build carries, and no parser. The district API formats the whole catalogue in
// `./index.ts`.
export type Catalogue = Readonly<Record<string, string>>;

/**
 * Another language's texts for an area: every key of the English area, each an ICU
 * MessageFormat text with the same arguments (the unit test `catalogue-languages` checks it).
 */
export type Translation<T extends Catalogue> = { readonly [K in keyof T]: string };

export type Params = Record<string, string | number>;
/** A compiled text: itself when it takes no arguments, else its arguments in and the text out. */
export type CompiledText = string | ((params: Params) => string);
export type CompiledTexts = Readonly<Record<string, CompiledText>>;

/**
 * The arguments as the compiled text reads them. An argument not given is left as `{name}` (as
 * the text writes it): a page fills such a gap itself, with a link for instance (with-links.tsx).
 */
function argumentsOf(params: Params | undefined): Params {
  return new Proxy(params ?? {}, {
    get: (given, name) =>
      typeof name === "string" && !(name in given) ? `{${name}}` : given[name as string],
  });
}

export function translator<K extends string>(texts: CompiledTexts) {
  /** The text for a key, its arguments filled from params. */
  return function t(key: K, params?: Params): string {
    const text = texts[key];
    if (typeof text === "string") return text;
    return text ? text(argumentsOf(params)) : key;
  };
}
