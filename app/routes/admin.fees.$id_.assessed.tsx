// /admin/fees/:id/assessed: the students a fee was assessed to, 50 a page on the server, searched
// by name or student ID; each one's fee can be waived or adjusted with a reason, never below what
// was already paid (decision 121). Plain posts, one form per student.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useLocation,
} from "@remix-run/react";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { Pager } from "~/components/staff/Pager";
import { assessedAction, assessedPage } from "~/.server/admin-fees";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextInput } from "~/components/admin/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("adminFees.assessedTitle") };

export function loader(args: LoaderFunctionArgs) {
  return assessedPage(args);
}

export function action(args: ActionFunctionArgs) {
  return assessedAction(args);
}

const statusName = (status: string) =>
  status === "paid"
    ? t("adminFees.status.paid")
    : status === "partial"
      ? t("adminFees.status.partial")
      : t("adminFees.status.due");

type Row = ReturnType<typeof useLoaderData<typeof loader>>["students"][number];

function WaiveOrAdjust({
  row,
  lastResult,
}: {
  row: Row;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: `admin-assessed-${row.id}`,
    lastResult,
    defaultValue: { amount: row.amountValue },
    load: () => import("@domain/forms/admin-fees"),
    schema: (m) => m.AssessedActionForm,
    shouldValidate: "onSubmit",
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="assessedId" value={row.id} />
      <Stack gap="xs">
        <FormError errors={form.errors} id={form.errorId} />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <AdminTextInput
            meta={fields.reason}
            label={t("adminFees.reasonFor", { name: row.name })}
          />
          <AdminTextInput
            meta={fields.amount}
            label={t("adminFees.amountFor", { name: row.name })}
          />
          <Button
            type="submit"
            name="intent"
            value="adjust"
            variant="default"
            disabled={busy}
            aria-label={t("adminFees.adjustFor", { name: row.name })}
          >
            {t("adminFees.adjust")}
          </Button>
          {row.owed ? (
            <Button
              type="submit"
              name="intent"
              value="waive"
              color="red"
              disabled={busy}
              aria-label={t("adminFees.waiveFor", { name: row.name })}
            >
              {t("adminFees.waive")}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Form>
  );
}

export default function AdminFeeAssessed() {
  const { id, name, q, total, page, pages, students } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to={`/admin/fees/${id}`} size="sm">
        {t("adminFees.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("adminFees.assessedTitle", { name })}
      </Title>
      <Group mb="md">
        <Button component={Link} to={`/admin/fees/${id}/assess`}>
          {t("adminFees.assessLink")}
        </Button>
      </Group>
      <Form method="get" role="search" aria-label={t("adminFees.searchStudents")}>
        <Group align="flex-end" mb="md">
          <TextInput name="q" label={t("adminFees.searchStudents")} defaultValue={q} />
          <Button type="submit" variant="default">
            {t("adminFees.searchButton")}
          </Button>
        </Group>
      </Form>
      {students.length === 0 ? (
        <Text>{t("adminFees.assessedNone")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="sm">
            <Table.Caption>{t("adminFees.count", { total: String(total) })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("adminFees.col.student")}</Table.Th>
                <Table.Th>{t("adminFees.col.studentId")}</Table.Th>
                <Table.Th>{t("adminFees.col.grade")}</Table.Th>
                <Table.Th>{t("adminFees.col.amount")}</Table.Th>
                <Table.Th>{t("adminFees.col.paid")}</Table.Th>
                <Table.Th>{t("adminFees.col.status")}</Table.Th>
                <Table.Th>{t("adminFees.col.actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.participantId ?? ""}</Table.Td>
                  <Table.Td>{s.grade ?? ""}</Table.Td>
                  <Table.Td>{s.assessed}</Table.Td>
                  <Table.Td>{s.paid}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.waived ? "gray" : s.owed ? "yellow" : "green"}>
                      {s.waived ? t("adminFees.waived") : statusName(s.status)}
                    </Badge>
                    {s.adjustReason ? (
                      <Text size="xs" c="dimmed">
                        {s.adjustReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <WaiveOrAdjust
                      row={s}
                      lastResult={actionData?.assessedId === s.id ? actionData.result : undefined}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager page={page} pageCount={pages} search={search} label={name} />
    </Paper>
  );
}
