// /instructor/fees/new: the Fee Request form for a new request, or a duplicate (?from=id).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireStaff } from "~/.server/auth";
import { feeRequestFormAction, loadFormPage, PROPOSER_ROLE } from "~/.server/fee-requests";
import {
  FeeRequestPage,
  type FeeRequestActionData,
} from "~/components/fee-requests/FeeRequestPage";
import { openerId } from "~/components/fee-requests/ProposalTable";
import { t } from "@domain/messages/fee-requests";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("feeRequest.formTitle") };

export async function loader({ request, context }: LoaderFunctionArgs) {
  return json(await loadFormPage({ request, context }, { kind: "new" }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, { anyRole: [PROPOSER_ROLE] });
  return feeRequestFormAction({ request, context }, await request.formData());
}

export default function NewFeeRequest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FeeRequestActionData | undefined;
  const from = Number(useSearchParams()[0].get("from") ?? NaN);
  const opener = Number.isSafeInteger(from) ? openerId.duplicate(from) : openerId.add;
  return <FeeRequestPage data={data} actionData={actionData} openerId={opener} />;
}
