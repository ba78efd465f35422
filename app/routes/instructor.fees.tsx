// /instructor/fees 'My Fee Requests' (spec 02 §2): every staff user lands here from FEES and finds
// the link to buy fees; proposers also see their Pending Requests and Approved Fees tabs and Add
// Request. The new, edit and duplicate forms are child routes shown in the "Fee Request" dialog
// over the list (a URL state, so it works without JavaScript); the child draws the dialog, so that
// it knows when it shows the answer to its own post (PageDialog's autoFocus).
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData, useOutlet } from "@remix-run/react";
import { Alert, Anchor, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { t } from "@domain/messages/fee-requests";
import { PurchaseNotice } from "~/components/cart/PurchaseNotice";
import { requireStaff } from "~/.server/auth";
import { confirmStaffSession, loadProposals, PROPOSER_ROLE } from "~/.server/fee-requests";
import { paidCart } from "~/.server/payment-complete";
import { districtTimeZone } from "~/.server/time";
import { HistoryDialog, openerId, ProposalTable } from "~/components/fee-requests/ProposalTable";
import { FeeDataRefresh } from "~/islands/FeeDataRefresh";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("feeRequest.myTitle") };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab") === "approved" ? "approved" : "pending";
  const isProposer = staff.role.includes(PROPOSER_ROLE);
  // Fee request data loads only for proposers (spec 02 §6); for the others the page still asks
  // whether the session is live, so a signed-out cookie is not shown as signed in.
  const proposals = isProposer
    ? await loadProposals({ request, context })
    : await confirmStaffSession({ request, context }).then(() => []);
  const history = Number(url.searchParams.get("history") ?? NaN);
  // After paying their own cart the employee lands here with the cart named (decision 155): the
  // notice shows only for a paid cart of theirs.
  const purchased = url.searchParams.get("purchased");
  const purchase = purchased
    ? await paidCart({ request, context }, "staff", Number(purchased))
    : null;
  return json({
    me: staff.employeeID,
    isProposer,
    tab,
    proposals: proposals ?? [],
    fetchError: proposals === null,
    historyId: Number.isSafeInteger(history) ? history : null,
    timeZone: districtTimeZone(),
    purchase,
  });
}

export default function MyFeeRequests() {
  const outlet = useOutlet();
  const data = useLoaderData<typeof loader>();
  const { me, isProposer, tab, proposals, fetchError, historyId, timeZone, purchase } = data;
  const pending = proposals.filter((p) => p.requestStatus !== "Approved");
  const approved = proposals.filter((p) => p.requestStatus === "Approved");
  const history = historyId !== null ? proposals.find((p) => p.id === historyId) : undefined;
  const here = `/instructor/fees${tab === "approved" ? "?tab=approved" : ""}`;
  const sep = here.includes("?") ? "&" : "?";

  const actions = (p: (typeof proposals)[number]) => (
    <Group gap="xs" wrap="nowrap">
      {p.createdBy.id === me && p.requestStatus !== "Approved" ? (
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
      <Anchor
        component={Link}
        to={`/instructor/fees/new?from=${p.id}`}
        id={openerId.duplicate(p.id)}
        size="sm"
      >
        {t("feeRequest.duplicate")}
        <span className="visually-hidden"> {p.feeName}</span>
      </Anchor>
      <Anchor
        component={Link}
        to={`${here}${sep}history=${p.id}`}
        id={openerId.history(p.id)}
        preventScrollReset
        size="sm"
      >
        {t("feeRequest.history")}
        <span className="visually-hidden"> {p.feeName}</span>
      </Anchor>
    </Group>
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t("feeRequest.myTitle")}</Title>
        {isProposer ? (
          <Button component={Link} to="/instructor/fees/new" id={openerId.add}>
            {t("feeRequest.add")}
          </Button>
        ) : null}
      </Group>
      {purchase ? <PurchaseNotice paid={purchase} /> : null}
      <Group gap="xs">
        <Text size="sm">{t("feeRequest.buyFeesIntro")}</Text>
        <Anchor component={Link} to="/instructor/buy-fees">
          {t("feeRequest.buyFees")}
        </Anchor>
      </Group>
      {isProposer ? (
        <>
          <FeeDataRefresh />
          {fetchError ? (
            <Alert color="red" role="alert">
              {t("feeRequest.fetchError")}
            </Alert>
          ) : null}
          <Tabs value={tab} keepMounted={false}>
            <Tabs.List aria-label={t("feeRequest.tabsLabel")}>
              <Tabs.Tab
                value="pending"
                renderRoot={(props) => <Link {...props} to="/instructor/fees" />}
              >
                {t("feeRequest.tabPending")}
              </Tabs.Tab>
              <Tabs.Tab
                value="approved"
                renderRoot={(props) => <Link {...props} to="/instructor/fees?tab=approved" />}
              >
                {t("feeRequest.tabApproved")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="pending" pt="md">
              <ProposalTable
                proposals={pending}
                label={t("feeRequest.tabPending")}
                timeZone={timeZone}
                empty={t("feeRequest.none")}
                actions={actions}
              />
            </Tabs.Panel>
            <Tabs.Panel value="approved" pt="md">
              <ProposalTable
                proposals={approved}
                label={t("feeRequest.tabApproved")}
                timeZone={timeZone}
                empty={t("feeRequest.noneApproved")}
                actions={actions}
              />
            </Tabs.Panel>
          </Tabs>
          {history ? (
            <HistoryDialog proposal={history} timeZone={timeZone} closeHref={here} />
          ) : null}
        </>
      ) : null}
      {outlet}
    </Stack>
  );
}
