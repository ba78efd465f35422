// The content of the "Fee Request" dialog: lookups failure, warnings, the form itself. The dialog
// around it is drawn by /instructor/fees, over the list.
import { Alert } from "~/ui/mantine/Alert";
import type { SubmissionResult } from "@conform-to/react";
import { t } from "@domain/messages/fee-requests";
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
}: {
  data: FeeRequestPageData;
  actionData: FeeRequestActionData | undefined;
}) {
  return (
    <>
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
          cancelHref="/instructor/fees"
        />
      )}
    </>
  );
}
