// /admin/programs/:id/sections/new: a new section of a program with its course questions
// (decision 120).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Stack, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { sectionCreateAction, sectionCreatePage } from "~/.server/admin-catalogue";
import { useZodForm } from "~/components/zod-form";
import { FormError } from "~/components/fields";
import { SectionFormFields } from "~/components/admin/catalogue-fields";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.sections.createTitle") };

export function loader(args: LoaderFunctionArgs) {
  return sectionCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return sectionCreateAction(args);
}

export default function AdminSectionNew() {
  const { program, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm({
    id: "admin-section-new",
    lastResult: actionData?.result,
    defaultValue: {
      waitlistEnabled: "on",
      allowCommunity: "on",
      deliveryMethod: "In Person",
      cost: "0.00",
      creditHours: "0",
      capacity: "20",
    },
    load: () => import("@domain/forms/admin-catalogue"),
    schema: (m) => m.SectionForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to={`/admin/programs/${program.id}`} size="sm">
        {t("admin.sections.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("admin.sections.createTitle", { program: program.name })}
      </Title>
      <Form method="post" {...formProps}>
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
          />
          <Group>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("admin.sections.create")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
