// What the district writes (its name, instructions, programs, fees, settings) is shown as written:
// in Spanish where the district gave a Spanish version (decision 172), in its English otherwise.
// On a page in another language an English one says so with `lang`, so a screen reader reads it
// with the right voice.
import language from "@domain/messages/compiled/page/language.js";

/** The `lang` of an element holding the district's own English text. */
export const districtLang: "en" | undefined = language === "en" ? undefined : "en";

/**
 * The `lang` of an element holding one of the district's texts: "en" on a page in another
 * language unless the reply gave that text in the page's language (its `spanish` list).
 */
export function districtTextLang(
  spanish: readonly string[] | undefined,
  field: string,
): "en" | undefined {
  return language === "es" && spanish?.includes(field) ? undefined : districtLang;
}

/** One of the district's texts with the `lang` its element needs (none when the page's own). */
export interface DistrictTextView {
  text: string;
  lang?: "en";
}

export function districtText(
  text: string,
  spanish: readonly string[] | undefined,
  field: string,
): DistrictTextView {
  const lang = districtTextLang(spanish, field);
  return lang ? { text, lang } : { text };
}
