// /admin/programs/:id: a program's fields (open, retire, order, …), its courses and sections (50
// a page, searched) and the form that copies it with every section to a new term (decision 120).
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
  Badge,
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
import { programDetailAction, programDetailPage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { AdminTextInput } from "~/components/admin/fields";
import { ProgramFormFields } from "~/components/admin/catalogue-fields";
import { Pager } from "~/components/staff/Pager";
import type { PageHandle } from "~/components/page-title";
import { courseCode } from "@domain/rules/course-code";

export const handle: PageHandle = { title: t("admin.programs.editTitle") };

export function loader(args: LoaderFunctionArgs) {
  return programDetailPage(args);
}

export function action(args: ActionFunctionArgs) {
  return programDetailAction(args);
}

export default function AdminProgram() {
  const { program, sections, q, qError, page, pages, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const on = (v: boolean) => (v ? "on" : undefined);
  const [form, fields, formProps] = useZodForm({
    id: `admin-program-${program.id}`,
    lastResult: actionData?.form === "program" ? actionData.result : undefined,
    defaultValue: {
      name: program.name,
      open: on(program.open),
      active: on(program.active),
      oneSectionPerTerm: on(program.oneSectionPerTerm),
      requiresSurvey: on(program.requiresSurvey),
      allowPartial: on(program.allowPartial),
      cancellationMessage: program.cancellationMessage ?? "",
      sortOrder: String(program.sortOrder),
    },
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.ProgramForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [copyForm, copyFields, copyProps] = useZodForm({
    id: `admin-program-copy-${program.id}`,
    lastResult: actionData?.form === "copy" ? actionData.result : undefined,
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.CopyForm,
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
          {t("admin.programs.editTitle", { name: program.name })}
        </Title>
        <Form method="post" {...formProps}>
          <Stack maw={560}>
            <FormError errors={form.errors} id={form.errorId} />
            <ProgramFormFields fields={fields} />
            <Group>
              <Button type="submit" loading={busy}>
                {t("admin.programs.save")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>

      <Paper p="lg" withBorder>
        <Group justify="space-between" mb="md">
          <Title order={2} size="h3">
            {t("admin.programs.sectionsTitle")}
          </Title>
          <Button component={Link} to={`/admin/programs/${program.id}/sections/new`}>
            {t("admin.programs.newSection")}
          </Button>
        </Group>
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
          <Text mt="md">{t("admin.programs.noSections")}</Text>
        ) : (
          <>
            <Table striped mt="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("admin.programs.course")}</Table.Th>
                  <Table.Th>{t("admin.programs.section")}</Table.Th>
                  <Table.Th>{t("admin.programs.term")}</Table.Th>
                  <Table.Th>{t("admin.programs.seats")}</Table.Th>
                  <Table.Th>{t("admin.programs.waiting")}</Table.Th>
                  <Table.Th>{t("admin.programs.sectionStatus")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sections.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      {courseCode(s.subject, s.courseNumber)} {s.courseName}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/programs/sections/${s.id}`}>
                        {`${s.courseName} ${s.sectionNumber}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{s.term}</Table.Td>
                    <Table.Td>
                      {s.seatsTaken} / {s.capacity}
                    </Table.Td>
                    <Table.Td>{s.waiting}</Table.Td>
                    <Table.Td>
                      <Badge color={s.active ? "green" : "gray"} variant="light">
                        {s.active
                          ? t("admin.programs.sectionActive")
                          : t("admin.programs.sectionCancelled")}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Pager
              page={page}
              pageCount={pages}
              search={search}
              label={t("admin.programs.sections")}
            />
          </>
        )}
      </Paper>

      <Paper p="lg" withBorder>
        <Title order={2} size="h3" mb="xs">
          {t("admin.programs.copyTitle")}
        </Title>
        <Text size="sm" mb="md">
          {t("admin.programs.copyHint")}
        </Text>
        <Form method="post" {...copyProps}>
          <input type="hidden" name="intent" value="copy" />
          <Stack maw={560}>
            <FormError errors={copyForm.errors} id={copyForm.errorId} />
            <AdminTextInput meta={copyFields.name} label={t("admin.programs.copyName")} required />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <AdminTextInput
                meta={copyFields.termId}
                label={t("admin.programs.copyTermId")}
                required
              />
              <AdminTextInput
                meta={copyFields.term}
                label={t("admin.programs.copyTerm")}
                required
              />
            </SimpleGrid>
            <AdminTextInput
              meta={copyFields.firstDay}
              label={t("admin.programs.copyFirstDay")}
              description="YYYY-MM-DD"
              required
            />
            <Group>
              <Button type="submit" variant="light" loading={busy}>
                {t("admin.programs.copy")}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </Stack>
  );
}
