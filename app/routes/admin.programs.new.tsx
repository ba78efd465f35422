// /admin/programs/new: a new program (decision 120).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { programCreateAction, programCreatePage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { ProgramFormFields } from "~/components/admin/catalogue-fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.programs.createTitle") };

export function loader(args: LoaderFunctionArgs) {
  return programCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return programCreateAction(args);
}

export default function AdminProgramNew() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-program-new",
    lastResult: actionData?.result,
    // Closed until the administrator opens it: families see a program only once it is ready.
    defaultValue: { active: "on", sortOrder: "0" },
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.ProgramForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/programs" size="sm">
        {t("admin.programs.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("admin.programs.createTitle")}
      </Title>
      <Form method="post" {...formProps}>
        <Stack maw={560}>
          <FormError errors={form.errors} id={form.errorId} />
          <ProgramFormFields fields={fields} />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("admin.programs.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
