// Where people land after signing in, and the questionnaire's choices (spec 01 §2).

const FAMILY_STAY = ["/fees", "/cart", "/programs", "/my-registrations", "/instructions"];

/** After a student login: /programs, unless the person was already on one of the family pages. */
export function familyDestination(redirectTo: string | null | undefined): string {
  const target = safeLocalPath(redirectTo);
  if (target && FAMILY_STAY.some((p) => pathOf(target) === p)) return target;
  return "/programs";
}

const STAFF_STAY = ["/instructor", "/instructor/", "/instructor/fee-proposals", "/instructor/fees"];
/** Areas whose every page checks its own role: a page there the person was sent away from. */
const STAFF_AREAS = ["/admin", "/office"];

/**
 * After a staff login: /instructor/ for instructors, /instructor/fee-proposals for fee admins
 * (spec 02 §2), the administration for administrators and the business office's pages for the
 * office (decision 147); anyone else pays fees.
 */
export function staffDestination(roles: string[], redirectTo: string | null | undefined): string {
  const target = safeLocalPath(redirectTo);
  if (target) {
    const path = pathOf(target);
    if (STAFF_STAY.includes(path)) return target;
    if (STAFF_AREAS.some((area) => path === area || path.startsWith(`${area}/`))) return target;
  }
  if (roles.includes("instructor")) return "/instructor/";
  if (roles.includes("fee_admin")) return "/instructor/fee-proposals";
  if (roles.includes("district_admin")) return "/admin";
  if (roles.includes("business_office")) return "/office";
  return "/instructor/fees";
}

function pathOf(target: string): string {
  return target.split(/[?#]/)[0] ?? target;
}

/** Only same-site paths are followed; anything else is dropped. */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\"))
    return null;
  return value;
}

export type Persona = "student" | "community" | "faculty" | "guest" | "skip";

export interface QuestionnaireAction {
  labelKey:
    | "questionnaire.faculty.activities"
    | "questionnaire.faculty.feeRequest"
    | "questionnaire.faculty.payFees"
    | "questionnaire.community.payFees"
    | "questionnaire.community.programs"
    | "questionnaire.student.payFees"
    | "questionnaire.student.programs";
  href: string;
}

/** Step 2 of the questionnaire for each persona. Guests go straight to /register-guest. */
export const QUESTIONNAIRE_ACTIONS: Record<
  "student" | "community" | "faculty",
  QuestionnaireAction[]
> = {
  faculty: [
    { labelKey: "questionnaire.faculty.activities", href: "/instructor/" },
    { labelKey: "questionnaire.faculty.feeRequest", href: "/instructor/fee-proposals" },
    { labelKey: "questionnaire.faculty.payFees", href: "/instructor/fees" },
  ],
  community: [
    { labelKey: "questionnaire.community.payFees", href: "/fees" },
    { labelKey: "questionnaire.community.programs", href: "/programs" },
  ],
  student: [
    { labelKey: "questionnaire.student.payFees", href: "/fees" },
    { labelKey: "questionnaire.student.programs", href: "/programs" },
  ],
};

/** "Skip to login": staff sign-in for faculty, /programs for everyone else. */
export function skipToLogin(persona: Persona | null): string {
  return persona === "faculty" ? "/instructor/sign-in" : "/programs";
}

/** The questionnaire's destinations that ask for no session: the sign-ins and the guests' page. */
const OPEN_PAGES = ["/signin", "/instructor/sign-in", "/register-guest"];

/**
 * A questionnaire link for someone signed in as nobody leads straight to the sign-in its page
 * would redirect them to, with the same way back (the guards of app/.server/auth.ts): on a slow
 * phone the redirect cost a round trip and the scripts of a page never shown
 * (decision 161). Someone signed in goes to the page itself, whose guard knows their session.
 */
export function viaSignIn(href: string, signedIn: boolean): string {
  if (signedIn || OPEN_PAGES.includes(pathOf(href))) return href;
  const signIn = href.startsWith("/instructor") ? "/instructor/sign-in" : "/signin";
  return `${signIn}?redirectTo=${encodeURIComponent(href)}`;
}

/** A step of the questionnaire: the first (who are you?) or a persona's second. */
export type QuestionnaireStep = "start" | "student" | "community" | "faculty";
export const QUESTIONNAIRE_STEPS: QuestionnaireStep[] = [
  "start",
  "student",
  "community",
  "faculty",
];

/**
 * The links of a questionnaire step, the way they are shown to someone signed in or not: the
 * persona's actions (none on the first step) and "Skip to login".
 */
export function questionnaireLinks(
  step: QuestionnaireStep,
  signedIn: boolean,
): { actions: QuestionnaireAction[]; skip: string } {
  const to = (href: string) => viaSignIn(href, signedIn);
  const persona = step === "start" ? null : step;
  return {
    actions: persona ? QUESTIONNAIRE_ACTIONS[persona].map((a) => ({ ...a, href: to(a.href) })) : [],
    skip: to(skipToLogin(persona)),
  };
}
