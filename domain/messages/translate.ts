// Builds `t` for a catalogue. The browser loads one area's catalogue per page (common plus that
// area) instead of every text of the product; the server and the district API use the whole one.
export type Catalogue = Readonly<Record<string, string>>;

export function translator<C extends Catalogue>(catalogue: C) {
  /** The text for a key, with `{name}` placeholders filled from params. */
  return function t(key: keyof C & string, params?: Record<string, string | number>): string {
    const text: string = catalogue[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in params ? String(params[name]) : whole,
    );
  };
}
