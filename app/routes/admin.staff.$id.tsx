// /admin/staff/:id: one staff account: its roles, its sign-in lock, reset its password, deactivate
// or reactivate it. A role change, a reset and a deactivation end the person's open sessions at
// their next request (decisions 119 and 122).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { PASSWORD_LENGTH, STAFF_ROLES } from "@domain/contract/admin";
import type * as PeopleForms from "@domain/forms/admin-people";
import { t } from "@domain/messages/admin";
import { staffAccountAction, staffAccountPage } from "~/.server/admin-people";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminPasswordInput } from "~/components/admin/fields";
import { roleName } from "~/components/admin/roles";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = {
  title: (data: { account?: { nameFirst: string; nameLast: string } } | undefined) =>
    data?.account ? `${data.account.nameFirst} ${data.account.nameLast}` : t("admin.staff.title"),
};

export function loader(args: LoaderFunctionArgs) {
  return staffAccountPage(args);
}

export function action(args: ActionFunctionArgs) {
  return staffAccountAction(args);
}

export default function AdminStaffAccount() {
  const { account, signIn, isMe } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const rolesResult = actionData && "form" in actionData ? actionData.result : undefined;
  const resetResult = actionData && !("form" in actionData) ? actionData.result : undefined;
  const [form, fields, formProps] = useZodForm({
    id: "admin-staff-reset",
    lastResult: resetResult,
    load: () => import("@domain/forms/admin"),
    schema: (m) => m.PasswordResetForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [rolesForm, rolesFields, rolesFormProps] = useZodForm<
    typeof PeopleForms,
    typeof PeopleForms.StaffRolesForm,
    { roles: string[] }
  >({
    id: "admin-staff-roles",
    lastResult: rolesResult,
    defaultValue: { roles: account.roles },
    load: () => import("@domain/forms/admin-people"),
    schema: (m) => m.StaffRolesForm,
    shouldValidate: "onSubmit",
  });
  // The account's roles, or what was ticked on a refused post.
  const roles = rolesFields.roles;
  const chosen = ([] as unknown[]).concat(roles.initialValue ?? []).map((v) => String(v));
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
      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("admin.staff.rolesTitle")}
        </Title>
        <Text mb="sm">{t("admin.staff.rolesText")}</Text>
        <Form method="post" {...rolesFormProps}>
          <Stack maw={480}>
            <FormError errors={rolesForm.errors} id={rolesForm.errorId} />
            <Checkbox.Group
              key={roles.key}
              label={t("admin.staff.roles")}
              error={roles.errors?.[0]}
              defaultValue={chosen}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {STAFF_ROLES.map((role) => (
                  <Checkbox key={role} name={roles.name} value={role} label={roleName(role)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group>
              <Button type="submit" name="intent" value="roles" disabled={busy}>
                {t("admin.staff.rolesSubmit")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="sm">
          {t("admin.staff.signInTitle")}
        </Title>
        <Text mb="sm">{signIn.text}</Text>
        {signIn.failures > 0 ? (
          <Form method="post">
            <Button type="submit" name="intent" value="unlock" disabled={busy}>
              {t("admin.staff.unlockSubmit")}
            </Button>
          </Form>
        ) : null}
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
      ) : (
        <Paper p="lg" withBorder>
          <Title order={2} size="h3" mb="sm">
            {t("admin.staff.reactivateTitle")}
          </Title>
          <Text mb="sm">{t("admin.staff.reactivateText")}</Text>
          <Form method="post">
            <Button type="submit" name="intent" value="reactivate" disabled={busy}>
              {t("admin.staff.reactivateSubmit")}
            </Button>
          </Form>
        </Paper>
      )}
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
