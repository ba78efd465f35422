// Forms of the administration's page of the district's texts in Spanish (decision 172): the list's
// filter (a GET form, so a filtered page is a link) and one text's Spanish version.
import { z } from "zod";
import { t } from "../messages/admin";
import { DistrictTextChange, SPANISH_STATES } from "../contract/district-texts";
import { spanishTextProblem, TEXT_ENTITIES, textShape } from "../rules/district-texts";
import { formErrorMap } from "./error-map";

/** The longest search the district API takes. */
const SEARCH_MAX = 100;

/**
 * The list's filter as the page's URL gives it. A value the list cannot use is dropped rather
 * than refused: the filter is chosen from lists, and a link typed by hand still opens a page.
 */
export const DistrictTextFilter = z.object({
  entity: z.enum(TEXT_ENTITIES).optional().catch(undefined),
  state: z.enum(SPANISH_STATES).optional().catch(undefined),
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v?.trim().slice(0, SEARCH_MAX) || undefined),
  page: z.coerce.number().int().min(2).max(100_000).optional().catch(undefined),
});
export type DistrictTextFilter = z.infer<typeof DistrictTextFilter>;

/** The filter's URL parameters, in a fixed order (the page's links and the redirect after a save). */
export function filterSearch(filter: DistrictTextFilter): string {
  const params = new URLSearchParams();
  for (const key of ["entity", "state", "q", "page"] as const) {
    const value = filter[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : "";
}

/**
 * One text's Spanish version, as posted by its row. `version` names the row as the page showed
 * it (its Spanish and state), so the action can tell "Saved." from "Nothing changed."; an empty
 * `spanish` removes the version. The text is checked by the contract's own schema, so the page,
 * the action and the district API refuse the same texts with the same words; `english`, the
 * text's English (in the page only), adds what the Spanish must keep of it.
 */
export function districtTextForm(english?: string) {
  return z
    .object({
      entity: z.enum(TEXT_ENTITIES),
      entityId: z.string().min(1).max(100),
      field: z.string().min(1).max(60),
      version: z.string().max(64).optional(),
      // Line breaks as stored ("\n"); empty is "" (conform leaves an empty field out).
      spanish: z
        .preprocess((v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v), z.string())
        .default(""),
    })
    .superRefine((v, ctx) => {
      const change = DistrictTextChange.safeParse(
        { entity: v.entity, entityId: v.entityId, field: v.field, spanish: v.spanish },
        { errorMap: formErrorMap },
      );
      if (!change.success) {
        // Each message once: two of the contract's rules may refuse the same character.
        const seen = new Set<string>();
        for (const issue of change.error.issues) {
          const said = `${issue.path.join(".")}\n${issue.message}`;
          if (!seen.has(said)) ctx.addIssue({ ...issue, fatal: false });
          seen.add(said);
        }
        return;
      }
      const shape = textShape(v.entity, v.field);
      const spanish = v.spanish.trim();
      const problem =
        shape && english && spanish ? spanishTextProblem(shape, english, spanish) : null;
      if (problem?.kind === "placeholder") {
        ctx.addIssue({
          code: "custom",
          path: ["spanish"],
          message: t("admin.spanish.placeholder", { placeholder: problem.placeholder }),
        });
      } else if (problem?.kind === "answerCount") {
        ctx.addIssue({
          code: "custom",
          path: ["spanish"],
          message: t("admin.spanish.answerCount", {
            expected: problem.expected,
            given: problem.given,
          }),
        });
      }
    });
}
export type DistrictTextForm = z.infer<ReturnType<typeof districtTextForm>>;
