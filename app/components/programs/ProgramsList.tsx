// The programs list (spec 01 §2 "Programs page", §4): the home message, the program picker, the
// health survey gates, the filters and the activity cards. The list page renders it, and the
// dialog pages that have their own URLs (the payment dialog) render it behind the dialog.
import { Form, Link } from "@remix-run/react";
import { Alert, Button, Checkbox, CloseButton, Group, Select, Stack, Text, Title } from "~/ui";
import { PlainTextInput } from "~/components/fields";
import { t } from "@domain/messages/programs";
import type { ProgramsPageData } from "~/.server/programs";
import { ActivityGrid } from "./ActivityGrid";
import { CourseDetails } from "./CourseDetails";
import { programsOpener } from "./openers";

/** The list at /programs with `search` as its query (the filters, an open detail, a failure). */
export function ProgramsList({ data, search }: { data: ProgramsPageData; search: string }) {
  const here = `/programs${search}`;
  const listHref = (() => {
    const p = new URLSearchParams(search);
    p.delete("detail");
    p.delete("failed");
    p.delete("why");
    const s = p.toString();
    return `/programs${s ? `?${s}` : ""}`;
  })();
  // The detail link of each card: this page's query with ?detail= (built once, not per card).
  const detailBase = (() => {
    const p = new URLSearchParams(search);
    p.delete("detail");
    const s = p.toString();
    return `/programs?${s ? `${s}&` : ""}detail=`;
  })();
  return (
    <>
      {data.homeMessage ? (
        <Alert
          color="district"
          variant="light"
          role="region"
          aria-label={t("programs.homeMessageLabel")}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text size="sm" lang={data.homeMessage.lang}>
              {data.homeMessage.text}
            </Text>
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
                lang={p.lang}
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
          <Select
            name="program"
            label={t("programs.programFilter")}
            defaultValue={data.program}
            data={[
              { value: "", label: t("programs.allPrograms") },
              ...data.programs.map((p) => ({ value: p.programUUID, label: p.name })),
            ]}
          />
          <Checkbox
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

      {data.partialMessage ? (
        <Alert color="yellow" lang={data.partialMessage.lang}>
          {data.partialMessage.text}
        </Alert>
      ) : null}

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
    </>
  );
}
