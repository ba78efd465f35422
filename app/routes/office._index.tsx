// /office: the business office's overview: open mailed-check promises, those past the setting's
// days, and the money still due on them.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Anchor, Card, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import { officeOverview } from "~/.server/office";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.title") };

export function loader(args: LoaderFunctionArgs) {
  return officeOverview(args);
}

export default function OfficeOverview() {
  const { open, overdue, due, days } = useLoaderData<typeof loader>();
  const figures = [
    [t("office.overview.open"), String(open), "/office/checks?status=open"],
    [t("office.overview.overdue", { days }), String(overdue), "/office/checks?status=overdue"],
    [t("office.overview.due"), due, "/office/checks?status=open"],
  ] as const;
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("office.title")}
      </Title>
      <Text mb="md">{t("office.overview.intro")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        {figures.map(([label, value, to]) => (
          <Card key={label} withBorder>
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Anchor component={Link} to={to} fw={700} size="xl">
              {value}
            </Anchor>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to="/office/checks">
        {t("office.overview.toChecks")}
      </Anchor>
    </Paper>
  );
}
