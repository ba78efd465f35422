// What the district writes (its name, instructions, programs, fees, settings) is shown as written,
// in English until a Spanish version can be entered (issue 34 §6): on a page in another language
// such an element says so with `lang`, so a screen reader reads it with the right voice.
import language from "@domain/messages/compiled/page/language.js";

/** The `lang` of an element holding the district's own English text. */
export const districtLang: "en" | undefined = language === "en" ? undefined : "en";
