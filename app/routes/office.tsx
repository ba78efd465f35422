// /office: the business office's layout (issue 20, decision 123), for business_office and district
// administrators. Staff pages built with Mantine under the staff pages' provider and styles
// (StaffUi, decision 118); every page works without JavaScript: links and plain form posts.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";
import { Box, Group, NavLink, Stack, Text } from "@mantine/core";
import { StaffUi, staffLinks } from "~/components/staff/StaffUi";
import { t } from "@domain/messages/admin";
import { officeLayout } from "~/.server/office";

export const links: LinksFunction = staffLinks;

export function loader(args: LoaderFunctionArgs) {
  return officeLayout(args);
}

const SECTIONS = [
  { to: "/office", key: "office.nav.overview", exact: true },
  { to: "/office/checks", key: "office.nav.checks" },
] as const;

export default function OfficeLayout() {
  const { pathname } = useLocation();
  return (
    <StaffUi>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={t("office.nav.label")} w={220}>
          <Text fw={700} size="sm" c="dimmed" mb="xs" tt="uppercase">
            {t("office.title")}
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
