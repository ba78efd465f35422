// /admin/programs/sections/:sectionId/cancel: asks to confirm, then cancels the section, its
// registrations and waiting list, and e-mails the families (decisions 120 and 133).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Anchor, Button, Group, Paper, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { sectionCancelAction, sectionCancelPage } from "~/.server/admin-catalogue";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.sections.cancelTitle") };

export function loader(args: LoaderFunctionArgs) {
  return sectionCancelPage(args);
}

export function action(args: ActionFunctionArgs) {
  return sectionCancelAction(args);
}

export default function AdminSectionCancel() {
  const { section } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  return (
    <Paper p="lg" withBorder>
      <Anchor component={Link} to={`/admin/programs/sections/${section.id}`} size="sm">
        {t("admin.sections.back")}
      </Anchor>
      <Title order={1} size="h2" my="md">
        {t("admin.sections.cancelTitle")}
      </Title>
      <Text mb="md">
        {section.courseName} {section.sectionNumber} — {section.programName}
      </Text>
      <Text mb="md">
        {t("admin.sections.cancelHint", { count: String(section.registrations) })}
      </Text>
      <Form method="post">
        <Group>
          <Button type="submit" color="red" loading={navigation.state === "submitting"}>
            {t("admin.sections.cancelConfirm")}
          </Button>
        </Group>
      </Form>
    </Paper>
  );
}
