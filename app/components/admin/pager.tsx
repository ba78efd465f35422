// Previous / next links of a list paged on the server (the search kept in the links).
import { Anchor, Group, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { t } from "@domain/messages/admin";

export function Pager({
  base,
  q,
  page,
  pages,
}: {
  base: string;
  q: string;
  page: number;
  pages: number;
}) {
  const href = (n: number) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (n > 1) query.set("page", String(n));
    return `${base}${query.size ? `?${query}` : ""}`;
  };
  return (
    <Group justify="space-between" mt="md">
      {page > 1 ? (
        <Anchor component={Link} to={href(page - 1)}>
          {t("admin.programs.previous")}
        </Anchor>
      ) : (
        <span />
      )}
      <Text size="sm">
        {t("admin.programs.page", { page: String(page), pages: String(pages) })}
      </Text>
      {page < pages ? (
        <Anchor component={Link} to={href(page + 1)}>
          {t("admin.programs.next")}
        </Anchor>
      ) : (
        <span />
      )}
    </Group>
  );
}
