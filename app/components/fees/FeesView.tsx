// The fee lists shared by /fees and /instructor/buy-fees: optional fees with search and category
// filter, assessed fees with "Add All Fees to Cart", previous purchases; the "View More..." and
// questions dialogs as URL states.
import { Form, Link, useNavigation } from "@remix-run/react";
import { Alert, Button, Group, RadioGroup, Select, Stack, Text, Textarea } from "~/ui";
import { PlainTextInput } from "~/components/fields";
import { t } from "@domain/messages/fees-page";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { FeeCard, feeOpener } from "./FeeCard";
import type { CardView } from "~/.server/fees";

export function withParams(
  base: string,
  params: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  const q = next.toString();
  return q ? `${base}?${q}` : base;
}

export function FeeCards({
  cards,
  base,
  params,
  error,
  showOptionalChip,
}: {
  cards: CardView[];
  base: string;
  params: URLSearchParams;
  error?: { feeId: number | null; message: string } | null;
  showOptionalChip?: boolean;
}) {
  const here = withParams(base, params, {});
  return (
    <div className="card-grid">
      {cards.map((c) => (
        <FeeCard
          key={c.key}
          cardKey={c.key}
          fee={c.fee}
          state={c.state}
          assessedFeeId={c.assessedFeeId}
          amountCents={c.amountCents}
          bought={c.bought}
          requiresFull={c.requiresFull}
          moreHref={withParams(base, params, { more: String(c.fee.id) })}
          questionsHref={withParams(base, params, { questions: String(c.fee.id) })}
          action={here}
          error={error && error.feeId === c.fee.id ? error.message : null}
          showOptionalChip={showOptionalChip}
          paidInfo={c.paidInfo}
          receiptHref={c.receiptHref}
        />
      ))}
    </div>
  );
}

export function OptionalFilters({
  base,
  categories,
  category,
  search,
  tab,
}: {
  base: string;
  categories: string[];
  category: string;
  search: string;
  tab?: string;
}) {
  return (
    <Form method="get" action={base} role="search">
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      <Group align="flex-end">
        <PlainTextInput
          id="fees-search"
          name="q"
          label={t("fees.search")}
          defaultValue={search}
          type="search"
        />
        <Select
          name="category"
          label={t("fees.category")}
          defaultValue={category}
          data={[
            { value: "", label: t("fees.category.all") },
            ...categories.map((c) => ({ value: c, label: c })),
          ]}
        />
        <Button type="submit" variant="default">
          {t("fees.filter")}
        </Button>
      </Group>
    </Form>
  );
}

export function filterOptional(cards: CardView[], search: string, category: string): CardView[] {
  const q = search.trim().toLowerCase();
  return cards
    .filter((c) => !category || c.fee.feeCategory?.name === category)
    .filter(
      (c) =>
        !q || c.fee.name.toLowerCase().includes(q) || c.fee.description.toLowerCase().includes(q),
    )
    .sort((a, b) => a.fee.name.localeCompare(b.fee.name));
}

export function MoreDialog({ card, closeHref }: { card: CardView; closeHref: string }) {
  const opener = feeOpener.more(card.key);
  return (
    <PageDialog
      title={card.fee.name}
      closeHref={closeHref}
      closeLabel={t("fees.close")}
      openerId={opener}
    >
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {card.fee.description
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button
          component={Link}
          to={hrefTo(closeHref, opener)}
          variant="default"
          preventScrollReset
        >
          {t("fees.close")}
        </Button>
      </Group>
    </PageDialog>
  );
}

export function QuestionsDialog({
  card,
  closeHref,
  action,
  error,
  answered,
}: {
  card: CardView;
  closeHref: string;
  action: string;
  error?: string | null;
  /**
   * What the refused post sent (its reply's values): without JavaScript the dialog is drawn
   * afresh, and the answers are given back rather than cleared (issue 29 point 11).
   */
  answered?: Record<string, unknown> | null;
}) {
  const navigation = useNavigation();
  const qs = card.fee.courseQuestions.slice().sort((a, b) => a.sortOrder - b.sortOrder);
  const given = (name: string) => {
    const v = answered?.[name];
    return typeof v === "string" ? v : undefined;
  };
  return (
    <PageDialog
      title={`${t("fees.questions.title")}: ${card.fee.name}`}
      closeHref={closeHref}
      closeLabel={t("fees.questions.cancel")}
      openerId={feeOpener.questions(card.key)}
    >
      <Form method="post" action={action}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="feeId" value={card.fee.id} />
        <input type="hidden" name="assessedFeeId" value="" />
        <Stack>
          {error ? (
            // The answer to this form's post: without JavaScript the message takes the focus.
            <Alert color="red" role="alert" tabIndex={-1} autoFocus>
              {error}
            </Alert>
          ) : null}
          {qs.map((q) =>
            q.responseType === "Value List" ? (
              <RadioGroup
                key={q.id}
                name={`q_${q.id}`}
                label={q.question}
                options={q.answerList.map((a) => ({ value: a, label: a }))}
                defaultValue={given(`q_${q.id}`)}
                required
              />
            ) : q.responseType === "Waiver" ? (
              <Stack key={q.id} gap={4}>
                <Text size="sm">{q.question}</Text>
                <label>
                  <input
                    type="checkbox"
                    name={`q_${q.id}`}
                    value={t("fees.questions.accept")}
                    defaultChecked={given(`q_${q.id}`) !== undefined}
                  />{" "}
                  {t("fees.questions.accept")}
                </label>
              </Stack>
            ) : (
              <Textarea
                key={q.id}
                name={`q_${q.id}`}
                label={q.question}
                defaultValue={given(`q_${q.id}`)}
                required
                maxLength={5000}
              />
            ),
          )}
          {card.fee.quantity > 1 && !card.fee.isDonation ? (
            <Select
              name="quantity"
              label={t("fees.quantity")}
              defaultValue={given("quantity")}
              data={Array.from(
                { length: Math.min(20, Math.max(1, card.fee.quantity - card.bought)) },
                (_, i) => String(i + 1),
              )}
            />
          ) : null}
          <Group justify="flex-end">
            <Button
              component={Link}
              to={hrefTo(closeHref, feeOpener.questions(card.key))}
              variant="default"
            >
              {t("fees.questions.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("fees.questions.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}
