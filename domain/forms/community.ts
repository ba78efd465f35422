// The community member registration / profile form and its guardians (spec 01 §3, §5). One
// definition: conform parses it in the browser and in the action, and the wire contract of
// register-member and profile/community is built from the same fields and rules.
import { z } from "zod";
import { t } from "../messages/community";
import { mmddyyyyToIso, typedDateToIso } from "../rules/calendar";
import { isBeforeToday } from "../rules/time";
import { US_STATES } from "../rules/us-states";
import {
  GENDERS,
  GRADES,
  MAX_GUARDIANS,
  MIN_GUARDIANS,
  PHONE_TYPES,
  RELATIONSHIPS,
  normalizeUsPhone,
} from "./community-fields";

export {
  GRADES,
  GENDERS,
  RELATIONSHIPS,
  PHONE_TYPES,
  MIN_GUARDIANS,
  MAX_GUARDIANS,
  normalizeUsPhone,
  formatUsPhone,
} from "./community-fields";

// A blank control arrives as undefined (conform) or "" / null (JSON): all mean "not given".
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

const noMarkup = (v: string) => !/[<>]/.test(v);

function requiredName(message: string) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(60, t("community.textTooLong"))
    .refine(noMarkup, t("community.nameNoMarkup"));
}

function requiredText(message: string, max: number) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, t("community.textTooLong"))
    .refine(noMarkup, t("community.nameNoMarkup"));
}

function choice<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { errorMap: () => ({ message }) });
}

export function usPhone() {
  const message = t("community.phoneInvalid");
  return z
    .string({ required_error: message, invalid_type_error: message })
    .max(40, message)
    .transform((v, ctx) => {
      const phone = normalizeUsPhone(v);
      if (!phone) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return phone;
    });
}

const emailField = () => {
  const message = t("community.emailInvalid");
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .max(254, message)
    .email(message);
};

/** Given: a non-blank text, or any other value that is not null/undefined. */
function present(v: unknown): boolean {
  return typeof v === "string" ? v.trim() !== "" : v !== undefined && v !== null;
}

/**
 * Rules that relate two fields run on the raw value, before the fields are parsed, so that
 * their messages show together with every other error (a refinement after parsing would wait
 * until every field of the object is valid).
 */
function crossFieldRules<T extends z.ZodTypeAny>(
  schema: T,
  rules: (raw: Record<string, unknown>, add: (path: string, message: string) => void) => void,
) {
  return z.preprocess((raw, ctx) => {
    if (raw && typeof raw === "object" && !Array.isArray(raw)) {
      rules(raw as Record<string, unknown>, (path, message) =>
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message }),
      );
    }
    return raw;
  }, schema);
}

/** One guardian or contact; `id` is kept when a profile is edited. */
export const GuardianSchema = crossFieldRules(
  z
    .object({
      id: z.preprocess(blank, z.coerce.number().int().positive().optional()),
      nameFirst: requiredName(t("community.nameFirstRequired")),
      nameLast: requiredName(t("community.nameLastRequired")),
      relationship: choice(RELATIONSHIPS, t("guardian.relationshipRequired")),
      relationshipOther: z.preprocess(
        blank,
        z
          .string()
          .trim()
          .max(60, t("community.textTooLong"))
          .refine(noMarkup, t("community.nameNoMarkup"))
          .optional(),
      ),
      phone1: usPhone(),
      phone1Type: choice(PHONE_TYPES, t("guardian.phoneTypeRequired")),
      phone2: z.preprocess(blank, usPhone().optional()),
      phone2Type: z.preprocess(
        blank,
        choice(PHONE_TYPES, t("guardian.phoneTypeRequired")).optional(),
      ),
      email: z.preprocess(blank, emailField().optional()),
    })
    .transform((g) => ({
      ...g,
      // "Other" text and phone 2 type mean nothing without what they qualify.
      relationshipOther: g.relationship === "Other" ? g.relationshipOther : undefined,
      phone2Type: g.phone2 ? g.phone2Type : undefined,
    })),
  (g, add) => {
    if (g.relationship === "Other" && !present(g.relationshipOther)) {
      add("relationshipOther", t("guardian.relationshipOtherRequired"));
    }
    if (present(g.phone2) && !present(g.phone2Type)) {
      add("phone2Type", t("guardian.phone2TypeRequired"));
    }
  },
);
export type Guardian = z.output<typeof GuardianSchema>;

