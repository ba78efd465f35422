// /instructor/buy-fees: the employees' fee shop. Staff buy fees allowed to employees with their
// own cart (/instructor/cart), using the same fee cards as families (decision 043).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Anchor, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/fees-page";
import { feeShopAction, staffFeesPage } from "~/.server/fees";
import { FeesStyles } from "~/components/fees/FeesStyles";
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

export const handle: PageHandle = { title: t("fees.buyTitle") };

export async function loader(args: LoaderFunctionArgs) {
  return json(await staffFeesPage(args));
}

export function action(args: ActionFunctionArgs) {
  return feeShopAction(args, "staff");
}

export default function BuyFees() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const base = "/instructor/buy-fees";
  const params = new URLSearchParams();
  if (d.category) params.set("category", d.category);
  if (d.search) params.set("q", d.search);
  const close = withParams(base, params, {});
  const cards = filterOptional(d.data.optional, d.search, d.category);
  const moreCard = d.more ? d.data.optional.find((c) => String(c.fee.id) === d.more) : null;
  const questionCard = d.questions
    ? d.data.optional.find((c) => String(c.fee.id) === d.questions)
    : null;
  const error = feeRefusal(a?.result);
  // A refused add with questions is shown (and focused) in the questions dialog, not the card.
  const cardError = questionCard ? null : error;
  return (
    <Stack>
      <FeesStyles />
      <Group justify="space-between">
        <Title order={1}>{t("fees.buyTitle")}</Title>
        <Anchor component={Link} to="/instructor/cart">
          {t("nav.cart")}
        </Anchor>
      </Group>
      <OptionalFilters
        base={base}
        categories={d.data.categories}
        category={d.category}
        search={d.search}
      />
      {cards.length ? (
        <FeeCards cards={cards} base={base} params={params} error={cardError} showOptionalChip />
      ) : (
        <Text>{t("fees.none")}</Text>
      )}
      {moreCard ? <MoreDialog card={moreCard} closeHref={close} /> : null}
      {questionCard ? (
        <QuestionsDialog
          card={questionCard}
          closeHref={close}
          action={withParams(base, params, { questions: String(questionCard.fee.id) })}
          error={error?.feeId === questionCard.fee.id ? error.message : null}
          answered={
            error?.feeId === questionCard.fee.id
              ? (a?.result.initialValue as Record<string, unknown> | null | undefined)
              : null
          }
          refusal={error?.feeId === questionCard.fee.id ? a?.result : null}
        />
      ) : null}
    </Stack>
  );
}
