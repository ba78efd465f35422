// The school and school-year forms of /admin/schools (decision 149), one each for adding and
// renaming: a plain form post that works without JavaScript, checked as it is typed with it.
import { Form, Link, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextInput } from "~/components/admin/fields";

function Page({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/schools" size="sm">
        {t("admin.schools.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Submit({ label }: { label: string }) {
  const navigation = useNavigation();
  return (
    <Group>
      <Button type="submit" loading={navigation.state === "submitting"}>
        {label}
      </Button>
    </Group>
  );
}

export function SchoolFormPage(props: {
  title: string;
  submit: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: { shortName: string; fullName: string };
}) {
  const [form, fields, formProps] = useZodForm({
    id: "admin-school",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    load: () => import("@domain/forms/admin-schools"),
    schema: (m) => m.SchoolForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Page title={props.title}>
      <Form method="post" {...formProps}>
        <Stack maw={480}>
          <FormError errors={form.errors} id={form.errorId} />
          <AdminTextInput
            meta={fields.shortName}
            label={t("admin.schools.shortName")}
            description={t("admin.schools.shortNameHint")}
            required
          />
          <AdminTextInput meta={fields.fullName} label={t("admin.schools.fullName")} required />
          <Submit label={props.submit} />
        </Stack>
      </Form>
    </Page>
  );
}

export function SchoolYearFormPage(props: {
  title: string;
  submit: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: { year: string };
}) {
  const [form, fields, formProps] = useZodForm({
    id: "admin-school-year",
    lastResult: props.lastResult,
    defaultValue: props.defaultValue,
    load: () => import("@domain/forms/admin-schools"),
    schema: (m) => m.SchoolYearForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Page title={props.title}>
      <Form method="post" {...formProps}>
        <Stack maw={480}>
          <FormError errors={form.errors} id={form.errorId} />
          <AdminTextInput
            meta={fields.year}
            label={t("admin.schools.year")}
            description={t("admin.schools.yearHint")}
            required
          />
          <Submit label={props.submit} />
        </Stack>
      </Form>
    </Page>
  );
}