export const GuardiansSchema = z.preprocess(
  // A list longer than the maximum is cut to one past it before its items are parsed: the same
  // "too many" refusal, without parsing thousands of posted items first (decision 134).
  (v) =>
    v === undefined || v === null
      ? []
      : Array.isArray(v) && v.length > MAX_GUARDIANS
        ? v.slice(0, MAX_GUARDIANS + 1)
        : v,
  z
    .array(GuardianSchema)
    .min(MIN_GUARDIANS, t("guardian.atLeastTwo"))
    .max(MAX_GUARDIANS, t("guardian.tooMany")),
);

/** The member's own fields, except the birth date (typed MM/DD/YYYY, sent as YYYY-MM-DD). */
export const memberFields = {
  nameFirst: requiredName(t("community.nameFirstRequired")),
  nameLast: requiredName(t("community.nameLastRequired")),
  grade: choice(GRADES, t("community.gradeRequired")),
  gender: choice(GENDERS, t("community.genderRequired")),
  address: requiredText(t("community.addressRequired"), 120),
  city: requiredText(t("community.cityRequired"), 60),
  state: choice(US_STATES, t("community.stateInvalid")),
  zip: z
    .string({ required_error: t("community.zipInvalid") })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, t("community.zipInvalid")),
  homePhone: usPhone(),
  email: emailField(),
  printedSignature: requiredName(t("community.printedSignatureRequired")),
  guardians: GuardiansSchema,
};

/** Birth date as typed in the form (MM/DD/YYYY, or as a phone keypad types it), a real date in the past; becomes YYYY-MM-DD. */
export const formDob = z
  .string({ required_error: t("community.dobFormat") })
  .transform((v, ctx) => {
    const iso = typedDateToIso(v);
    if (!iso || !isBeforeToday(iso)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: t("community.dobFormat") });
      return z.NEVER;
    }
    return iso;
  });

/** Birth date on the wire: YYYY-MM-DD, a real date in the past. */
export const wireDob = z.string({ required_error: t("community.dobFormat") }).refine((v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return !!m && mmddyyyyToIso(`${m[2]}/${m[3]}/${m[1]}`) === v && isBeforeToday(v);
}, t("community.dobFormat"));

/** A chosen upload: a non-empty file (an empty file control means nothing was chosen). */
function isChosenFile(v: unknown): boolean {
  // The server marks an upload over the size limit with a string; it still counts as given.
  if (typeof v === "string") return v.length > 0;
  return typeof v === "object" && v !== null && "size" in v && (v as Blob).size > 0;
}

/**
 * The page's form. The signature arrives one of three ways: drawn on the pad (a PNG data URL in
 * `digitalSignature`, also used to carry a signature already received across a failed post),
 * an uploaded PNG file, or a typed signature the server renders to PNG. Registration needs one;
 * the profile keeps the signature on file when none is given.
 */
export function communityMemberForm(opts: { requireSignature: boolean }) {
  return crossFieldRules(
    z.object({
      ...memberFields,
      dob: formDob,
      digitalSignature: z.preprocess(blank, z.string().max(400_000).optional()),
      signatureTyped: z.preprocess(
        blank,
        z
          .string()
          .trim()
          .max(60, t("community.textTooLong"))
          .refine(noMarkup, t("community.nameNoMarkup"))
          .optional(),
      ),
      signatureFile: z.unknown().optional(),
    }),
    (v, add) => {
      const given =
        present(v.digitalSignature) || present(v.signatureTyped) || isChosenFile(v.signatureFile);
      if (opts.requireSignature && !given)
        add("digitalSignature", t("community.signatureRequired"));
    },
  );
}

export const RegisterMemberForm = communityMemberForm({ requireSignature: true });
export const ProfileForm = communityMemberForm({ requireSignature: false });
export type CommunityMemberFormValue = z.input<typeof RegisterMemberForm>;
