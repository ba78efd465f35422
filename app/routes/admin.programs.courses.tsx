// /admin/programs/courses: the courses sections are made of, 50 a page, searched, and a form for a
// new one (decision 120); each course's name opens its edit page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { courseCreateAction, courseListPage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";
import { StaffListPage } from "~/components/staff/StaffListPage";
import { CatalogueSearchFields } from "~/components/admin/catalogue-fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.courses.title") };

export function loader(args: LoaderFunctionArgs) {
  return courseListPage(args);
}

export function action(args: ActionFunctionArgs) {
  return courseCreateAction(args);
}

export default function AdminCourses() {
  const { q, qError, courses, page, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-course-new",
    lastResult: actionData?.result,
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.CourseForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <StaffListPage
      title={t("admin.courses.title")}
      back={{ to: "/admin/programs", label: t("admin.programs.back") }}
      form={{
        role: "search",
        fields: <CatalogueSearchFields q={q} error={qError} />,
      }}
      list={{ rows: courses, page, pageCount: pages }}
      empty={t("admin.courses.none")}
      minWidth={600}
      rowKey={(c) => c.id}
      columns={[
        { header: t("admin.courses.subject"), cell: (c) => c.subject },
        { header: t("admin.courses.number"), cell: (c) => c.courseNumber },
        {
          header: t("admin.courses.name"),
          cell: (c) => (
            <Anchor component={Link} to={`/admin/programs/courses/${c.id}`}>
              {c.name}
            </Anchor>
          ),
        },
        { header: t("admin.courses.category"), cell: (c) => c.category ?? "" },
      ]}
    >
      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="md">
          {t("admin.courses.new")}
        </Title>
        <Form method="post" {...formProps}>
          <Stack maw={560}>
            <FormError errors={form.errors} id={form.errorId} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AdminTextInput meta={fields.subject} label={t("admin.courses.subject")} required />
              <AdminTextInput
                meta={fields.courseNumber}
                label={t("admin.courses.number")}
                required
              />
            </SimpleGrid>
            <AdminTextInput meta={fields.name} label={t("admin.courses.name")} required />
            <AdminTextInput meta={fields.category} label={t("admin.courses.category")} />
            <AdminTextarea meta={fields.description} label={t("admin.courses.description")} />
            <Group>
              <Button type="submit" loading={navigation.state === "submitting"}>
                {t("admin.courses.create")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </StaffListPage>
  );
}
