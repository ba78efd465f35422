// View Students (spec 02 §2): the people assessed a fee the employee owns, 100 rows a page, with
// CSV and PDF downloads. Paging is a query parameter, so it works without JavaScript.
import { json, redirect, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Alert, Anchor, Group, Stack, Table, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/staff";
import { formatUsd, toCents } from "@domain/rules/money";
import { PAGE_SIZE, paginate, parsePage } from "@domain/rules/paging";
import { answerFor, previewAnswer, sortedQuestions } from "@domain/rules/roster-csv";
import { formatDistrictDate } from "@domain/rules/time";
import { requireStaff } from "~/.server/auth";
import { flashNotice } from "~/.server/session";
import { loadFeeReport } from "~/.server/staff";
import { or503 } from "~/.server/api";
import { districtTimeZone } from "~/.server/time";
import { DownloadMenu } from "~/components/staff/DownloadMenu";
import { Pager } from "~/components/staff/Pager";
import { StaffRefresh } from "~/islands/StaffRefresh";
import staffStyles from "~/components/staff/staff.css?url";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("staff.viewStudents") };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const feeId = Number(params.feeId);
  const missing = async () =>
    redirect("/instructor/", {
      headers: {
        "Set-Cookie": await flashNotice(request, { kind: "error", text: t("staff.feeNotFound") }),
      },
    });
  if (!Number.isSafeInteger(feeId) || feeId <= 0 || feeId > 2_147_483_647) throw await missing();
  const res = or503(await loadFeeReport({ request, context }, feeId), t("staff.feesError"));
  if (!res.ok) {
    if (res.status === 404) throw await missing();
    const error = res.status === 403 ? t("staff.invalidUser") : t("staff.feesError");
    return json({ error, view: null }, { status: res.status });
  }
  const report = res.data;
  const url = new URL(request.url);
  const page = paginate(
    report.assessedFees,
    parsePage(url.searchParams.get("page")),
    PAGE_SIZE.feeReport,
  );
  const questions = sortedQuestions(report.questions);
  const tz = districtTimeZone();
  return json({
    error: null,
    view: {
      id: report.id,
      name: report.name,
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      hasQuestions: questions.length > 0,
      rows: page.rows.map((a) => ({
        key: a.id,
        id: a.person.id ?? "",
        name: `${a.person.nameLast}, ${a.person.nameFirst}`,
        email: a.person.contactEmail ?? "",
        status: a.status,
        quantity: a.quantity,
        cost: formatUsd(toCents(a.assessedCost)),
        paid: formatUsd(toCents(a.paid)),
        owed: formatUsd(toCents(a.owed)),
        assessed: formatDistrictDate(a.assessedDate, tz),
        answers: questions
          .map((q) => ({ q: q.question, a: answerFor(a.answers, q) }))
          .filter((x) => x.a)
          .map((x) => ({ q: previewAnswer(x.q), a: previewAnswer(x.a) })),
      })),
    },
  });
}

export default function ViewStudents() {
  const { error, view } = useLoaderData<typeof loader>();
  const location = useLocation();
  if (!view) {
    return (
      <Stack>
        <Title order={1}>{t("staff.viewStudents")}</Title>
        <Alert color="red" role="alert">
          {error}
        </Alert>
      </Stack>
    );
  }
  const download = (kind: string) => `${location.pathname}/download?kind=${kind}`;
  return (
    <Stack gap="md">
      <StaffRefresh />
      <Anchor component={Link} to="/instructor/">
        ← {t("staff.myFees")}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{t("staff.viewStudents")}</Title>
          <Text size="lg" fw={600}>
            {view.name}
          </Text>
        </div>
        <DownloadMenu
          items={[
            { href: download("csv"), label: t("staff.download.feeCsv") },
            { href: download("pdf"), label: t("staff.download.feePdf") },
          ]}
        />
      </Group>
      {view.total === 0 ? (
        <Text>{t("staff.noAssessed")}</Text>
      ) : (
        <div className="staff-table-wrap">
          <Table className="staff-table" striped withTableBorder>
            <caption className="visually-hidden">
              {t("staff.assessedCaption", { fee: view.name })}
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("staff.col.personId")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.name")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.email")}
                </Table.Th>
                <Table.Th scope="col">{t("staff.col.status")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.quantity")}
                </Table.Th>
                <Table.Th scope="col">{t("staff.col.assessedCost")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.paid")}</Table.Th>
                <Table.Th scope="col">{t("staff.col.owed")}</Table.Th>
                <Table.Th scope="col" className="staff-col-wide">
                  {t("staff.col.assessedDate")}
                </Table.Th>
                {view.hasQuestions ? (
                  <Table.Th scope="col" className="staff-col-wide">
                    {t("staff.col.answers")}
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((r) => (
                <Table.Tr key={r.key}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td className="staff-col-wide">{r.email}</Table.Td>
                  <Table.Td>{r.status}</Table.Td>
                  <Table.Td className="staff-col-wide">{r.quantity}</Table.Td>
                  <Table.Td>{r.cost}</Table.Td>
                  <Table.Td>{r.paid}</Table.Td>
                  <Table.Td>{r.owed}</Table.Td>
                  <Table.Td className="staff-col-wide">{r.assessed}</Table.Td>
                  {view.hasQuestions ? (
                    <Table.Td className="staff-col-wide">
                      {r.answers.map((x) => (
                        <div key={x.q}>
                          <Text span size="xs" className="staff-muted">
                            {x.q}:
                          </Text>{" "}
                          {x.a}
                        </div>
                      ))}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      <Pager
        page={view.page}
        pageCount={view.pageCount}
        search={location.search}
        label={view.name}
      />
    </Stack>
  );
}
