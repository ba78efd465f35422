// The family's choice of language (decision 170): kept in a cookie for a year, then the page they
// were on again, now served by that language's build (server.ts), with a notice in it.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { LanguageForm } from "@domain/forms/language";
import { LANGUAGE_COOKIE } from "@domain/rules/language";
import { safeLocalPath } from "@domain/rules/destinations";
import { t } from "@domain/messages/pages";
import { readFormData } from "./form-data";
import { writeSession } from "./session";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function chooseLanguageAction({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: LanguageForm });
  if (submission.status !== "success") {
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { language, returnTo } = submission.value;
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
