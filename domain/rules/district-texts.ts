// The district's own texts that families read, and which of them may have a Spanish version
// (decision 172). Each is one (entity, field) of a record; a Spanish version is kept
// beside the record, with the English it was written from, so a later English change shows as
// "to review" rather than silently leaving an outdated Spanish text unnoticed.
import { CONFIRMATION_PLACEHOLDER, TEXT_LIMITS } from "../contract/admin";

/** The records whose texts families read, in the order the administration lists them. */
export const TEXT_ENTITIES = [
  "setting",
  "program",
  "course",
  "section",
  "question",
  "fee",
] as const;
export type TextEntity = (typeof TEXT_ENTITIES)[number];

/** How a text is written, which decides its length and how it is entered. */
export type TextShape = "line" | "message" | "markdown" | "answers";

/**
 * The settings texts families read. Staff-only texts stay English (staff pages are English), and
 * so do the check's payee and address (names and a postal address, not prose).
 */
export const FAMILY_SETTING_TEXTS = [
  "districtName",
  "homeMessage",
  "instructions",
  "logInMessage",
  "guestLogInMessage",
  "registrationPaymentConfirmed",
  "waitlistPaymentConfirmed",
  "cancelPaymentRegistration",
  "programCancellationMessage",
  "partiallyCompletedPaymentMessage",
] as const;
export type FamilySettingText = (typeof FAMILY_SETTING_TEXTS)[number];

const SETTING_SHAPES: Record<FamilySettingText, TextShape> = {
  districtName: "line",
  homeMessage: "message",
  instructions: "markdown",
  logInMessage: "message",
  guestLogInMessage: "message",
  registrationPaymentConfirmed: "message",
  waitlistPaymentConfirmed: "message",
  cancelPaymentRegistration: "message",
  programCancellationMessage: "message",
  partiallyCompletedPaymentMessage: "message",
};

/** Each entity's translatable fields and their shapes. */
export const TEXT_FIELDS: { readonly [E in TextEntity]: Readonly<Record<string, TextShape>> } = {
  setting: SETTING_SHAPES,
  program: { name: "line", cancellationMessage: "message" },
  course: { name: "line", description: "message" },
  section: { notes: "message" },
  question: { question: "message", answers: "answers" },
  fee: { name: "line", description: "message" },
};

export function textShape(entity: TextEntity, field: string): TextShape | null {
  return Object.hasOwn(TEXT_FIELDS[entity], field) ? (TEXT_FIELDS[entity][field] ?? null) : null;
}

/** The most answers a question may offer (the catalogue's limit; a fee's is lower). */
export const MAX_ANSWERS = 100;

/**
 * The longest text of each shape. The answers are counted whole: as many answers as the English
 * may have, each a line (TEXT_LIMITS.line) and its line break.
 */
export const SHAPE_LIMITS: Record<TextShape, number> = {
  line: TEXT_LIMITS.line,
  message: TEXT_LIMITS.message,
  markdown: TEXT_LIMITS.markdown,
  answers: MAX_ANSWERS * (TEXT_LIMITS.line + 2),
};

/**
 * Fields whose English may be longer than their shape's usual limit: the catalogue's and the
 * fees' descriptions take 10,000 characters (contract/admin-catalogue.ts, admin-fees.ts), and a
 * Spanish version must have room for a translation of any English the administration accepts.
 */
const FIELD_LIMITS: { readonly [E in TextEntity]?: Readonly<Record<string, number>> } = {
  course: { description: 10_000 },
  fee: { description: 10_000 },
};

/** The longest Spanish version of one field (null when the entity has no such text). */
export function textLimit(entity: TextEntity, field: string): number | null {
  const shape = textShape(entity, field);
  if (!shape) return null;
  const own = FIELD_LIMITS[entity];
  return own && Object.hasOwn(own, field) ? own[field]! : SHAPE_LIMITS[shape];
}

/** The longest text any field takes: a body's first, cheap bound. */
export const MAX_TEXT_LIMIT = Math.max(
  ...Object.values(SHAPE_LIMITS),
  ...Object.values(FIELD_LIMITS).flatMap((f) => Object.values(f ?? {})),
);

/** A question's answers as one text: one answer per line. */
export function answersText(answers: readonly string[]): string {
  return answers.join("\n");
}

/** The answers of a text entered one per line (blank lines dropped, each trimmed). */
export function answerLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((a) => a.trim())
    .filter((a) => a.length > 0);
}

/**
 * The labels a question's Spanish answers give its English ones, one per line in the same order;
 * null when there is no Spanish version or it no longer matches the English's count (an answer
 * was added or removed since), so no answer is ever shown with another's label.
 */
export function answerLabels(
  spanish: string | null | undefined,
  answers: readonly string[],
): string[] | null {
  if (spanish === null || spanish === undefined) return null;
  const labels = answerLines(spanish);
  return labels.length === answers.length ? labels : null;
}

export type SpanishTextProblem =
  | { kind: "placeholder"; placeholder: string }
  | { kind: "answerCount"; expected: number; given: number }
  | null;

/**
 * What a Spanish version must keep of its English: the confirmation number's placeholder where
 * the English has it, and as many answers as the English offers (each Spanish answer labels the
 * English one on the same line: the answer recorded stays the English, so rosters and reports
 * read the same whatever language the family chose).
 */
export function spanishTextProblem(
  shape: TextShape,
  english: string,
  spanish: string,
): SpanishTextProblem {
  if (english.includes(CONFIRMATION_PLACEHOLDER) && !spanish.includes(CONFIRMATION_PLACEHOLDER)) {
    return { kind: "placeholder", placeholder: CONFIRMATION_PLACEHOLDER };
  }
  if (shape === "answers") {
    const expected = answerLines(english).length;
    const given = answerLines(spanish).length;
    if (expected !== given) return { kind: "answerCount", expected, given };
  }
  return null;
}
