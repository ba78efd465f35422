// The questionnaire's server side (spec 01 §2): the scripts of the pages its links lead to.
import type { AppLoadContext } from "@remix-run/node";
import {
  QUESTIONNAIRE_STEPS,
  questionnaireLinks,
  type QuestionnaireStep,
} from "@domain/rules/destinations";
import { getSession, validStaff, validStudent } from "./session";
import { nextPageScripts, PAGE_ROUTES, routesOfLink } from "./next-page-scripts";

/**
 * For each step, the scripts of the pages its links lead to for this visitor (signed in or not,
 * as the root tells the page). All steps at once: with JavaScript the steps after the first load
 * change in the browser, without asking the server (routes/_index.tsx's clientLoader).
 */
export async function questionnaireNextPageScripts(
  request: Request,
  context: Pick<AppLoadContext, "assets">,
): Promise<Record<QuestionnaireStep, string[]>> {
  const session = await getSession(request);
  const signedIn = Boolean(validStudent(session) || validStaff(session));
  const scripts = {} as Record<QuestionnaireStep, string[]>;
  for (const step of QUESTIONNAIRE_STEPS) {
    const { actions, skip } = questionnaireLinks(step, signedIn);
    const next = [...actions.map((a) => a.href), skip].flatMap(routesOfLink);
    scripts[step] = nextPageScripts(context, { next, current: PAGE_ROUTES.questionnaire });
  }
  return scripts;
}
