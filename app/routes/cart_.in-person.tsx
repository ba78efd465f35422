// /cart/in-person: the desktop client's payment page for a family or guest cart (cash, check,
// card reader). Outside a desktop-client session it redirects to /cart.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/cashier";
import { inPersonAction, inPersonLoader } from "~/.server/cashier";
import { InPersonPage } from "~/components/cashier/InPersonPage";
import { StaffUi, staffLinks } from "~/components/staff/StaffUi";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cashier.title") };

export const links = staffLinks;

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  inPersonLoader({ request, context }, "student");

export const action = ({ request, context }: ActionFunctionArgs) =>
  inPersonAction({ request, context }, "student");

export default function CartInPerson() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffUi>
      <InPersonPage data={data} lastResult={actionData?.result} />
    </StaffUi>
  );
}
