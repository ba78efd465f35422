// /programs (spec 01 §2 "Programs page", §4): the home message, the program picker, the health
// survey gate, and the activities with search, program filter and partial payments. Filters are a
// GET form; card actions post here; questions, confirmations and the survey are child URLs.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Button } from "~/ui/mantine/Button";
import { PlainCheckbox } from "~/ui/PlainCheckbox";
import { CloseButton } from "~/ui/mantine/CloseButton";
import { Group } from "~/ui/mantine/Group";
import { NativeSelect } from "~/ui/mantine/NativeSelect";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { PlainTextInput } from "~/components/fields";
import { Title } from "~/ui/mantine/Title";
import { CourseStatus, type Course, type Program } from "@domain/contract/programs";
import { t } from "@domain/messages/programs";
import { requireParticipant } from "~/.server/auth";
import {
  cardActionResponse,
  findCourse,
  homeMessageClosed,
  markFailed,
  homeMessageCookie,
  loadPrograms,
  runCardAction,
  safeBack,
  type CardIntent,
} from "~/.server/programs";
import { loadSettings } from "~/.server/settings";
import { ActivityGrid } from "~/components/programs/ActivityGrid";
import { toCardData } from "~/components/programs/card-data";
import { CourseDetails } from "~/components/programs/CourseDetails";
import { programsOpener } from "~/components/programs/openers";
import { PaymentExpiryDialog } from "~/islands/PaymentCountdown";
import { ProgramsRefresh } from "~/islands/ProgramsRefresh";

function matchesSearch(c: Course, q: string): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [c.name, c.description, c.courseNumber, c.category ?? "", c.programName]
    .join(" ")
    .toLowerCase()
    .includes(needle);
}

/** "View partially completed payments": registrations with money still owed. */
function isPartial(c: Course): boolean {
  return (
    c.status === "partial" || c.status === "registered-with-credits-pending-payment" || c.paymentDue
  );
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireParticipant(request);
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const program = url.searchParams.get("program") ?? "";
  const partial = url.searchParams.get("partial") === "1";
  const detailId = url.searchParams.get("detail");
  const [{ programs, error }, settings, closed] = await Promise.all([
    loadPrograms({ request, context }),
    loadSettings(context),
    homeMessageClosed(request),
  ]);
  const chosen = programs.filter((p) => !program || p.programUUID === program);
  const gated = (p: Program) => p.requiresSurvey && !p.finishedSurvey;
  const courses = chosen
    .filter((p) => !gated(p))
    .flatMap((p) => p.courses)
    .filter((c) => matchesSearch(c, q))
    .filter((c) => !partial || isPartial(c));
  const now = Date.now();
  return json({
    programs: programs.map((p) => ({ programUUID: p.programUUID, name: p.name })),
    gates: chosen.filter(gated).map((p) => ({ programUUID: p.programUUID, name: p.name })),
    // Only what the cards show (decision 094).
    cards: markFailed(courses, request).map((c) => toCardData(c, now)),
    q,
    program,
    partial,
    error,
    detail: detailId ? findCourse(programs, detailId) : null,
    homeMessage:
      settings?.homeMessage.show && settings.homeMessage.message && !closed
        ? settings.homeMessage.message
        : null,
    partialMessage: partial ? (settings?.partiallyCompletedPaymentMessage ?? null) : null,
  });
}

const INTENTS: CardIntent[] = ["register", "waitlist", "cancel", "leaveWaitlist"];

