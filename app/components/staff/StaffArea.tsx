// A staff area's layout (the administration, the business office): its side navigation, with the
// page being read marked, beside the page itself, under the staff pages' provider (StaffUi).
import type { ReactNode } from "react";
import { Link, useLocation } from "@remix-run/react";
import { Box, Group, NavLink, Stack, Text } from "@mantine/core";
import { StaffUi } from "./StaffUi";

export interface StaffAreaLink {
  to: string;
  label: string;
  /** Marked only on this very path, not on the pages below it (an area's overview). */
  exact?: boolean;
}

export function StaffArea({
  title,
  navLabel,
  links,
  children,
}: {
  title: string;
  navLabel: string;
  links: readonly StaffAreaLink[];
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const isActive = (l: StaffAreaLink) =>
    l.exact ? pathname === l.to || pathname === `${l.to}/` : pathname.startsWith(l.to);
  return (
    <StaffUi>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Box component="nav" aria-label={navLabel} w={220}>
          <Text fw={700} size="sm" c="dimmed" mb="xs" tt="uppercase">
            {title}
          </Text>
          <Stack gap={2}>
            {links.map((l) => {
              const active = isActive(l);
              return (
                <NavLink
                  key={l.to}
                  component={Link}
                  to={l.to}
                  label={l.label}
                  active={active}
                  aria-current={active ? "page" : undefined}
                />
              );
            })}
          </Stack>
        </Box>
        <Box style={{ flex: "1 1 36rem", minWidth: 0 }}>{children}</Box>
      </Group>
    </StaffUi>
  );
}
