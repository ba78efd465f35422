// /admin: the district administration's layout (issue 18). Administration pages are staff pages
// built with Mantine as its authors mean it, under the staff pages' provider and styles (StaffUi,
// decision 118); family pages never load either. Every page
// works without JavaScript: links and plain form posts.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";
import { Box, Group, NavLink, Stack, Text } from "@mantine/core";
import { StaffUi, staffLinks } from "~/components/staff/StaffUi";
import { t } from "@domain/messages/admin";
import { adminLayout } from "~/.server/admin";

export const links: LinksFunction = staffLinks;

export function loader(args: LoaderFunctionArgs) {
  return adminLayout(args);
}

const SECTIONS = [
  { to: "/admin", key: "admin.nav.overview", exact: true },
  { to: "/admin/settings", key: "admin.nav.settings" },
  { to: "/admin/maintenance", key: "admin.nav.maintenance" },
  { to: "/admin/programs", key: "admin.nav.programs" },
  { to: "/admin/fees", key: "admin.nav.fees" },
  { to: "/admin/people", key: "admin.nav.people" },
  { to: "/admin/imports", key: "admin.nav.imports" },
  { to: "/admin/staff", key: "admin.nav.staff" },
  { to: "/admin/audit", key: "admin.nav.audit" },
] as const;

export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <StaffUi>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={t("admin.nav.label")} w={220}>
          <Text fw={700} size="sm" c="dimmed" mb="xs" tt="uppercase">
            {t("admin.title")}
          </Text>
          <Stack gap={2}>
            {SECTIONS.map((s) => {
              const active =
                "exact" in s
                  ? pathname === s.to || pathname === `${s.to}/`
                  : pathname.startsWith(s.to);
              return (
                <NavLink
                  key={s.to}
                  component={Link}
                  to={s.to}
                  label={t(s.key)}
                  active={active}
                  aria-current={active ? "page" : undefined}
                />
              );
            })}
          </Stack>
        </Box>
        <Box style={{ flex: "1 1 36rem", minWidth: 0 }}>
          <Outlet />
        </Box>
      </Group>
    </StaffUi>
  );
}
