// The language a family chooses (decision 170): a button of the header's own form.
import { z } from "zod";
import { LANGUAGES } from "../rules/language";

export const LanguageForm = z.object({
  language: z.enum(LANGUAGES),
  /** The page the family was on, to come back to in the new language. */
  returnTo: z.string().max(2048).optional(),
});
