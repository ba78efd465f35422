// /instructor/cart/in-person: the desktop client's payment page for an employee's cart (cash, check,
// card reader). Outside a desktop-client session it redirects to /instructor/cart.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/cashier";
import { inPersonAction, inPersonLoader } from "~/.server/cashier";
import { InPersonPage } from "~/components/cashier/InPersonPage";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("cashier.title") };

export const loader = ({ request, context }: LoaderFunctionArgs) =>
  inPersonLoader({ request, context }, "staff");

export const action = ({ request, context }: ActionFunctionArgs) =>
  inPersonAction({ request, context }, "staff");

export default function InstructorCartInPerson() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <InPersonPage data={data} lastResult={actionData?.result} />;
}
