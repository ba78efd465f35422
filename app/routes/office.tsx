// /office: the business office's layout (decision 123), for business_office and district
// administrators. Staff pages built with Mantine under the staff pages' provider and styles
// (StaffUi, decision 118); every page works without JavaScript: links and plain form posts.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { staffLinks } from "~/components/staff/StaffUi";
import { StaffArea } from "~/components/staff/StaffArea";
import { t } from "@domain/messages/admin";
import { officeLayout } from "~/.server/office";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("office.title") };

export const links: LinksFunction = staffLinks;

export function loader(args: LoaderFunctionArgs) {
  return officeLayout(args);
}

const SECTIONS = [
  { to: "/office", label: t("office.nav.overview"), exact: true },
  { to: "/office/checks", label: t("office.nav.checks") },
  { to: "/office/mail", label: t("office.nav.mail") },
  { to: "/office/payments", label: t("office.nav.payments") },
  { to: "/office/report", label: t("office.nav.report") },
  { to: "/office/day-sheet", label: t("office.nav.daySheet") },
];

export default function OfficeLayout() {
  return (
    <StaffArea title={t("office.title")} navLabel={t("office.nav.label")} links={SECTIONS}>
      <Outlet />
    </StaffArea>
  );
}
