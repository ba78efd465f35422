// /instructor/fee-proposals: the fee request list (spec 02 §2). A fee administrator lands here and
// reviews pending requests (approve, or deny with notes) in a dialog that is a URL state; a
// proposer sees the requests they made or sponsor. Everyone else goes to /instructor/fees.
import { useEffect, useRef } from "react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { REQUEST_STATUSES, type FeeProposal } from "@domain/contract/fee-requests";
import { t } from "@domain/messages/fee-requests";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatDistrictDate } from "@domain/rules/time";
import { requireStaff } from "~/.server/auth";
import { districtTimeZone } from "~/.server/time";
import { ADMIN_ROLE, feeReviewAction, loadProposals, PROPOSER_ROLE } from "~/.server/fee-requests";
import { PageDialog } from "~/components/PageDialog";
import { useZodForm } from "~/components/zod-form";
import {
  HistoryDialog,
  openerId,
  ProposalTable,
  StatusBadge,
} from "~/components/fee-requests/ProposalTable";
import { FeeDataRefresh } from "~/islands/FeeDataRefresh";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("feeRequest.listTitle") };

type StatusFilter = (typeof REQUEST_STATUSES)[number] | "all";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { anyRole: [ADMIN_ROLE, PROPOSER_ROLE] });
  const isAdmin = staff.role.includes(ADMIN_ROLE);
  const url = new URL(request.url);
  const raw = url.searchParams.get("status");
  const status: StatusFilter =
    raw === "all" || REQUEST_STATUSES.includes(raw as never)
      ? (raw as StatusFilter)
      : isAdmin
        ? "Pending"
        : "all";
  const proposals = await loadProposals({ request, context });
  const num = (name: string) => {
    const n = Number(url.searchParams.get(name) ?? NaN);
    return Number.isSafeInteger(n) ? n : null;
  };
  return json({
    me: staff.employeeID,
    isAdmin,
    isProposer: staff.role.includes(PROPOSER_ROLE),
    status,
    proposals: proposals ?? [],
    fetchError: proposals === null,
    reviewId: isAdmin ? num("review") : null,
    historyId: num("history"),
    timeZone: districtTimeZone(),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, { anyRole: [ADMIN_ROLE] });
  return feeReviewAction({ request, context });
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function ReviewDialog({
  p,
  timeZone,
  closeHref,
}: {
  p: FeeProposal;
  timeZone: string;
  closeHref: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // The reply is this request's when it was posted from this dialog (the post's id).
  const posted = (actionData?.result.initialValue as { id?: unknown } | null | undefined)?.id;
  const [form, fields, formProps] = useZodForm({
    id: `review-${p.id}`,
    lastResult: Number(posted) === p.id ? actionData?.result : undefined,
    load: () => import("@domain/forms/fee-review"),
    schema: (m) => m.FeeReviewForm,
    shouldValidate: "onSubmit",
  });
  // "Notes are required" belongs to the Notes field: shown and announced with it, and the field
  // takes the focus (autofocus without JavaScript, the effect with it). Other errors are an alert.
  const notesError = fields.notes.errors?.[0] ?? null;
  const error = form.errors?.[0] ?? null;
  const notesRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (notesError) notesRef.current?.focus();
  }, [actionData, notesError]);
  const yesNo = (v: boolean) => t(v ? "feeRequest.yes" : "feeRequest.no");
  return (
    <PageDialog
      title={`${t("feeRequest.review")}: ${p.feeName}`}
      closeHref={closeHref}
      closeLabel={t("feeRequest.close")}
      openerId={openerId.review(p.id)}
      autoFocus={!notesError}
    >
      <Stack>
        <dl className="fee-request-details">
          <Detail label={t("feeRequest.col.status")}>
            <StatusBadge status={p.requestStatus} />
          </Detail>
          <Detail label={t("feeRequest.col.proposer")}>{p.createdBy.name}</Detail>
          <Detail label={t("feeRequest.school")}>{p.school.shortName}</Detail>
          <Detail label={t("feeRequest.year")}>{p.schoolYear.year}</Detail>
          <Detail label={t("feeRequest.type")}>{p.feeType}</Detail>
          {p.feeCategory ? (
            <Detail label={t("feeRequest.category")}>{p.feeCategory.name}</Detail>
          ) : null}
          <Detail label={t("feeRequest.approvalRoute")}>{p.approvalRoute.route}</Detail>
          <Detail label={t("feeRequest.cost")}>
            {formatUsd(toCents(p.cost))}
            {p.costVariable ? ` (${t("feeRequest.costVariable")})` : ""}
          </Detail>
          <Detail label={t("feeRequest.accountNumber")}>
            {p.accountAssignedByBusinessOffice ? t("feeRequest.accountByBO") : p.accountCode}
          </Detail>
          <Detail label={t("feeRequest.col.collection")}>
            {formatDistrictDate(p.saleStartDate, timeZone)} –{" "}
            {formatDistrictDate(p.saleEndDate, timeZone)}
          </Detail>
          <Detail label={t("feeRequest.allowStudent")}>{yesNo(p.allowStudent)}</Detail>
          <Detail label={t("feeRequest.allowEmployee")}>{yesNo(p.allowEmployee)}</Detail>
          <Detail label={t("feeRequest.allowCommunityMember")}>
            {yesNo(p.allowCommunityMember)}
          </Detail>
          <Detail label={t("feeRequest.allowGuest")}>{yesNo(p.allowGuest)}</Detail>
          <Detail label={t("feeRequest.sponsors")}>
            {p.facultySponsors.map((s) => s.name).join(", ")}
          </Detail>
          {p.feeDescription ? (
            <Detail label={t("feeRequest.description")}>{p.feeDescription}</Detail>
          ) : null}
          {p.otherInformation ? (
            <Detail label={t("feeRequest.otherInformation")}>{p.otherInformation}</Detail>
          ) : null}
        </dl>
        {p.courseQuestions.length ? (
          <div>
            <Text fw={600}>{t("feeRequest.questions")}</Text>
            <ol>
              {p.courseQuestions.map((q) => (
                <li key={q.sortOrder}>
                  {q.question} — {q.responseType}
                  {q.answerList.length ? ` (${q.answerList.join(", ")})` : ""}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" id={form.errorId}>
            {error}
          </Alert>
        ) : null}
        {p.requestStatus === "Pending" ? (
          <Form method="post" {...formProps}>
            <input type="hidden" name="id" value={p.id} />
            <Stack>
              <Textarea
                ref={notesRef}
                key={fields.notes.key}
                id={fields.notes.id}
                name={fields.notes.name}
                defaultValue={fields.notes.initialValue as string | undefined}
                label={t("feeRequest.notes")}
                error={notesError}
                autoFocus={notesError ? true : undefined}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button type="submit" name="intent" value="deny" color="red" disabled={busy}>
                  {t("feeRequest.deny")}
                </Button>
                <Button type="submit" name="intent" value="approve" color="green" disabled={busy}>
                  {t("feeRequest.approve")}
                </Button>
              </Group>
            </Stack>
          </Form>
        ) : null}
      </Stack>
    </PageDialog>
  );
}

export default function FeeProposals() {
  const { me, isAdmin, isProposer, status, proposals, fetchError, reviewId, historyId, timeZone } =
    useLoaderData<typeof loader>();
  const shown = status === "all" ? proposals : proposals.filter((p) => p.requestStatus === status);
  const here = `/instructor/fee-proposals?status=${status}`;
  const review = reviewId !== null ? proposals.find((p) => p.id === reviewId) : undefined;
  const history = historyId !== null ? proposals.find((p) => p.id === historyId) : undefined;
  return (
    <Stack>
      <FeeDataRefresh />
      <Group justify="space-between">
        <Title order={1}>{t("feeRequest.listTitle")}</Title>
        {isProposer ? (
          <Button component={Link} to="/instructor/fees/new" id={openerId.add}>
            {t("feeRequest.add")}
          </Button>
        ) : null}
      </Group>
      {fetchError ? (
        <Alert color="red" role="alert">
          {t("feeRequest.fetchError")}
        </Alert>
      ) : null}
      <Form method="get">
        <Group align="flex-end">
          <NativeSelect
            name="status"
            label={t("feeRequest.filterLabel")}
            defaultValue={status}
            data={[
              ...REQUEST_STATUSES.map((s) => ({ value: s, label: t(`feeRequest.status.${s}`) })),
              { value: "all", label: t("feeRequest.filterAll") },
            ]}
          />
          <Button type="submit" variant="default">
            {t("feeRequest.search")}
          </Button>
        </Group>
      </Form>
      <ProposalTable
        proposals={shown}
        label={t("feeRequest.listTitle")}
        timeZone={timeZone}
        empty={t("feeRequest.none")}
        showProposer
        actions={(p) => (
          <Group gap="xs" wrap="nowrap">
            {isAdmin ? (
              <Anchor
                component={Link}
                to={`${here}&review=${p.id}`}
                id={openerId.review(p.id)}
                preventScrollReset
                size="sm"
              >
                {t("feeRequest.review")}
                <span className="visually-hidden"> {p.feeName}</span>
              </Anchor>
            ) : null}
            {isProposer && p.createdBy.id === me && p.requestStatus !== "Approved" ? (
              <Anchor
                component={Link}
                to={`/instructor/fees/${p.id}/edit`}
                id={openerId.edit(p.id)}
                size="sm"
              >
                {t("feeRequest.edit")}
                <span className="visually-hidden"> {p.feeName}</span>
              </Anchor>
            ) : null}
            {isProposer ? (
              <Anchor
                component={Link}
                to={`/instructor/fees/new?from=${p.id}`}
                id={openerId.duplicate(p.id)}
                size="sm"
              >
                {t("feeRequest.duplicate")}
                <span className="visually-hidden"> {p.feeName}</span>
              </Anchor>
            ) : null}
            <Anchor
              component={Link}
              to={`${here}&history=${p.id}`}
              id={openerId.history(p.id)}
              preventScrollReset
              size="sm"
            >
              {t("feeRequest.history")}
              <span className="visually-hidden"> {p.feeName}</span>
            </Anchor>
          </Group>
        )}
      />
      {review ? <ReviewDialog p={review} timeZone={timeZone} closeHref={here} /> : null}
      {history ? <HistoryDialog proposal={history} timeZone={timeZone} closeHref={here} /> : null}
    </Stack>
  );
}
