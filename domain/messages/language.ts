// The language texts, dates and numbers are shown in (decision 170). A page's build carries one
// language (compiled/page/language.js); the district API answers each request in the language
// it asks for (Accept-Language), which `./index.ts` keeps for the request and gives here.
import pageLanguage from "./compiled/page/language.js";
import type { Language } from "../rules/language";

let requestLanguage: (() => Language | undefined) | null = null;

/** For the district API (index.ts): where the current request's language is kept. */
export function setRequestLanguageSource(source: () => Language | undefined): void {
  requestLanguage = source;
}

/** The language being shown now: the request's, else the page build's. */
export function displayLanguage(): Language {
  return requestLanguage?.() ?? pageLanguage;
}
