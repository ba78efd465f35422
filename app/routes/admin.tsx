// /admin: the district administration's layout (decision 119). Administration pages are staff pages
// built with Mantine as its authors mean it, under the staff pages' provider and styles (StaffUi,
// decision 118); family pages never load either. Every page works without JavaScript: links and
// plain form posts.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { staffLinks } from "~/components/staff/StaffUi";
import { StaffArea } from "~/components/staff/StaffArea";
import { t } from "@domain/messages/admin";
import { adminLayout } from "~/.server/admin";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("admin.title") };

export const links: LinksFunction = staffLinks;

export function loader(args: LoaderFunctionArgs) {
  return adminLayout(args);
}

const SECTIONS = [
  { to: "/admin", label: t("admin.nav.overview"), exact: true },
  { to: "/admin/settings", label: t("admin.nav.settings") },
  { to: "/admin/spanish", label: t("admin.nav.spanish") },
  { to: "/admin/maintenance", label: t("admin.nav.maintenance") },
  { to: "/admin/schools", label: t("admin.nav.schools") },
  { to: "/admin/programs", label: t("admin.nav.programs") },
  { to: "/admin/fees", label: t("admin.nav.fees") },
  { to: "/admin/people", label: t("admin.nav.people") },
  { to: "/admin/imports", label: t("admin.nav.imports") },
  { to: "/admin/staff", label: t("admin.nav.staff") },
  { to: "/admin/audit", label: t("admin.nav.audit") },
];

export default function AdminLayout() {
  return (
    <StaffArea title={t("admin.title")} navLabel={t("admin.nav.label")} links={SECTIONS}>
      <Outlet />
    </StaffArea>
  );
}
