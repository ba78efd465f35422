// The language of the request being answered (decision 170): the district API answers each
// request in the language it asks for (Accept-Language; the web app sends its page's), so every
// text of the reply, and the dates in it, are in that language (domain/messages displayLanguage).
import { AsyncLocalStorage } from "node:async_hooks";
import { setRequestLanguageSource } from "@domain/messages/language";
import type { Language } from "@domain/rules/language";

const requestLanguage = new AsyncLocalStorage<Language>();
// Outside a request (the mail worker, the sweeper, commands): English.
setRequestLanguageSource(() => requestLanguage.getStore() ?? "en");

/** Runs fn with texts in `language` (a request's; a mail's reader's). */
export function inLanguage<T>(language: Language, fn: () => T): T {
  return requestLanguage.run(language, fn);
}

/**
 * Runs fn with texts in English: what is kept as data (a payment's provider message) rather than
 * shown at once, and another family's mail until families' languages are on their records.
 */
export function inEnglish<T>(fn: () => T): T {
  return requestLanguage.run("en", fn);
}
