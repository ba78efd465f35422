// /admin/imports/runs/:id: an import's report (decision 124): the counts, the rows 50 a
// page (filtered on the server by a GET form), the CSV download, and "Apply" for a dry run
// without refused rows (a plain post). The schools and school years orgs.csv and academicSessions.csv
// add or rename are listed before "Apply", and on the applied run's report (decision 157).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation, useLocation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IMPORT_FILTERS, type ImportSchoolChange } from "@domain/contract/admin-imports";
import { t } from "@domain/messages/admin";
import { Pager } from "~/components/staff/Pager";
import { importRunAction, importRunPage } from "~/.server/admin-imports";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.imports.report") };

export function loader(args: LoaderFunctionArgs) {
  return importRunPage(args);
}

export function action(args: ActionFunctionArgs) {
  return importRunAction(args);
}

const COUNTS = ["created", "updated", "unchanged", "refused", "deactivated"] as const;

export default function AdminImportRun() {
  const { run, show, canApply, downloadHref } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const { search } = useLocation();
  const status =
    run.status === "dry-run"
      ? t("admin.imports.reportDryRun", { when: run.at })
      : run.status === "applied"
        ? t("admin.imports.reportApplied", { when: run.at })
        : t("admin.imports.reportRefused", { when: run.at, refused: run.summary.refused });
  const from = (run.page - 1) * run.pageSize + 1;
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/admin/imports" size="sm">
          {t("admin.imports.title")}
        </Anchor>
        <Title order={1} size="h2" my="md">
          {t("admin.imports.report")}
        </Title>
        <Alert color={run.status === "refused" ? "red" : "blue"} mb="md">
          {status} {run.fileNames.join(", ")}
        </Alert>
        <Table maw={420} mb="md">
          <Table.Caption>{t("admin.imports.summary")}</Table.Caption>
          <Table.Tbody>
            {COUNTS.map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row">{t(`admin.imports.count.${c}`)}</Table.Th>
                <Table.Td>{run.summary[c]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {run.schools.length && run.status !== "refused" ? (
          <SchoolChanges schools={run.schools} applied={run.status === "applied"} />
        ) : null}
        {run.full ? (
          <Text mb="md">
            {t(run.kind === "staff" ? "admin.staffImport.fullNote" : "admin.imports.fullNote")}
          </Text>
        ) : null}
        <Group>
          {canApply ? (
            <Form method="post">
              {run.confirmDeactivations !== null ? (
                <TextInput
                  name="confirmDeactivations"
                  label={t("admin.imports.confirmLabel")}
                  description={t("admin.imports.confirmHelp", {
                    count: run.confirmDeactivations,
                  })}
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  mb="sm"
                />
              ) : null}
              <Button
                type="submit"
                name="intent"
                value="apply"
                loading={navigation.state === "submitting"}
              >
                {t("admin.imports.apply")}
              </Button>
            </Form>
          ) : run.status === "dry-run" && run.summary.refused > 0 ? (
            <Text>{t("admin.imports.cannotApply")}</Text>
          ) : null}
          <Button component="a" href={downloadHref} variant="default" download>
            {t("admin.imports.download")}
          </Button>
        </Group>
      </Paper>
      <Paper p="lg" withBorder>
        <Form method="get" aria-label={t("admin.imports.filterForm")}>
          <Group align="flex-end" mb="md">
            <NativeSelect
              name="show"
              label={t("admin.imports.filter")}
              defaultValue={show}
              data={IMPORT_FILTERS.map((f) => ({
                value: f,
                label: t(`admin.imports.filter.${f}`),
              }))}
            />
            <Button type="submit" variant="default">
              {t("admin.imports.showRows")}
            </Button>
          </Group>
        </Form>
        {run.rows.length === 0 ? (
          <Text>{t("admin.imports.noRows")}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={700}>
              <Table striped verticalSpacing="xs">
                <Table.Caption>
                  {t("admin.imports.rowsCaption", {
                    from,
                    to: from + run.rows.length - 1,
                    total: run.total,
                  })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("admin.imports.col.line")}</Table.Th>
                    <Table.Th>
                      {t(
                        run.kind === "staff"
                          ? "admin.staffImport.col.id"
                          : run.kind === "catalogue"
                            ? "admin.imports.col.code"
                            : "admin.imports.col.id",
                      )}
                    </Table.Th>
                    <Table.Th>{t("admin.imports.col.name")}</Table.Th>
                    <Table.Th>{t("admin.imports.col.outcome")}</Table.Th>
                    <Table.Th>{t("admin.imports.col.reason")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.rows.map((r, i) => (
                    <Table.Tr key={`${r.line}-${r.id}-${i}`}>
                      <Table.Td>{r.line || "—"}</Table.Td>
                      <Table.Td>{r.id}</Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{t(`admin.imports.outcome.${r.outcome}`)}</Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pager
              page={run.page}
              pageCount={run.pages}
              search={search}
              label={t("admin.imports.report")}
            />
          </>
        )}
      </Paper>
    </Stack>
  );
}

/** The schools and years the import creates or renames ("To create" until it is applied). */
function SchoolChanges({ schools, applied }: { schools: ImportSchoolChange[]; applied: boolean }) {
  const id = "import-schools";
  return (
    <>
      <Text mb="xs" id={`${id}-intro`}>
        {t(applied ? "admin.imports.schoolsApplied" : "admin.imports.schoolsDryRun")}
      </Text>
      <Table maw={640} mb="md" aria-describedby={`${id}-intro`}>
        <Table.Caption>{t("admin.imports.schools")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("admin.imports.schoolsCol.kind")}</Table.Th>
            <Table.Th>{t("admin.imports.schoolsCol.name")}</Table.Th>
            <Table.Th>{t("admin.imports.schoolsCol.fullName")}</Table.Th>
            <Table.Th>{t("admin.imports.schoolsCol.outcome")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schools.map((s) => (
            <Table.Tr key={`${s.kind}-${s.name}`}>
              <Table.Td>{t(`admin.imports.schoolKind.${s.kind}`)}</Table.Td>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{s.fullName}</Table.Td>
              <Table.Td>
                {t(`admin.imports.schoolOutcome.${applied ? "done" : "dryRun"}.${s.outcome}`)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
