// /admin/staff/:id: one staff account: reset its password or deactivate it. Both end the person's
// open sessions at their next request (issue 18 point 5, decision 119).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { PASSWORD_LENGTH } from "@domain/contract/admin";
import { t } from "@domain/messages/admin";
import { staffDetailAction, staffDetailPage } from "~/.server/admin";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminPasswordInput } from "~/components/admin/fields";
import { roleName } from "~/components/admin/roles";

export function loader(args: LoaderFunctionArgs) {
  return staffDetailPage(args);
}

export function action(args: ActionFunctionArgs) {
  return staffDetailAction(args);
}

export default function AdminStaffAccount() {
  const { account, isMe } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-staff-reset",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/admin"),
    schema: (m) => m.PasswordResetForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/admin/staff" size="sm">
          {t("admin.staff.back")}
        </Anchor>
        <Group my="md" gap="sm">
          <Title order={1} size="h2">
            {account.nameFirst} {account.nameLast}
          </Title>
          <Badge color={account.active ? "green" : "gray"} variant="light">
            {account.active ? t("admin.staff.active") : t("admin.staff.inactive")}
          </Badge>
        </Group>
        <Text>
          {t("admin.staff.col.username")}: {account.username}
        </Text>
        <Text>
          {t("admin.staff.col.employeeId")}: {account.employeeId}
        </Text>
        <Text>
          {t("admin.staff.col.roles")}: {account.roles.map(roleName).join(", ")}
        </Text>
        {account.email ? <Text>{account.email}</Text> : null}
      </Paper>
      {account.active ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("admin.staff.resetTitle")}
          </Title>
          <Form method="post" {...formProps}>
            <Stack maw={480}>
              <FormError errors={form.errors} id={form.errorId} />
              <AdminPasswordInput
                meta={fields.password}
                label={t("admin.staff.newPassword")}
                description={t("admin.staff.passwordHint", { min: PASSWORD_LENGTH.min })}
                required
              />
              <Group>
                <Button type="submit" name="intent" value="reset" loading={busy}>
                  {t("admin.staff.resetSubmit")}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}
      {account.active && !isMe ? (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("admin.staff.deactivateTitle")}
          </Title>
          <Text mb="sm">{t("admin.staff.deactivateText")}</Text>
          <Form method="post">
            <Button type="submit" name="intent" value="deactivate" color="red" disabled={busy}>
              {t("admin.staff.deactivateSubmit")}
            </Button>
          </Form>
        </Paper>
      ) : null}
    </Stack>
  );
}