export async function action({ request, context }: ActionFunctionArgs) {
  await requireParticipant(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = safeBack(form.get("back"));
  if (intent === "closeHome") {
    return redirect(back, { headers: { "Set-Cookie": await homeMessageCookie.serialize("1") } });
  }
  const id = String(form.get("courseSelectionUUID") ?? "");
  const status = CourseStatus.safeParse(form.get("status"));
  const reason = String(form.get("reason") ?? "").slice(0, 200) || undefined;
  if (intent === "expire") {
    // The page's payment window ran out: cancel now (the server would expire the hold anyway).
    const res = await runCardAction({ request, context }, "cancel", id, {
      reason: t("register.reasonTimeout"),
    });
    return json({ expired: true, ok: res.ok });
  }
  if (!INTENTS.includes(intent as CardIntent)) return redirect(back);
  return cardActionResponse(
    { request, context },
    intent as CardIntent,
    id,
    {
      reason,
      activeCourse: {
        courseSelectionUUID: id,
        ...(status.success ? { status: status.data } : {}),
      },
    },
    back,
  );
}

export default function Programs() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const listHref = (() => {
    const p = new URLSearchParams(location.search);
    p.delete("detail");
    p.delete("failed");
    const s = p.toString();
    return `/programs${s ? `?${s}` : ""}`;
  })();
  // The detail link of each card: this page's query with ?detail= (built once, not per card).
  const detailBase = (() => {
    const p = new URLSearchParams(location.search);
    p.delete("detail");
    const s = p.toString();
    return `/programs?${s ? `${s}&` : ""}detail=`;
  })();
  return (
    <Stack gap="md">
      {data.homeMessage ? (
        <Alert
          color="district"
          variant="light"
          role="region"
          aria-label={t("programs.homeMessageLabel")}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm">{data.homeMessage}</Text>
            <Form method="post" action="/programs">
              <input type="hidden" name="intent" value="closeHome" />
              <input type="hidden" name="back" value={listHref} />
              <CloseButton type="submit" aria-label={t("programs.closeHomeMessage")} />
            </Form>
          </Group>
        </Alert>
      ) : null}

      <nav aria-label={t("programs.picker")}>
        <Text size="sm" fw={600} mb={4}>
          {t("programs.picker")}
        </Text>
        {data.programs.length ? (
          <Group gap="xs">
            {data.programs.map((p) => (
              <Button
                key={p.programUUID}
                component={Link}
                to={`/programs?program=${p.programUUID}`}
                size="xs"
                variant={data.program === p.programUUID ? "filled" : "light"}
                aria-current={data.program === p.programUUID ? "page" : undefined}
              >
                {p.name}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm">{t("programs.pickerNone")}</Text>
        )}
      </nav>

      <Title order={1}>{t("programs.title")}</Title>

      {data.error ? (
        <Alert color="red" role="alert">
          {data.error}
        </Alert>
      ) : null}

      <Form method="get" action="/programs" role="search">
        <Group align="flex-end" gap="sm">
          <PlainTextInput
            id="programs-search"
            name="q"
            label={t("programs.search")}
            placeholder={t("programs.searchPlaceholder")}
            defaultValue={data.q}
            type="search"
          />
          <NativeSelect
            name="program"
            label={t("programs.programFilter")}
            defaultValue={data.program}
            data={[
              { value: "", label: t("programs.allPrograms") },
              ...data.programs.map((p) => ({ value: p.programUUID, label: p.name })),
            ]}
          />
          <PlainCheckbox
            name="partial"
            value="1"
            label={t("programs.viewPartial")}
            defaultChecked={data.partial}
            mb={8}
          />
          <Button type="submit" variant="default">
            {t("programs.applyFilters")}
          </Button>
        </Group>
      </Form>

      {data.partialMessage ? <Alert color="yellow">{data.partialMessage}</Alert> : null}

      {data.gates.map((g) => (
        <Alert key={g.programUUID} color="yellow" title={t("survey.title")}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("survey.gate", { program: g.name })}</Text>
            <Button
              component={Link}
              to={`/programs/survey/${g.programUUID}?back=${encodeURIComponent(here)}`}
              id={programsOpener.survey(g.programUUID)}
            >
              {t("survey.open")}
            </Button>
          </Stack>
        </Alert>
      ))}

      <ActivityGrid
        cards={data.cards}
        back={listHref}
        detailHref={(id) => detailBase + encodeURIComponent(id)}
        emptyText={data.error ? null : t("programs.noActivities")}
      />

      {data.detail ? <CourseDetails course={data.detail} closeHref={listHref} /> : null}
      <Outlet />
      <PaymentExpiryDialog />
      <ProgramsRefresh />
    </Stack>
  );
}
