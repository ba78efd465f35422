// /admin/programs/courses/:id: one course's subject, number, name, category and description, as
// sections show them to families (decision 120). A change is audited by the district API.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { courseEditPage, courseUpdateAction } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.courses.edit") };

export function loader(args: LoaderFunctionArgs) {
  return courseEditPage(args);
}

export function action(args: ActionFunctionArgs) {
  return courseUpdateAction(args);
}

export default function AdminCourseEdit() {
  const { course } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-course-edit",
    lastResult: actionData?.result,
    defaultValue: {
      subject: course.subject,
      courseNumber: course.courseNumber,
      name: course.name,
      category: course.category ?? "",
      description: course.description,
    },
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.CourseForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to="/admin/programs/courses" size="sm">
        {t("admin.courses.title")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("admin.courses.edit")}
      </Title>
      <Form method="post" {...formProps}>
        <Stack maw={560}>
          <FormError errors={form.errors} id={form.errorId} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <AdminTextInput meta={fields.subject} label={t("admin.courses.subject")} required />
            <AdminTextInput meta={fields.courseNumber} label={t("admin.courses.number")} required />
          </SimpleGrid>
          <AdminTextInput meta={fields.name} label={t("admin.courses.name")} required />
          <AdminTextInput meta={fields.category} label={t("admin.courses.category")} />
          <AdminTextarea meta={fields.description} label={t("admin.courses.description")} />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("admin.courses.save")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
