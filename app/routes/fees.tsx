// /fees (spec 02 §2 "Fees page"): Assessed Fees, Optional Fees and Previous Purchases as URL
// tabs; guests see only Optional Fees. Everything is a link or a form post.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Anchor, Button, Group, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/fees-page";
import { FeesStyles } from "~/components/fees/FeesStyles";
import { familyFeesPage, feeShopAction } from "~/.server/fees";
import { PageDialog } from "~/components/PageDialog";
import {
  FeeCards,
  MoreDialog,
  OptionalFilters,
  QuestionsDialog,
  filterOptional,
  withParams,
} from "~/components/fees/FeesView";
import { feeRefusal } from "~/components/fees/refusal";
import type { PageHandle } from "~/components/page-title";
import { ChildScope, LinkedChildSection } from "~/components/household/LinkedChildren";

export const handle: PageHandle = { title: t("fees.title") };

export async function loader(args: LoaderFunctionArgs) {
  const { page, setCookie } = await familyFeesPage(args);
  return json(page, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

export function action(args: ActionFunctionArgs) {
  return feeShopAction(args, "family");
}

export default function FeesPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const params = new URLSearchParams();
  if (d.tab !== "assessed") params.set("tab", d.tab);
  if (d.category) params.set("category", d.category);
  if (d.search) params.set("q", d.search);
  const base = "/fees";
  const close = withParams(base, params, {});
  const tabs: { id: "assessed" | "optional" | "purchased"; label: string }[] = d.guest
    ? [{ id: "optional", label: t("fees.tab.optional") }]
    : [
        { id: "assessed", label: t("fees.tab.assessed") },
        { id: "optional", label: t("fees.tab.optional") },
        { id: "purchased", label: t("fees.tab.purchased") },
      ];
  const allCards = [...d.data.optional, ...d.data.assessed, ...d.data.purchased];
  const moreCard = d.more ? allCards.find((c) => String(c.fee.id) === d.more) : null;
  const questionCard = d.questions
    ? d.data.optional.find((c) => String(c.fee.id) === d.questions)
    : null;
  const error = feeRefusal(actionData?.result);
  // A refused add with questions is shown (and focused) in the questions dialog, not the card.
  const cardError = questionCard ? null : error;
  const optional = filterOptional(d.data.optional, d.search, d.category);
  return (
    <Stack>
      <FeesStyles />
      <Title order={1}>{t("fees.title")}</Title>
      {d.guest ? (
        <Text size="sm">
          {t("fees.guestLinkBefore")}{" "}
          <Anchor component={Link} to="/signin?redirectTo=%2Ffees">
            {t("fees.guestLink")}
          </Anchor>
          .{" "}
          <Anchor component={Link} to="/guest-receipts">
            {t("guestReceipts.link")}
          </Anchor>
        </Text>
      ) : null}
      <nav aria-label={t("fees.tabs")} className="fee-tabs">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.id === "assessed" ? "/fees?tab=assessed" : `/fees?tab=${tab.id}`}
            aria-current={d.tab === tab.id ? "page" : undefined}
            className={d.tab === tab.id ? "fee-tab fee-tab-active" : "fee-tab"}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {d.data.loadError ? (
        <Alert color="red" role="alert">
          {t("fees.error.fetch")}
        </Alert>
      ) : null}
      {error &&
      !questionCard &&
      !d.data.optional.concat(d.data.assessed).some((c) => c.fee.id === error.feeId) ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {d.tab === "assessed" ? (
        <Stack>
          <Form method="post" action="/fees?tab=assessed">
            <input type="hidden" name="intent" value="addAll" />
            <Button
              type="submit"
              disabled={d.data.allOutstandingInCart}
              loading={
                navigation.state === "submitting" && navigation.formData?.get("intent") === "addAll"
              }
            >
              {t("fees.addAll")}
            </Button>
          </Form>
          {d.data.assessed.length ? (
            <FeeCards cards={d.data.assessed} base={base} params={params} error={cardError} />
          ) : (
            <Text>{t("fees.noneAssessed")}</Text>
          )}
        </Stack>
      ) : null}
      {d.tab === "optional" ? (
        <Stack>
          <OptionalFilters
            base={base}
            categories={d.data.categories}
            category={d.category}
            search={d.search}
            tab="optional"
          />
          {optional.length ? (
            <FeeCards
              cards={optional}
              base={base}
              params={params}
              error={cardError}
              showOptionalChip
            />
          ) : (
            <Text>{t("fees.none")}</Text>
          )}
        </Stack>
      ) : null}
      {d.tab === "purchased" && d.household ? (
        <ChildScope
          label={t("fees.whosePurchases")}
          onlyLabel={t("fees.childOnly", { name: d.household.onScreen })}
          allLabel={t("fees.allChildren")}
          onlyHref="/fees?tab=purchased"
          allHref="/fees?tab=purchased&show=all"
          all={d.household.all}
        />
      ) : null}
      {d.tab === "purchased" && d.household?.all ? (
        <Title order={2} size="h3">
          {t("fees.purchasesOf", { name: d.household.onScreen })}
        </Title>
      ) : null}
      {d.tab === "purchased" ? (
        d.data.purchased.length ? (
          <FeeCards cards={d.data.purchased} base={base} params={params} />
        ) : (
          <Text>{t("fees.nonePurchased")}</Text>
        )
      ) : null}
      {d.othersPurchased.map((child) => (
        <LinkedChildSection
          key={child.key}
          childKey={child.key}
          heading={t("fees.purchasesOf", { name: child.name })}
          error={child.failed ? t("fees.childLoadError", { name: child.name }) : null}
          count={child.purchases.length}
          emptyText={t("fees.childNoPurchases", { name: child.name })}
          switchLabel={child.switchLabel}
          from="/fees"
        >
          {child.purchases.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong>
              <span>{p.date ? t("fees.paidOn", { amount: p.paid, date: p.date }) : p.paid}</span>
              {p.receiptHref ? <Link to={p.receiptHref}>{t("fees.viewReceipt")}</Link> : null}
            </li>
          ))}
        </LinkedChildSection>
      ))}
      {moreCard ? <MoreDialog card={moreCard} closeHref={close} /> : null}
      {questionCard ? (
        <QuestionsDialog
          card={questionCard}
          closeHref={close}
          action={withParams(base, params, { questions: String(questionCard.fee.id) })}
          error={error?.feeId === questionCard.fee.id ? error.message : null}
          answered={
            error?.feeId === questionCard.fee.id
              ? (actionData?.result.initialValue as Record<string, unknown> | null | undefined)
              : null
          }
          refusal={error?.feeId === questionCard.fee.id ? actionData?.result : null}
        />
      ) : null}
      {d.partialDialog ? (
        <PageDialog
          title={t("fees.partial.title")}
          closeHref="/fees?tab=assessed"
          closeLabel={t("fees.partial.close")}
        >
          {d.partialMessage ? (
            <Text size="sm" mb="md" lang={d.partialMessage.lang}>
              {d.partialMessage.text}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button component={Link} to="/fees?tab=assessed" variant="default">
              {t("fees.partial.close")}
            </Button>
            <Button component={Link} to="/fees?tab=purchased">
              {t("fees.partial.view")}
            </Button>
          </Group>
        </PageDialog>
      ) : null}
    </Stack>
  );
}
