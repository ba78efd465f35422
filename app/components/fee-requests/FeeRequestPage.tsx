// The "Fee Request" dialog over the /instructor/fees list: lookups failure, warnings, the form
// itself. The child route draws it, so PageDialog sees the route's action data (a failed post
// focuses the first error, not the dialog).
import { Alert } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import { t } from "@domain/messages/fee-requests";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import type { Employee } from "@domain/forms/fee-request";
import { FeeRequestForm, type FeeRequestLookups } from "./FeeRequestForm";

export interface FeeRequestPageData {
  me: Employee;
  timeZone: string;
  instructions: string | null;
  lookups: FeeRequestLookups | null;
  defaultValue: Record<string, unknown> | null;
  warning: string | null;
}

export interface FeeRequestActionData {
  result: SubmissionResult<string[]>;
  sponsorQuery: string;
  saveError: { warning: string | null } | null;
}

export function FeeRequestPage({
  data,
  actionData,
  openerId,
}: {
  data: FeeRequestPageData;
  actionData: FeeRequestActionData | undefined;
  /** The link on /instructor/fees that opened the form (see ProposalTable's openerId). */
  openerId: string;
}) {
  return (
    <PageDialog
      title={t("feeRequest.formTitle")}
      closeHref="/instructor/fees"
      closeLabel={t("feeRequest.close")}
      openerId={openerId}
      width="56rem"
    >
      {data.warning && !actionData?.saveError ? (
        <Alert color="yellow" role="alert" mb="md">
          {data.warning}
        </Alert>
      ) : null}
      {!data.lookups || !data.defaultValue ? (
        <Alert color="red" role="alert">
          {t("feeRequest.fetchError")}
        </Alert>
      ) : (
        <FeeRequestForm
          lookups={data.lookups}
          me={data.me}
          timeZone={data.timeZone}
          defaultValue={data.defaultValue}
          lastResult={actionData?.result}
          sponsorQuery={actionData?.sponsorQuery}
          saveError={actionData?.saveError}
          instructions={data.instructions}
          cancelHref={hrefTo("/instructor/fees", openerId)}
        />
      )}
    </PageDialog>
  );
}
