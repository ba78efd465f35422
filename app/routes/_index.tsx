// Two-step questionnaire (spec 01 §2). Each step is a URL, so it works without JavaScript.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Button, Paper, Stack, Title } from "~/ui";
import { t } from "@domain/messages/common";
import { questionnaireLinks, type Persona } from "@domain/rules/destinations";
import type { PageHandle } from "~/components/page-title";
import { useRootData } from "~/root";
import { PreloadPageScripts } from "~/islands/PreloadPageScripts";
import { questionnaireNextPageScripts } from "~/.server/questionnaire";

export const handle: PageHandle = { title: t("questionnaire.step1.title") };

const PERSONAS = ["student", "community", "faculty"] as const;

/** The step of the URL: step 1 (no persona) or a persona's step 2; guests go to their own page. */
function stepOf(url: URL) {
  const persona = url.searchParams.get("persona");
  if (persona === "guest") throw redirect("/register-guest");
  return { persona: PERSONAS.find((p) => p === persona) ?? null };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json({
    ...stepOf(new URL(request.url)),
    nextPageScripts: await questionnaireNextPageScripts(request, context),
  });
}

export default function Questionnaire() {
  const { persona, nextPageScripts } = useLoaderData<typeof loader>();
  const user = useRootData()?.user;
  const signedIn = Boolean(user?.student || user?.staff);
  const preload = nextPageScripts?.[persona ?? "start"] ?? [];
  if (!persona) {
    const { skip } = questionnaireLinks("start", signedIn);
    const choices: { persona: Persona; label: string }[] = [
      { persona: "student", label: t("questionnaire.step1.student") },
      { persona: "community", label: t("questionnaire.step1.community") },
      { persona: "faculty", label: t("questionnaire.step1.staff") },
      { persona: "guest", label: t("questionnaire.step1.guest") },
    ];
    return (
      <Paper className="center-narrow" p="lg" withBorder>
        <Title order={1} size="h2" mb="md">
          {t("questionnaire.step1.title")}
        </Title>
        <Stack>
          {choices.map((c) => (
            <Button
              key={c.persona}
              component={Link}
              to={`/?persona=${c.persona}`}
              size="md"
              className="questionnaire-choice"
            >
              {c.label}
            </Button>
          ))}
          <Anchor component={Link} to={skip} ta="center">
            {t("questionnaire.step1.skip")}
          </Anchor>
        </Stack>
        <PreloadPageScripts hrefs={preload} />
      </Paper>
    );
  }
  const { actions, skip } = questionnaireLinks(persona, signedIn);
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="md">
        {t("questionnaire.step2.title")}
      </Title>
      <Stack>
        {actions.map((a) => (
          <Button
            key={a.href}
            component={Link}
            to={a.href}
            size="md"
            className="questionnaire-choice"
          >
            {t(a.labelKey)}
          </Button>
        ))}
        <Anchor component={Link} to={skip} ta="center">
          {t("questionnaire.step1.skip")}
        </Anchor>
        <Button component={Link} to="/" variant="default">
          {t("questionnaire.back")}
        </Button>
      </Stack>
      <PreloadPageScripts hrefs={preload} />
    </Paper>
  );
}
