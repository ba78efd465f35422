// /admin: what the administration offers, one link per area.
import { Link } from "@remix-run/react";
import { Anchor, List, Paper, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/admin";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.title") };

export default function AdminOverview() {
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("admin.title")}
      </Title>
      <Text mb="md">{t("admin.overview.intro")}</Text>
      <List>
        {(
          [
            ["/admin/settings", "admin.nav.settings"],
            ["/admin/maintenance", "admin.nav.maintenance"],
            ["/admin/schools", "admin.nav.schools"],
            ["/admin/programs", "admin.nav.programs"],
            ["/admin/fees", "admin.nav.fees"],
            ["/admin/people", "admin.nav.people"],
            ["/admin/imports", "admin.nav.imports"],
            ["/admin/staff", "admin.nav.staff"],
            ["/admin/audit", "admin.nav.audit"],
          ] as const
        ).map(([to, key]) => (
          <List.Item key={to}>
            <Anchor component={Link} to={to}>
              {t(key)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
