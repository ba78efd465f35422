// Paging links for staff tables: plain links with the page as a query parameter (no JavaScript).
import { Link } from "@remix-run/react";
import { Group, Text } from "@mantine/core";
import { t } from "@domain/messages/staff";
import { pageLinks, withPage } from "@domain/rules/paging";

interface PagerProps {
  page: number;
  pageCount: number;
  /** The current query string, kept on every link (search, filters). */
  search: string;
  /** Names the table the pages belong to, for screen readers. */
  label: string;
}

export function Pager({ page, pageCount, search, label }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={`${label} – ${t("staff.paging.label")}`} className="staff-pager">
      <Group gap="xs" wrap="wrap">
        {page > 1 ? (
          <Link to={withPage(search, page - 1)} preventScrollReset rel="prev">
            {t("staff.paging.previous")}
          </Link>
        ) : null}
        {pageLinks(page, pageCount).map((p, i) =>
          p === null ? (
            <span key={`gap-${i}`} aria-hidden="true">
              …
            </span>
          ) : p === page ? (
            <span key={p} aria-current="page" className="staff-pager-current">
              <span className="visually-hidden">{t("staff.paging.page", { page: p })}</span>
              <span aria-hidden="true">{p}</span>
            </span>
          ) : (
            <Link
              key={p}
              to={withPage(search, p)}
              preventScrollReset
              aria-label={t("staff.paging.page", { page: p })}
            >
              {p}
            </Link>
          ),
        )}
        {page < pageCount ? (
          <Link to={withPage(search, page + 1)} preventScrollReset rel="next">
            {t("staff.paging.next")}
          </Link>
        ) : null}
        <Text size="sm" className="staff-muted" role="status">
          {t("staff.paging.summary", { page, count: pageCount })}
        </Text>
      </Group>
    </nav>
  );
}
