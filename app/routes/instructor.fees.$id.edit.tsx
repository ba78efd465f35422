// /instructor/fees/{id}/edit: edit a pending request, or edit and resubmit a denied one.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
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

function requestId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw redirect("/instructor/fees");
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadFormPage({ request, context }, { kind: "edit", id: requestId(params.id) }));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireStaff(request, { anyRole: [PROPOSER_ROLE] });
  const id = requestId(params.id);
  const formData = await request.formData();
  // The request edited is the one in the URL, whatever the form says.
  formData.set("feeRequestId", String(id));
  return feeRequestFormAction({ request, context }, formData);
}

export default function EditFeeRequest() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FeeRequestActionData | undefined;
  const id = Number(useParams().id);
  return <FeeRequestPage data={data} actionData={actionData} openerId={openerId.edit(id)} />;
}
