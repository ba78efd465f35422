// /admin/programs/courses: the courses sections are made of, 50 a page, searched, and a form for a
// new one (decision 120); each course's name opens its edit page.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useLocation,
} from "@remix-run/react";
import {
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { t } from "@domain/messages/admin";
import { courseCreateAction, courseListPage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextarea, AdminTextInput } from "~/components/admin/fields";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.courses.title") };

export function loader(args: LoaderFunctionArgs) {
  return courseListPage(args);
}

export function action(args: ActionFunctionArgs) {
  return courseCreateAction(args);
}

export default function AdminCourses() {
  const { q, qError, courses, page, pages, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
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
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to="/admin/programs" size="sm">
          {t("admin.programs.back")}
        </Anchor>
        <Title order={1} size="h2" my="md">
          {t("admin.courses.title")}
        </Title>
        <Form method="get" role="search">
          <Group align="flex-end">
            <TextInput
              name="q"
              label={t("admin.programs.search")}
              defaultValue={q}
              error={qError}
            />
            <Button type="submit" variant="light">
              {t("admin.programs.searchButton")}
            </Button>
          </Group>
        </Form>
        {total === 0 ? (
          <Text mt="md">{t("admin.courses.none")}</Text>
        ) : (
          <>
            <Table striped mt="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("admin.courses.subject")}</Table.Th>
                  <Table.Th>{t("admin.courses.number")}</Table.Th>
                  <Table.Th>{t("admin.courses.name")}</Table.Th>
                  <Table.Th>{t("admin.courses.category")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {courses.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.subject}</Table.Td>
                    <Table.Td>{c.courseNumber}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/programs/courses/${c.id}`}>
                        {c.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{c.category ?? ""}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Pager page={page} pageCount={pages} search={search} label={t("admin.courses.title")} />
          </>
        )}
      </Paper>
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
    </Stack>
  );
}
