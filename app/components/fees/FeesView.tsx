// The fee lists shared by /fees and /instructor/buy-fees: optional fees with search and category
// filter, assessed fees with "Add All Fees to Cart", previous purchases; the "View More..." and
// questions dialogs as URL states.
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { Button, Group, Radio, RadioGroup, Select, Stack, Text, Textarea } from "~/ui";
import { ErrorSummary, PlainTextInput, type SummaryFormMeta } from "~/components/fields";
import { feeAnswerField } from "@domain/rules/fee-answers";
import { t } from "@domain/messages/fees-page";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { FeeCard, feeOpener } from "./FeeCard";
import { districtTextLang } from "~/components/district-text";
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
      <Text
        size="sm"
        style={{ whiteSpace: "pre-wrap" }}
        lang={districtTextLang(card.fee.spanish, "description")}
      >
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
  refusal,
}: {
  card: CardView;
  closeHref: string;
  action: string;
  error?: string | null;
  /**
   * What the refused post sent (its reply's values): without JavaScript the dialog is drawn
   * afresh, and the answers are given back rather than cleared.
   */
  answered?: Record<string, unknown> | null;
  /** The refused post's reply (this fee's): the questions it names as unanswered. */
  refusal?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const qs = card.fee.courseQuestions.slice().sort((a, b) => a.sortOrder - b.sortOrder);
  const given = (name: string) => {
    const v = answered?.[name];
    return typeof v === "string" ? v : undefined;
  };
  // The dialog's error summary (decision 159): its message, said once at the top, and a link to
  // each unanswered question, which points at the message.
  const formId = `fee-questions-${card.fee.id}`;
  const fieldId = (name: string) => `${formId}-${name}`;
  const unanswered = Object.fromEntries(
    Object.entries(refusal?.error ?? {}).filter(
      (entry): entry is [string, string[]] => entry[0] !== "" && !!entry[1]?.length,
    ),
  );
  const summary: SummaryFormMeta = {
    id: formId,
    errorId: `${formId}-error`,
    errors: error ? [error] : undefined,
    status: error ? "error" : undefined,
    allErrors: unanswered,
  };
  const messages = error ? [...new Set([error, ...Object.values(unanswered).flat()])] : [];
  const firstInvalid = qs.map((q) => feeAnswerField(q.id)).find((name) => unanswered[name]);
  const invalid = (name: string) =>
    unanswered[name]
      ? { "aria-invalid": true as const, "aria-describedby": summary.errorId }
      : { "aria-invalid": undefined };
  const focusFirst = (name: string) => (name === firstInvalid ? true : undefined);
  const labelOf = (name: string) => {
    const q = qs.find((c) => feeAnswerField(c.id) === name);
    if (!q) return undefined;
    return q.responseType === "Waiver" ? t("fees.questions.waiverLabel") : q.question;
  };
  // With JavaScript the dialog stays in place after the refusal: the first unanswered question
  // takes the focus here (without JavaScript, its `autofocus`).
  // Once for each refusal, as the error summary does: a later render of the same one leaves the
  // focus where the family put it.
  const focusedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (!refusal || !firstInvalid || focusedFor.current === refusal) return;
    focusedFor.current = refusal;
    document.getElementById(`${formId}-${firstInvalid}`)?.focus();
  }, [refusal, firstInvalid, formId]);
  return (
    <PageDialog
      title={`${t("fees.questions.title")}: ${card.fee.name}`}
      closeHref={closeHref}
      closeLabel={t("fees.questions.cancel")}
      openerId={feeOpener.questions(card.key)}
    >
      <Form method="post" action={action} id={formId}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="feeId" value={card.fee.id} />
        <input type="hidden" name="assessedFeeId" value="" />
        <Stack>
          <ErrorSummary form={summary} result={refusal} labelOf={labelOf} messages={messages} />
          {qs.map((q) => {
            const name = feeAnswerField(q.id);
            // The district's words, in Spanish where it wrote them (decision 172).
            const questionLang = districtTextLang(q.spanish, "question");
            const question = <span lang={questionLang}>{q.question}</span>;
            const answerLang = districtTextLang(q.spanish, "answerList");
            return q.responseType === "Value List" ? (
              <RadioGroup
                key={q.id}
                name={name}
                label={question}
                defaultValue={given(name)}
                required
              >
                {q.answerList.map((a, i) => (
                  <Radio
                    key={a}
                    // The first choice has the question's id: the summary's link leads there.
                    id={i === 0 ? fieldId(name) : undefined}
                    value={a}
                    // The answer kept is the English one; the district's Spanish labels it.
                    label={<span lang={answerLang}>{q.answerLabels?.[i] ?? a}</span>}
                    {...invalid(name)}
                    autoFocus={i === 0 ? focusFirst(name) : undefined}
                  />
                ))}
              </RadioGroup>
            ) : q.responseType === "Waiver" ? (
              <Stack key={q.id} gap={4}>
                <Text size="sm" lang={questionLang}>
                  {q.question}
                </Text>
                <label>
                  <input
                    type="checkbox"
                    id={fieldId(name)}
                    name={name}
                    value={t("fees.questions.accept")}
                    defaultChecked={given(name) !== undefined}
                    {...invalid(name)}
                    autoFocus={focusFirst(name)}
                  />{" "}
                  {t("fees.questions.accept")}
                </label>
              </Stack>
            ) : (
              <Textarea
                key={q.id}
                id={fieldId(name)}
                name={name}
                label={question}
                defaultValue={given(name)}
                required
                maxLength={5000}
                {...invalid(name)}
                autoFocus={focusFirst(name)}
              />
            );
          })}
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
