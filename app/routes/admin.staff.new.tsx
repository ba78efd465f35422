// /admin/staff/new: a new staff account with roles from the fixed list (decisions 119 and 122).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Checkbox, Group, Paper, Stack, Title } from "@mantine/core";
import { PASSWORD_LENGTH, STAFF_ROLES } from "@domain/contract/admin";
import { t } from "@domain/messages/admin";
import { staffCreateAction, staffCreatePage } from "~/.server/admin";
import { useZodForm } from "~/components/zod-form";
import { catalogueLabels, ErrorSummary } from "~/components/fields";
import { AdminPasswordInput, AdminTextInput } from "~/components/admin/fields";
import { roleName } from "~/components/admin/roles";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.staff.createTitle") };

export function loader(args: LoaderFunctionArgs) {
  return staffCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return staffCreateAction(args);
}

export default function AdminStaffNew() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-staff-new",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/admin"),
    schema: (m) => m.StaffCreateForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const chosen = new Set(
    ([] as unknown[]).concat(fields.roles.initialValue ?? []).map((v) => String(v)),
  );
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/staff" size="sm">
        {t("admin.staff.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("admin.staff.createTitle")}
      </Title>
      <Form method="post" {...formProps}>
        <Stack maw={480}>
          <ErrorSummary
            form={form}
            result={actionData?.result}
            labelOf={catalogueLabels(t, "admin.staff")}
          />
          <AdminTextInput
            meta={fields.username}
            label={t("admin.staff.username")}
            required
            autoComplete="off"
          />
          <AdminTextInput meta={fields.employeeId} label={t("admin.staff.employeeId")} required />
          <AdminTextInput meta={fields.nameFirst} label={t("admin.staff.nameFirst")} required />
          <AdminTextInput meta={fields.nameLast} label={t("admin.staff.nameLast")} required />
          <AdminTextInput meta={fields.email} label={t("admin.staff.email")} type="email" />
          <Checkbox.Group
            label={t("admin.staff.roles")}
            error={fields.roles.errors?.[0]}
            id={fields.roles.id}
            defaultValue={[...chosen]}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {STAFF_ROLES.map((role) => (
                <Checkbox
                  key={`${fields.roles.key}-${role}`}
                  name={fields.roles.name}
                  value={role}
                  label={roleName(role)}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          <AdminPasswordInput
            meta={fields.password}
            label={t("admin.staff.password")}
            description={t("admin.staff.passwordHint", { min: PASSWORD_LENGTH.min })}
            required
          />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("admin.staff.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
