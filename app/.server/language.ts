// The family's choice of language (decision 170): kept in a cookie for a year and, for a family
// signed in, on each child's record so the district's mail follows it (decision 171); then the
// page they were on again, now served by that language's build (server.ts), with a notice in it.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { LanguageForm } from "@domain/forms/language";
import { LANGUAGE_COOKIE, type Language } from "@domain/rules/language";
import { safeLocalPath } from "@domain/rules/destinations";
import { t } from "@domain/messages/pages";
import { setParticipantLanguage } from "@domain/contract/language";
import { callEndpoint, type CallAuth } from "./api";
import { readFormData } from "./form-data";
import {
  childKey,
  getSession,
  linkedChildren,
  validStudent,
  writeSession,
  type StudentSession,
} from "./session";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function chooseLanguageAction({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LanguageForm });
  if (submission.status !== "success") {
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { language, returnTo } = submission.value;
  await keepOnRecords({ request, context }, language);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    [
      `${LANGUAGE_COOKIE}=${language}`,
      "Path=/",
      `Max-Age=${YEAR_SECONDS}`,
      "SameSite=Lax",
      "HttpOnly",
      ...(process.env.COOKIE_SECURE === "true" ? ["Secure"] : []),
    ].join("; "),
  );
  // Said in the new language (each language's text of it is the same in every catalogue).
  headers.append(
    "Set-Cookie",
    await writeSession(request, {
      notice: { kind: "info", text: t(`language.changedTo.${language}`) },
    }),
  );
  return redirect(safeLocalPath(returnTo) ?? "/", { headers });
}

/**
 * The language on the records of the family signed in here: the child on screen and every other
 * child of the sign-in, each with their own session. Not a guest's (no record) nor at a cashier's
 * register (the register's language is the cashier's). Best effort: the cookie is the choice.
 */
export async function keepOnRecords(
  caller: Pick<ActionFunctionArgs, "request" | "context">,
  language: Language,
  signingIn?: StudentSession,
): Promise<void> {
  const session = await getSession(caller.request);
  const onScreen = signingIn ?? validStudent(session);
  if (!onScreen || onScreen.userType === "guest_user" || onScreen.desktop) return;
  const others = signingIn ? [] : linkedChildren(session);
  const calls: CallAuth[] = [
    signingIn ? { starting: signingIn } : "student",
    ...others.map((c) => ({ linkedChild: childKey(c) })),
  ];
  await Promise.all(
    calls.map((auth) =>
      callEndpoint(caller, setParticipantLanguage, { body: { language }, auth }).catch(
        () => undefined,
      ),
    ),
  );
}
