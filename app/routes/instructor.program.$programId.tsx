// One program's activities for the instructor (spec 02 §2): program selector, Active/Inactive,
// and a table of 40 sections a page. Filters and pages are query parameters (no JavaScript
// needed); the description opens as a dialog URL. Unknown programs go back to /instructor/.
import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useSubmit } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/staff";
import { PAGE_SIZE, paginate, parsePage } from "@domain/rules/paging";
import { loadInstructorPrograms, requireInstructor } from "~/.server/staff";
import { or503 } from "~/.server/api";
import { PageDialog } from "~/components/PageDialog";
import { Pager } from "~/components/staff/Pager";
import { formatClockRange, formatDayRange, formatDays } from "~/components/staff/format";
import { StaffRefresh } from "~/islands/StaffRefresh";
import staffStyles from "~/components/staff/staff.css?url";
import type { PageHandle } from "~/components/page-title";
import { courseCode } from "@domain/rules/course-code";

export const handle: PageHandle = {
  title: (data: { view?: { program: { programName: string } } | null } | undefined) =>
    data?.view?.program.programName ?? t("staff.myActivities"),
};

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireInstructor(request);
  const url = new URL(request.url);
  const res = or503(
    await loadInstructorPrograms({ request, context }),
    t("staff.programsLoadError"),
  );
  if (!res.ok) {
    return json({ error: res.hint || res.message, view: null }, { status: res.status });
  }
  const program = res.data.find((p) => p.id === params.programId);
  if (!program) throw redirect("/instructor/");
  const show = url.searchParams.get("show") === "inactive" ? "inactive" : "active";
  const sections = program.courseSelections.filter((s) => s.active === (show === "active"));
  const page = paginate(sections, parsePage(url.searchParams.get("page")), PAGE_SIZE.sections);
  const describeId = url.searchParams.get("describe");
  const described = describeId
    ? (program.courseSelections.find((s) => s.id === describeId) ?? null)
    : null;
  return json({
    error: null,
    view: {
      programs: res.data.map((p) => ({ id: p.id, programName: p.programName })),
      program: { id: program.id, programName: program.programName },
      show,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      rows: page.rows.map((s) => ({
        id: s.id,
        subject: s.course.subject,
        courseNumber: s.course.courseNumber,
        courseName: s.course.courseName,
        sectionNumber: s.sectionNumber,
        term: s.term,
        dates: formatDayRange(s.meetingDateStart, s.meetingDateEnd),
        days: formatDays(s.meetingDaysOfWeek),
        time: formatClockRange(s.meetingTimeStart, s.meetingTimeEnd),
        registered: s.registrations.filter((r) => r.status === null).length,
      })),
      dialog: describeId
        ? described
          ? {
              title: `${courseCode(described.course.subject, described.course.courseNumber)} ${described.course.courseName}`,
              description: described.course.description,
            }
          : { title: t("staff.col.description"), description: null }
        : null,
    },
  });
}

function withoutParam(search: string, key: string): string {
  const p = new URLSearchParams(search);
  p.delete(key);
  const s = p.toString();
  return s ? `?${s}` : "";
}

function withParam(search: string, key: string, value: string): string {
  const p = new URLSearchParams(search);
  p.set(key, value);
  return `?${p.toString()}`;
}

/** The course link that opened the description dialog gets the focus back when it closes. */
const describeLinkId = (sectionId: string) => `describe-${sectionId}`;

export default function ProgramActivities() {
  const { error, view } = useLoaderData<typeof loader>();
  const location = useLocation();
  const submit = useSubmit();
  if (!view) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  const here = location.pathname;
  const search = location.search;
  return (
    <Stack gap="md">
      <StaffRefresh />
      <Title order={1}>{view.program.programName}</Title>
      <div className="staff-filters">
        <Form method="get" action="/instructor/">
          <Group align="flex-end" gap="xs">
            <NativeSelect
              name="program"
              label={t("staff.programLabel")}
              data={view.programs.map((p) => ({ value: p.id, label: p.programName }))}
              defaultValue={view.program.id}
              onChange={(e) => submit(e.currentTarget.form)}
            />
            <Button type="submit" variant="default">
              {t("staff.viewProgram")}
            </Button>
          </Group>
        </Form>
        <Form method="get" action={here}>
          <Group align="flex-end" gap="xs">
            <NativeSelect
              name="show"
              label={t("staff.showLabel")}
              data={[
                { value: "active", label: t("staff.show.active") },
                { value: "inactive", label: t("staff.show.inactive") },
              ]}
              defaultValue={view.show}
              onChange={(e) => submit(e.currentTarget.form)}
            />
            <Button type="submit" variant="default">
              {t("staff.apply")}
            </Button>
          </Group>
        </Form>
      </div>
      {view.total === 0 ? (
        <Text>{t("staff.noSections")}</Text>
      ) : (
        <div className="staff-table-wrap">
          <Table className="staff-table" striped withTableBorder highlightOnHover>
            <caption className="visually-hidden">
              {t("staff.sectionsCaption", { program: view.program.programName })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("staff.col.registrations")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.subject")}
                </Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.courseNumber")}
                </Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.sectionNumber")}
                </Table.Th>
                <Table.Th scope="col">{t("staff.col.description")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.term")}
                </Table.Th>
                <Table.Th scope="col">{t("staff.col.dates")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.days")}
                </Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.time")}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/instructor/course/${view.program.id}/${s.id}`}
                      aria-label={t("staff.registrationsLinkLabel", {
                        course: `${courseCode(s.subject, s.courseNumber)} ${s.courseName}`,
                        section: s.sectionNumber,
                        count: s.registered,
                      })}
                    >
                      {t("staff.registrationsLink", { count: s.registered })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className="staff-col-wide">{s.subject}</Table.Td>
                  <Table.Td className="staff-col-wide">{s.courseNumber}</Table.Td>
                  <Table.Td className="staff-col-wide">{s.sectionNumber}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={withParam(search, "describe", s.id)}
                      id={describeLinkId(s.id)}
                      preventScrollReset
                      aria-label={t("staff.descriptionLinkLabel", {
                        course: `${courseCode(s.subject, s.courseNumber)} ${s.courseName} ${s.sectionNumber}`,
                      })}
                    >
                      {s.courseName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className="staff-col-wide">{s.term}</Table.Td>
                  <Table.Td>{s.dates}</Table.Td>
                  <Table.Td className="staff-col-wide">{s.days}</Table.Td>
                  <Table.Td className="staff-col-wide">{s.time}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Pager
        page={view.page}
        pageCount={view.pageCount}
        search={withoutParam(search, "describe")}
        label={view.program.programName}
      />
      {view.dialog ? (
        <PageDialog
          title={view.dialog.title}
          closeHref={`${here}${withoutParam(search, "describe")}`}
          closeLabel={t("staff.descriptionClose")}
          openerId={describeLinkId(new URLSearchParams(search).get("describe") ?? "")}
        >
          {view.dialog.description === null ? (
            <Alert color="red" role="alert">
              {t("staff.modal.noSection")}
            </Alert>
          ) : (
            <Text className="staff-pre">{view.dialog.description || t("staff.noDescription")}</Text>
          )}
        </PageDialog>
      ) : null}
    </Stack>
  );
}
