// One section for its instructor (spec 02 §2): every field, the Active/Canceled roster with global
// search, 40 rows a page, and the download menu. Status, search and page are query parameters so
// the page works without JavaScript; downloads are plain links to a resource route.
import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/staff";
import { PAGE_SIZE, paginate, parsePage, searchRows } from "@domain/rules/paging";
import { rosterPerson, selectRoster, sortedQuestions } from "@domain/rules/roster-csv";
import { formatDistrictDate } from "@domain/rules/time";
import { flashNotice } from "~/.server/session";
import { loadInstructorSection, requireInstructor } from "~/.server/staff";
import { or503 } from "~/.server/api";
import { districtTimeZone } from "~/.server/time";
import { PageDialog } from "~/components/PageDialog";
import { DownloadMenu } from "~/components/staff/DownloadMenu";
import { Pager } from "~/components/staff/Pager";
import { formatClockRange, formatDay, formatDays } from "~/components/staff/format";
import { StaffRefresh } from "~/islands/StaffRefresh";
import staffStyles from "~/components/staff/staff.css?url";
import type { PageHandle } from "~/components/page-title";
import { courseCode } from "@domain/rules/course-code";

export const handle: PageHandle = {
  title: (data: { view?: { heading: string } | null } | undefined) =>
    data?.view?.heading ?? t("staff.viewStudents"),
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireInstructor(request);
  const programId = params.programId ?? "";
  const back = `/instructor/program/${encodeURIComponent(programId)}`;
  const notFound = async () =>
    redirect(back, {
      headers: {
        "Set-Cookie": await flashNotice(request, {
          kind: "error",
          text: t("staff.sectionNotFound"),
        }),
      },
    });
  if (!UUID.test(params.courseId ?? "")) throw await notFound();
  const res = or503(
    await loadInstructorSection({ request, context }, params.courseId!),
    t("staff.sectionLoadError"),
  );
  if (!res.ok) {
    if (res.status === 404) throw await notFound();
    return json({ error: res.hint || res.message, view: null }, { status: res.status });
  }
  const { program, section } = res.data;
  if (program.id !== programId) {
    throw redirect(`/instructor/course/${program.id}/${section.id}${new URL(request.url).search}`);
  }
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "canceled" ? "canceled" : "active";
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const tz = districtTimeZone();
  const people = selectRoster(section.registrations, status)
    .map((r) => {
      const p = rosterPerson(r);
      return {
        key: r.id,
        id: String(p.id),
        name: `${p.nameLast}, ${p.nameFirst}`,
        grade: p.grade,
        gender: p.gender,
        language: t(`staff.language.${r.language}`),
        registered: formatDistrictDate(r.createdAt, tz),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const found = searchRows(people, q, (r) => [r.id, r.name, r.grade, r.gender, r.registered]);
  const page = paginate(found, parsePage(url.searchParams.get("page")), PAGE_SIZE.roster);
  const yesNo = (b: boolean) => t(b ? "staff.yes" : "staff.no");
  return json({
    error: null,
    view: {
      program,
      sectionId: section.id,
      heading: `${courseCode(section.course.subject, section.course.courseNumber)} ${section.course.courseName}`,
      fields: [
        [t("staff.field.program"), program.programName],
        [t("staff.field.instructor"), section.instructorName],
        [t("staff.field.restrictToSchool"), yesNo(section.restrictToSchool)],
        [t("staff.field.school"), section.school?.fullName ?? t("staff.none")],
        [
          t("staff.field.activity"),
          `${courseCode(section.course.subject, section.course.courseNumber)} ${section.course.courseName}`,
        ],
        [t("staff.field.section"), section.sectionNumber],
        [t("staff.field.capacity"), String(section.capacity)],
        [t("staff.field.creditHours"), String(section.creditHours)],
        [t("staff.field.deliveryMethod"), section.deliveryMethod],
        [t("staff.field.meetingDays"), formatDays(section.meetingDaysOfWeek) || t("staff.none")],
        [t("staff.field.room"), section.roomNumber ?? t("staff.none")],
        [t("staff.field.startDate"), formatDay(section.meetingDateStart)],
        [t("staff.field.endDate"), formatDay(section.meetingDateEnd)],
        [
          t("staff.field.classTime"),
          formatClockRange(section.meetingTimeStart, section.meetingTimeEnd) || t("staff.none"),
        ],
        [t("staff.field.allowCommunity"), yesNo(section.allowCommunity)],
      ] as [string, string][],
      status,
      q,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      rows: page.rows,
      showQuestions: url.searchParams.get("questions") === "1",
      questions: sortedQuestions(section.courseQuestions).map((q) => ({
        id: q.id,
        question: q.question,
        responseType: q.responseType,
      })),
    },
  });
}

function withQuestions(search: string): string {
  const p = new URLSearchParams(search);
  p.set("questions", "1");
  return `?${p.toString()}`;
}

function withoutQuestions(search: string): string {
  const p = new URLSearchParams(search);
  p.delete("questions");
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** The link that opened the questions dialog gets the focus back when it closes. */
const QUESTIONS_LINK_ID = "course-questions-link";

export default function CourseRoster() {
  const { error, view } = useLoaderData<typeof loader>();
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  if (!view) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  const here = location.pathname;
  const download = (kind: string) => `${here}/download?kind=${kind}`;
  const statusLabel = t(
    view.status === "canceled" ? "staff.roster.canceled" : "staff.roster.active",
  );
  return (
    <Stack gap="md">
      <StaffRefresh />
      <Anchor component={Link} to={`/instructor/program/${view.program.id}`}>
        ← {t("staff.back", { program: view.program.programName })}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Title order={1}>{view.heading}</Title>
        <DownloadMenu
          items={[
            { href: download("active-csv"), label: t("staff.download.activeCsv") },
            { href: download("active-pdf"), label: t("staff.download.activePdf") },
            { href: download("canceled-csv"), label: t("staff.download.canceledCsv") },
            { href: download("unpaid-csv"), label: t("staff.download.unpaidCsv") },
            { href: download("unpaid-pdf"), label: t("staff.download.unpaidPdf") },
          ]}
        />
      </Group>
      <dl className="staff-fields">
        {view.fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Anchor
        component={Link}
        to={withQuestions(location.search)}
        id={QUESTIONS_LINK_ID}
        preventScrollReset
      >
        {t("staff.questionsLink", { count: view.questions.length })}
      </Anchor>
      <Form method="get" action={here} className="staff-filters" role="search">
        <fieldset>
          <legend>{t("staff.rosterStatus")}</legend>
          <Radio
            name="status"
            value="active"
            label={t("staff.roster.active")}
            defaultChecked={view.status === "active"}
            onChange={(e) => submit(e.currentTarget.form)}
          />
          <Radio
            name="status"
            value="canceled"
            label={t("staff.roster.canceled")}
            defaultChecked={view.status === "canceled"}
            onChange={(e) => submit(e.currentTarget.form)}
          />
        </fieldset>
        <TextInput name="q" type="search" label={t("staff.search")} defaultValue={view.q} />
        <Button type="submit" variant="default" loading={navigation.state === "loading"}>
          {t("staff.searchSubmit")}
        </Button>
      </Form>
      {view.total === 0 ? (
        <Text>{t("staff.noRegistrations")}</Text>
      ) : (
        <div className="staff-table-wrap">
          <Table className="staff-table" striped withTableBorder highlightOnHover>
            <caption className="visually-hidden">
              {t("staff.rosterCaption", { status: statusLabel })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("staff.col.participantId")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.name")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.grade")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.gender")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.language")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.dateRegistered")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.grade}</Table.Td>
                  <Table.Td>{r.gender}</Table.Td>
                  <Table.Td>{r.language}</Table.Td>
                  <Table.Td>{r.registered}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Pager
        page={view.page}
        pageCount={view.pageCount}
        search={withoutQuestions(location.search)}
        label={statusLabel}
      />
      {view.showQuestions ? (
        <PageDialog
          title={t("staff.questionsTitle")}
          closeHref={`${here}${withoutQuestions(location.search)}`}
          closeLabel={t("staff.descriptionClose")}
          openerId={QUESTIONS_LINK_ID}
        >
          {view.questions.length === 0 ? (
            <Alert color="red" role="alert">
              {t("staff.modal.noQuestions")}
            </Alert>
          ) : (
            <ol>
              {view.questions.map((q) => (
                <li key={q.id}>
                  {q.question}{" "}
                  <Text span size="sm" className="staff-muted">
                    ({q.responseType})
                  </Text>
                </li>
              ))}
            </ol>
          )}
        </PageDialog>
      ) : null}
    </Stack>
  );
}
