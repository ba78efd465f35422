// Wire contract of the district's texts in Spanish (decision 172): administrators list
// every text families read with its Spanish version, and write or remove one. Families get them in
// the replies they already read (programs, settings, fees, cart, receipts) when they ask in Spanish.
import { z } from "zod";
import { t } from "../messages/admin";
import { ANY_CONTROL, FORBIDDEN_CONTROL } from "../rules/input";
import {
  MAX_TEXT_LIMIT,
  TEXT_ENTITIES,
  answerLines,
  textLimit,
  textShape,
  type TextShape,
} from "../rules/district-texts";
import { DISTRICT_ADMIN_ROLE, TEXT_LIMITS } from "./admin";
import { endpoint } from "./endpoint";

const ADMIN = { access: "staff", roles: [DISTRICT_ADMIN_ROLE] } as const;

/** The states a text's Spanish version can be in; "review" means its English changed since. */
export const SPANISH_STATES = ["missing", "review", "done"] as const;
export type SpanishState = (typeof SPANISH_STATES)[number];

/** Rows per page of the administration's list. */
export const DISTRICT_TEXTS_PAGE_SIZE = 25;

export const DistrictTextsQuery = z
  .object({
    entity: z.enum(TEXT_ENTITIES).optional(),
    state: z.enum(SPANISH_STATES).optional(),
    q: z.string().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type DistrictTextsQuery = z.infer<typeof DistrictTextsQuery>;

export const DistrictText = z.object({
  entity: z.enum(TEXT_ENTITIES),
  entityId: z.string(),
  field: z.string(),
  shape: z.enum(["line", "message", "markdown", "answers"] satisfies [TextShape, ...TextShape[]]),
  /** What the text belongs to, as staff know it: "Chess Club", "ART 101 Drawing · section 2". */
  context: z.string(),
  english: z.string(),
  spanish: z.string().nullable(),
  state: z.enum(SPANISH_STATES),
  /** The English the Spanish version was written from, when it has changed since. */
  writtenFrom: z.string().nullable(),
});
export type DistrictText = z.infer<typeof DistrictText>;

export const DistrictTextsPage = z.object({
  rows: z.array(DistrictText),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  counts: z.object({
    all: z.number().int(),
    missing: z.number().int(),
    review: z.number().int(),
    done: z.number().int(),
  }),
});
export type DistrictTextsPage = z.infer<typeof DistrictTextsPage>;

/** One text's Spanish version; an empty one removes it (families read the English again). */
export const DistrictTextChange = z
  .object({
    entity: z.enum(TEXT_ENTITIES),
    entityId: z.string().min(1).max(100),
    field: z.string().min(1).max(60),
    spanish: z
      .string()
      .max(MAX_TEXT_LIMIT)
      .refine((v) => !FORBIDDEN_CONTROL.test(v), t("input.controlCharacters")),
  })
  .strict()
  .superRefine((v, ctx) => {
    const shape = textShape(v.entity, v.field);
    const limit = textLimit(v.entity, v.field);
    const refuse = (message: string) =>
      ctx.addIssue({ code: "custom", path: ["spanish"], message });
    if (!shape || limit === null) {
      ctx.addIssue({ code: "custom", path: ["field"], message: t("admin.spanish.unknownField") });
    } else if (v.spanish.length > limit) {
      refuse(t("admin.spanish.tooLong", { max: limit }));
    } else if (shape === "line" && ANY_CONTROL.test(v.spanish.trim())) {
      // A name is one line, as its English (the catalogue refuses line breaks and tabs in it).
      refuse(t("input.controlCharacters"));
    } else if (shape === "answers") {
      // Each answer is one line of at most a line's length, as the English answers are.
      const answers = answerLines(v.spanish);
      if (answers.some((a) => ANY_CONTROL.test(a))) refuse(t("input.controlCharacters"));
      else if (answers.some((a) => a.length > TEXT_LIMITS.line)) {
        refuse(t("admin.spanish.tooLong", { max: TEXT_LIMITS.line }));
      }
    }
  });
export type DistrictTextChange = z.infer<typeof DistrictTextChange>;

export const listDistrictTexts = endpoint({
  method: "GET",
  path: "/v1/admin/district-texts",
  ...ADMIN,
  query: DistrictTextsQuery,
  replies: { 200: DistrictTextsPage },
  summary: "Every text families read, with its Spanish version and whether it needs review",
  tag: "admin",
});

export const changeDistrictText = endpoint({
  method: "PUT",
  path: "/v1/admin/district-texts",
  ...ADMIN,
  body: DistrictTextChange,
  replies: { 200: DistrictText },
  refusals: { 404: "No such record, or it has no such text (an empty English text)" },
  summary: "Write or remove one text's Spanish version; the change is recorded in the audit trail",
  tag: "admin",
});
