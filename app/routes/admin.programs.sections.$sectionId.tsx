// /admin/programs/sections/:sectionId: a section's every field and its course questions. Raising
// the capacity offers the new seats to the waiting list in order; a section nobody registered in
// can be deleted, any other only cancelled (its own page asks to confirm) (decision 120).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { sectionEditAction, sectionEditPage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { SectionFormFields, sectionDefaults } from "~/components/admin/catalogue-fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.sections.editTitle") };

export function loader(args: LoaderFunctionArgs) {
  return sectionEditPage(args);
}

export function action(args: ActionFunctionArgs) {
  return sectionEditAction(args);
}

export default function AdminSectionEdit() {
  const { section, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: `admin-section-${section.id}`,
    lastResult: actionData?.result,
    defaultValue: sectionDefaults(section),
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.SectionForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Stack>
      <Paper p="lg" withBorder>
        <Anchor component={Link} to={`/admin/programs/${section.programId}`} size="sm">
          {t("admin.sections.back")}
        </Anchor>
        <Title order={1} size="h2" my="md">
          {t("admin.sections.editTitle", {
            section: section.sectionNumber,
            course: section.courseName,
          })}
        </Title>
        {section.active ? (
          <Form method="post" {...formProps}>
            <input type="hidden" name="intent" value="save" />
            <Stack maw={760}>
              <FormError errors={form.errors} id={form.errorId} />
              <SectionFormFields
                fields={fields}
                questionList={fields.questions}
                addQuestion={(n) =>
                  form.insert.getButtonProps({
                    name: fields.questions.name,
                    defaultValue: { question: "", responseType: "Free Form", sortOrder: n },
                  })
                }
                removeQuestion={(index) =>
                  form.remove.getButtonProps({ name: fields.questions.name, index })
                }
                options={options}
                seatsTaken={section.seatsTaken}
              />
              <Group>
                <Button type="submit" loading={navigation.state === "submitting"}>
                  {t("admin.sections.save")}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : (
          <Alert color="gray">{t("admin.sections.isCancelled")}</Alert>
        )}
      </Paper>
      {section.active ? (
        <Paper p="lg" withBorder>
          {section.registrations === 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" color="red" variant="light">
                {t("admin.sections.deleteButton")}
              </Button>
            </Form>
          ) : (
            <Group>
              <Text size="sm">
                {t("admin.sections.cancelHint", { count: String(section.registrations) })}
              </Text>
              <Button
                component={Link}
                to={`/admin/programs/sections/${section.id}/cancel`}
                color="red"
                variant="light"
              >
                {t("admin.sections.cancelButton")}
              </Button>
            </Group>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}
