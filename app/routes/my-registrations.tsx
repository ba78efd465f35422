// /my-registrations (spec 01 §2): registered, waitlisted, pending and credit-applied activities,
// with an "All Programs" filter, sorted by start date, and the same card actions as /programs.
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { Alert, Button, Group, Select, Stack, Title } from "~/ui";
import { t } from "@domain/messages/programs";
import { requireParticipant } from "~/.server/auth";
import { failedReason, findCourse, loadPrograms, markFailed } from "~/.server/programs";
import { householdView, linkedRegistrations } from "~/.server/household";
import { getSession } from "~/.server/session";
import { ChildScope, LinkedChildSection } from "~/components/household/LinkedChildren";
import { ActivityGrid } from "~/components/programs/ActivityGrid";
import { toCardData } from "~/components/programs/card-data";
import { CourseDetails } from "~/components/programs/CourseDetails";
import { PaymentExpiryDialog } from "~/islands/PaymentCountdown";
import { ProgramsRefresh } from "~/islands/ProgramsRefresh";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("programs.myTitle") };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const onScreen = await requireParticipant(request);
  const url = new URL(request.url);
  const household = householdView(await getSession(request));
  // "All children" (decision 165): the other linked children's registrations, read-only here.
  const all = Boolean(household?.others.length) && url.searchParams.get("show") === "all";
  const others = all ? await linkedRegistrations({ request, context }) : [];
  const program = url.searchParams.get("program") ?? "";
  const detailId = url.searchParams.get("detail");
  const { programs, error } = await loadPrograms({ request, context }, "registrations");
  const courses = programs
    .filter((p) => !program || p.programUUID === program)
    .flatMap((p) => p.courses)
    .filter((c) => c.registrationStatus !== null)
    .sort((a, b) => a.dateStartFull.localeCompare(b.dateStartFull) || a.name.localeCompare(b.name));
  const now = Date.now();
  return json({
    programs: programs.map((p) => ({ programUUID: p.programUUID, name: p.name })),
    program,
    // Only what the cards show (decision 094).
    cards: markFailed(courses, new URL(request.url)).map((c) =>
      toCardData(c, now, failedReason(new URL(request.url))),
    ),
    error,
    detail: detailId ? findCourse(programs, detailId) : null,
    household: household?.others.length ? { onScreen: onScreen.nameFirst, all } : null,
    others: others.map((child) => ({
      key: child.key,
      name: child.name,
      switchLabel: child.switchLabel,
      error: child.error ? t("programs.childLoadError", { name: child.name }) : null,
      cards: child.courses.map((c) => toCardData(c, now)),
    })),
  });
}

export default function MyRegistrations() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("detail");
  params.delete("failed");
  params.delete("why");
  const listHref = `/my-registrations${params.toString() ? `?${params.toString()}` : ""}`;
  const detailHref = (id: string) => {
    const p = new URLSearchParams(params);
    p.set("detail", id);
    return `/my-registrations?${p.toString()}`;
  };
  return (
    <Stack gap="md">
      <Title order={1}>{t("programs.myTitle")}</Title>
      {data.household ? (
        <ChildScope
          label={t("programs.whoseRegistrations")}
          onlyLabel={t("programs.childOnly", { name: data.household.onScreen })}
          allLabel={t("programs.allChildren")}
          onlyHref="/my-registrations"
          allHref="/my-registrations?show=all"
          all={data.household.all}
        />
      ) : null}
      {data.household?.all ? (
        <Title order={2} size="h3">
          {t("programs.registrationsOf", { name: data.household.onScreen })}
        </Title>
      ) : null}
      {data.error ? (
        <Alert color="red" role="alert">
          {data.error}
        </Alert>
      ) : null}
      <Form method="get" action="/my-registrations">
        <Group align="flex-end" gap="sm">
          <Select
            name="program"
            label={t("programs.programFilter")}
            defaultValue={data.program}
            data={[
              { value: "", label: t("programs.allPrograms") },
              ...data.programs.map((p) => ({ value: p.programUUID, label: p.name })),
            ]}
          />
          <Button type="submit" variant="default">
            {t("programs.applyFilters")}
          </Button>
        </Group>
      </Form>
      <ActivityGrid
        cards={data.cards}
        back={listHref}
        detailHref={detailHref}
        emptyText={data.error ? null : t("programs.noRegistrations")}
      />
      {data.others.map((child) => (
        <LinkedChildSection
          key={child.key}
          childKey={child.key}
          heading={t("programs.registrationsOf", { name: child.name })}
          error={child.error}
          count={child.cards.length}
          emptyText={t("programs.childNoRegistrations", { name: child.name })}
          switchLabel={child.switchLabel}
          from="/my-registrations"
        >
          {child.cards.map((card) => (
            <li key={card.id}>
              <strong>{card.name}</strong>
              <span>{card.program}</span>
              <span>{card.dates}</span>
              {card.schedule ? <span>{card.schedule}</span> : null}
              {card.state ? <span>{card.state}</span> : null}
            </li>
          ))}
        </LinkedChildSection>
      ))}
      {data.detail ? <CourseDetails course={data.detail} closeHref={listHref} /> : null}
      <PaymentExpiryDialog />
      <ProgramsRefresh />
    </Stack>
  );
}
