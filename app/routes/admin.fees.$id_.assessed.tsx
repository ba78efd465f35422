// /admin/fees/:id/assessed: the students a fee was assessed to, 50 a page on the server, searched
// by name or student ID; each one's fee can be waived or adjusted with a reason, never below what
// was already paid (decision 121). Plain posts, one form per student.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Badge, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { StaffListPage } from "~/components/staff/StaffListPage";
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
  return (
    <StaffListPage
      title={t("adminFees.assessedTitle", { name })}
      back={{ to: `/admin/fees/${id}`, label: t("adminFees.back") }}
      actions={
        <Button component={Link} to={`/admin/fees/${id}/assess`}>
          {t("adminFees.assessLink")}
        </Button>
      }
      form={{
        role: "search",
        label: t("adminFees.searchStudents"),
        fields: (
          <>
            <TextInput name="q" label={t("adminFees.searchStudents")} defaultValue={q} />
            <Button type="submit" variant="default">
              {t("adminFees.searchButton")}
            </Button>
          </>
        ),
      }}
      list={{
        rows: students,
        caption: t("adminFees.count", { total: String(total) }),
        page,
        pageCount: pages,
      }}
      empty={t("adminFees.assessedNone")}
      minWidth={900}
      pagerLabel={name}
      rowKey={(s) => s.id}
      columns={[
        { header: t("adminFees.col.student"), cell: (s) => s.name },
        { header: t("adminFees.col.studentId"), cell: (s) => s.participantId ?? "" },
        { header: t("adminFees.col.grade"), cell: (s) => s.grade ?? "" },
        { header: t("adminFees.col.amount"), cell: (s) => s.assessed },
        { header: t("adminFees.col.paid"), cell: (s) => s.paid },
        {
          header: t("adminFees.col.status"),
          cell: (s) => (
            <>
              <Badge variant="light" color={s.waived ? "gray" : s.owed ? "yellow" : "green"}>
                {s.waived ? t("adminFees.waived") : statusName(s.status)}
              </Badge>
              {s.adjustReason ? (
                <Text size="xs" c="dimmed">
                  {s.adjustReason}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          header: t("adminFees.col.actions"),
          cell: (s) => (
            <WaiveOrAdjust
              row={s}
              lastResult={actionData?.assessedId === s.id ? actionData.result : undefined}
            />
          ),
        },
      ]}
    />
  );
}
