// /admin/fees/:id/assess: charge a fee to a list of students, a grade and/or a school, or
// everyone registered in a section (decision 121). "Preview" posts the target and shows who
// would be charged and how much (count, total, the first 50 names) with a button to confirm that
// very target; nothing is charged before it. Works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { ASSESS_BY } from "@domain/forms/admin-fees";
import { t } from "@domain/messages/admin";
import { assessAction, assessPage } from "~/.server/admin-fees";
import { useZodForm } from "~/components/zod-form";
import { FormError, mantineFieldProps } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("adminFees.assessTitle") };

export function loader(args: LoaderFunctionArgs) {
  return assessPage(args);
}

export function action(args: ActionFunctionArgs) {
  return assessAction(args);
}

export default function AdminFeeAssess() {
  const { id, name, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-fee-assess",
    lastResult: actionData?.result,
    defaultValue: { by: "group" },
    load: () => import("@domain/forms/admin-fees"),
    schema: (m) => m.AssessForm,
    shouldValidate: "onSubmit",
  });
  const busy = navigation.state === "submitting";
  const preview = actionData?.preview ?? null;
  const chosen = String(fields.by.initialValue ?? "group");
  const previewed = (actionData?.result as { initialValue?: Record<string, unknown> } | undefined)
    ?.initialValue;
  const any = (label: string) => ({ value: "", label });
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to={`/admin/fees/${id}`} size="sm">
          {t("adminFees.back")}
        </Anchor>
        <Title order={1} size="h2" my="md">
          {t("adminFees.assessTitle", { name })}
        </Title>
        <Form method="post" {...formProps}>
          <Stack maw={640}>
            <FormError errors={form.errors} id={form.errorId} />
            <Radio.Group
              key={fields.by.key}
              name={fields.by.name}
              label={t("adminFees.assessBy")}
              defaultValue={chosen}
              error={fields.by.errors?.[0]}
            >
              <Stack gap="xs" mt="xs">
                {ASSESS_BY.map((by) => (
                  <Radio key={by} value={by} label={t(`adminFees.by.${by}`)} />
                ))}
              </Stack>
            </Radio.Group>
            <Fieldset legend={t("adminFees.by.students")}>
              <AdminTextarea
                meta={fields.studentIds}
                label={t("adminFees.studentIds")}
                description={t("adminFees.studentIdsHint")}
                rows={3}
              />
            </Fieldset>
            <Fieldset legend={t("adminFees.by.group")}>
              <Group grow>
                <NativeSelect
                  key={fields.grade.key}
                  {...mantineFieldProps(fields.grade, t("adminFees.grade"))}
                  defaultValue={String(fields.grade.initialValue ?? "")}
                  data={[
                    any(t("adminFees.anyGrade")),
                    ...options.grades.map((g) => ({ value: g, label: g })),
                  ]}
                />
                <NativeSelect
                  key={fields.schoolId.key}
                  {...mantineFieldProps(fields.schoolId, t("adminFees.school"))}
                  defaultValue={String(fields.schoolId.initialValue ?? "")}
                  data={[
                    any(t("adminFees.anySchool")),
                    ...options.schools.map((s) => ({ value: String(s.id), label: s.name })),
                  ]}
                />
              </Group>
            </Fieldset>
            <Fieldset legend={t("adminFees.by.section")}>
              <AdminTextInput meta={fields.sectionId} label={t("adminFees.sectionId")} />
            </Fieldset>
            <Group>
              <Button type="submit" name="intent" value="preview" loading={busy}>
                {t("adminFees.preview")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      {preview ? (
        <Paper component="section" p="lg" withBorder aria-labelledby="assess-preview">
          <Title order={2} size="h3" mb="sm" id="assess-preview">
            {t("adminFees.previewTitle")}
          </Title>
          {preview.count === 0 ? (
            <Alert color="yellow">{t("adminFees.previewNobody")}</Alert>
          ) : (
            <Text>
              {t("adminFees.previewSummary", {
                count: String(preview.count),
                total: preview.total,
              })}
            </Text>
          )}
          {preview.alreadyAssessed ? (
            <Text size="sm" c="dimmed">
              {t("adminFees.previewAlready", { count: String(preview.alreadyAssessed) })}
            </Text>
          ) : null}
          {preview.students.length ? (
            <>
              <Text mt="sm">
                {t("adminFees.previewFirst", { n: String(preview.students.length) })}
              </Text>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("adminFees.col.student")}</Table.Th>
                    <Table.Th>{t("adminFees.col.studentId")}</Table.Th>
                    <Table.Th>{t("adminFees.col.grade")}</Table.Th>
                    <Table.Th>{t("adminFees.col.price")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.students.map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.id}</Table.Td>
                      <Table.Td>{s.grade ?? ""}</Table.Td>
                      <Table.Td>{s.price}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          ) : null}
          {preview.count > 0 && previewed ? (
            // The very target previewed, posted again to charge it.
            <Form method="post">
              {["by", "studentIds", "grade", "schoolId", "sectionId"].map((k) =>
                previewed[k] === undefined ? null : (
                  <input key={k} type="hidden" name={k} value={String(previewed[k])} />
                ),
              )}
              <Button type="submit" name="intent" value="assess" mt="md" disabled={busy}>
                {t("adminFees.confirm", { count: String(preview.count), total: preview.total })}
              </Button>
            </Form>
          ) : null}
        </Paper>
      ) : null}
    </Stack>
  );
}
