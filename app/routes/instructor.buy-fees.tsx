// /instructor/buy-fees: the employees' fee shop. Staff buy fees allowed to employees with their
// own cart (/instructor/cart), using the same fee cards as families (decision 043).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Anchor } from "~/ui/mantine/Anchor";
import { Group } from "~/ui/mantine/Group";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/fees";
import { requireStaff } from "~/.server/auth";
import { addFeeFromForm, donationProblem, loadFeesData } from "~/.server/fees";
import { flashNotice } from "~/.server/session";
import { FeesStyles } from "~/components/fees/FeesStyles";
import {
  FeeCards,
  MoreDialog,
  OptionalFilters,
  QuestionsDialog,
  filterOptional,
  withParams,
} from "~/components/fees/FeesView";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const data = await loadFeesData({ request, context }, "staff", { assessed: false });
  const category = url.searchParams.get("category") ?? "";
  return json({
    data,
    category: category.length < 30 ? category : "",
    search: url.searchParams.get("q") ?? "",
    more: url.searchParams.get("more"),
    questions: url.searchParams.get("questions"),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  const caller = { request, context };
  const donation = formData.get("donationAmount");
  if (typeof donation === "string") {
    const feeId = Number(formData.get("feeId"));
    const data = await loadFeesData(caller, "staff", { assessed: false });
    const fee = data.optional.find((c) => c.fee.id === feeId)?.fee;
    const problem = fee ? donationProblem(donation, fee.amount) : t("fees.error.notFound");
    if (problem) return json({ error: { feeId, message: problem } }, { status: 400 });
  }
  const result = await addFeeFromForm(caller, "staff", formData);
  if (!result.ok) {
    return json({ error: { feeId: result.feeId, message: result.message } }, { status: 400 });
  }
  url.searchParams.delete("questions");
  return redirect(`${url.pathname}${url.search}`, {
    headers: {
      "Set-Cookie": await flashNotice(request, { kind: "success", text: t("fees.addedNotice") }),
    },
  });
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
  const error = a && "error" in a ? a.error : null;
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
        />
      ) : null}
    </Stack>
  );
}
