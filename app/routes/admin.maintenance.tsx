// /admin/maintenance: schedule the maintenance window in the district's zone, preview what
// families will see, or cancel it (decision 119, spec 01 §2 "Maintenance page"). The dates and
// times are the browser's own fields, as on the section form, with the catalogue's hints: a date
// in the district's format (tomorrow in its zone, month first) and the zone the times are in.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { maintenanceAction, maintenancePage } from "~/.server/admin";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextInput } from "~/components/admin/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.maintenance.title") };

export function loader(args: LoaderFunctionArgs) {
  return maintenancePage(args);
}

export function action(args: ActionFunctionArgs) {
  return maintenanceAction(args);
}

export default function AdminMaintenance() {
  const { zone, dateExample, window } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-maintenance",
    lastResult: actionData?.result,
    defaultValue: window.form
      ? {
          startDate: window.form.start.date,
          startTime: window.form.start.time,
          endDate: window.form.end.date,
          endTime: window.form.end.time,
        }
      : undefined,
    load: () => import("@domain/forms/admin"),
    schema: (m) => m.MaintenanceForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  const dateHint = t("admin.maintenance.dateHint", { example: dateExample });
  const timeHint = t("admin.maintenance.timeHint", { zone });
  const open = window.state === "scheduled" || window.state === "active";
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Title order={1} size="h2" mb="sm">
          {t("admin.maintenance.title")}
        </Title>
        <Text size="sm" mb="md">
          {t("admin.maintenance.intro", { zone })}
        </Text>
        <Title order={2} size="h4" mb="xs">
          {t("admin.maintenance.current")}
        </Title>
        {window.state === "active" ? (
          <Alert color="orange" mb="xs">
            {t("admin.maintenance.activeNow")}
          </Alert>
        ) : null}
        <Text mb="sm">
          {open
            ? t("admin.maintenance.scheduled", { start: window.start!, end: window.end! })
            : window.state === "past"
              ? t("admin.maintenance.past", { end: window.end! })
              : t("admin.maintenance.none")}
        </Text>
        {open ? (
          <Form method="post">
            <Button type="submit" name="intent" value="cancel" color="red" variant="light">
              {t("admin.maintenance.cancel")}
            </Button>
          </Form>
        ) : null}
      </Paper>
      <Paper p="lg" withBorder>
        <Form method="post" {...formProps}>
          <Stack>
            <FormError errors={form.errors} id={form.errorId} />
            <Group grow align="flex-start">
              <AdminTextInput
                meta={fields.startDate}
                label={t("admin.maintenance.startDate")}
                type="date"
                required
                description={dateHint}
              />
              <AdminTextInput
                meta={fields.startTime}
                label={t("admin.maintenance.startTime")}
                type="time"
                required
                description={timeHint}
              />
            </Group>
            <Group grow align="flex-start">
              <AdminTextInput
                meta={fields.endDate}
                label={t("admin.maintenance.endDate")}
                type="date"
                required
                description={dateHint}
              />
              <AdminTextInput
                meta={fields.endTime}
                label={t("admin.maintenance.endTime")}
                type="time"
                required
                description={timeHint}
              />
            </Group>
            <Group>
              <Button type="submit" name="intent" value="schedule" loading={busy}>
                {t("admin.maintenance.schedule")}
              </Button>
              <Button type="submit" name="intent" value="preview" variant="default" disabled={busy}>
                {t("admin.maintenance.preview")}
              </Button>
            </Group>
          </Stack>
        </Form>
        {actionData?.preview ? (
          <Paper
            withBorder
            p="md"
            mt="md"
            bg="gray.0"
            role="region"
            aria-label={t("admin.maintenance.previewTitle")}
          >
            <Title order={2} size="h4" mb="xs">
              {t("admin.maintenance.previewTitle")}
            </Title>
            <Text>{actionData.preview}</Text>
          </Paper>
        ) : null}
      </Paper>
    </Stack>
  );
}
