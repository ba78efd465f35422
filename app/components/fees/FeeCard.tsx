// A fee card (spec 02 §2 "Fee card"): name, description preview with "View More...", school
// badge, category and Optional chips, the full-payment note, notes, quantity, donation amount and
// the button of its state. Plain form posts: works without JavaScript.
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Badge, Button, Card, Group, Select, Stack, Text, type ThemeColor, Title } from "~/ui";
import { PlainTextInput } from "~/components/fields";
import type { Fee } from "@domain/contract/fees";
import { t } from "@domain/messages/receipts";
import { descriptionPreview, quantityOptions, type FeeCardState } from "@domain/rules/fee-card";
import { formatUsd, toCents } from "@domain/rules/money";
import { checkDonation, donationMinCents, DONATION_MAX_CENTS } from "@domain/rules/donation";
import { districtTextLang } from "~/components/district-text";

/**
 * Ids of the card's links that open its dialogs, by the card's key: closing the dialog gives them
 * the focus back (PageDialog's openerId, decision 095).
 */
export const feeOpener = {
  more: (cardKey: string) => `fee-more-${cardKey}`,
  questions: (cardKey: string) => `fee-questions-${cardKey}`,
};

/** Two schools have their own badge colours. */
const SCHOOL_COLOURS: Record<string, ThemeColor> = { LHS: "indigo", WMS: "teal" };

export interface FeeCardProps {
  /** Unique in the page (CardView's key): names the card's dialog openers. */
  cardKey: string;
  fee: Fee;
  state: FeeCardState;
  /** The assessed fee this card pays, if any. */
  assessedFeeId?: number;
  /** Amount to show: the owed balance for an assessed fee, else the buyer's price. */
  amountCents: number;
  bought: number;
  /** Says "Requires Payment in Full" (domain/rules/fee-card.ts requiresFullPayment). */
  requiresFull: boolean;
  /** Link that opens the "View More..." dialog for this card. */
  moreHref: string;
  /** Link that opens the questions dialog (fees with questions). */
  questionsHref: string;
  /** Where the add form posts. */
  action: string;
  error?: string | null;
  showOptionalChip?: boolean;
  paidInfo?: {
    amount: number;
    date: string | null;
    refunds?: { amount: number; date: string | null }[];
  } | null;
  receiptHref?: string | null;
}

export function FeeCard(p: FeeCardProps) {
  const { fee, state } = p;
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("feeId") === String(fee.id) &&
    navigation.formData?.get("assessedFeeId") === (p.assessedFeeId ? String(p.assessedFeeId) : "");
  const { preview, more } = descriptionPreview(fee.description);
  const options = quantityOptions(p.bought, fee.quantity);
  const needsQuestions = fee.courseQuestions.length > 0 && !p.assessedFeeId;
  const canAdd = state === "add" || state === "payRemaining";
  const label =
    state === "payRemaining"
      ? t("fees.payRemaining")
      : state === "inCart"
        ? t("fees.added")
        : state === "paid"
          ? t("fees.paid")
          : t("fees.add");
  const donationId = `donation-${useId().replace(/:/g, "")}`;
  return (
    <Card withBorder padding="md" className="fee-card" component="article" aria-label={fee.name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" lang={districtTextLang(fee.spanish, "name")}>
            {fee.name}
          </Title>
          <Text fw={700}>{fee.isDonation ? null : formatUsd(p.amountCents)}</Text>
        </Group>
        <Group gap={6}>
          {fee.school ? (
            <Badge color={SCHOOL_COLOURS[fee.school.shortName] ?? "gray"} variant="filled">
              {fee.school.shortName}
            </Badge>
          ) : null}
          {fee.feeCategory ? (
            <Badge variant="light" radius="xl">
              {fee.feeCategory.name}
            </Badge>
          ) : null}
          {p.showOptionalChip ? (
            <Badge variant="outline" radius="xl">
              {t("fees.optionalChip")}
            </Badge>
          ) : null}
        </Group>
        {preview ? (
          <Text size="sm">
            <span lang={districtTextLang(fee.spanish, "description")}>{preview}</span>
            {more ? (
              <>
                {" "}
                <Link to={p.moreHref} id={feeOpener.more(p.cardKey)} preventScrollReset>
                  {t("fees.viewMore")}
                </Link>
              </>
            ) : null}
          </Text>
        ) : null}
        {p.requiresFull ? (
          <Text size="xs" c="dimmed">
            {t("fees.requiresFull")}
          </Text>
        ) : null}
        {fee.notes ? (
          <Text size="xs">
            <strong>{t("fees.notes")}:</strong> {fee.notes}
          </Text>
        ) : null}
        {p.paidInfo && (p.paidInfo.amount > 0 || !p.paidInfo.refunds?.length) ? (
          // What is paid now; once all of it was given back only the refunds are said.
          <Text size="sm">
            {t("fees.amountPaid")}: {formatUsd(toCents(p.paidInfo.amount))}
            {p.paidInfo.date ? ` · ${t("fees.datePaid")}: ${p.paidInfo.date}` : null}
          </Text>
        ) : null}
        {p.paidInfo?.refunds?.map((r, n) => (
          <Text size="sm" key={n}>
            {t("receipt.refundLine", { amount: formatUsd(toCents(r.amount)), date: r.date ?? "" })}
          </Text>
        ))}
        {p.receiptHref ? <Link to={p.receiptHref}>{t("fees.viewReceipt")}</Link> : null}
        {state === "criteriaError" ? (
          <Text size="sm" c="red.8">
            {fee.feeCriteriaError}
          </Text>
        ) : null}
        {state === "groupBought" ? (
          <Text size="sm" c="red.8">
            {t("fees.groupBought")}
          </Text>
        ) : null}
        {state === "groupInCart" ? (
          <Text size="sm" c="red.8">
            {t("fees.groupInCart")}
          </Text>
        ) : null}
        {state === "maxed" ? (
          <Text size="sm" c="red.8">
            {t("fees.maxed")}
          </Text>
        ) : null}
        {p.error ? (
          // The answer to this card's post: without JavaScript the message takes the focus.
          <Text size="sm" c="red.8" role="alert" tabIndex={-1} autoFocus>
            {p.error}
          </Text>
        ) : null}
        {canAdd && needsQuestions ? (
          <Button
            component={Link}
            to={p.questionsHref}
            id={feeOpener.questions(p.cardKey)}
            preventScrollReset
          >
            {t("fees.add")}
          </Button>
        ) : canAdd ? (
          <Form
            method="post"
            action={p.action}
            preventScrollReset
            // With JavaScript the donation field already says why its amount is refused; the post
            // would only repeat it in the card's alert (without JavaScript the action answers).
            onSubmit={
              fee.isDonation
                ? (event) => {
                    const amount = event.currentTarget.elements.namedItem("donationAmount");
                    const typed = amount instanceof HTMLInputElement ? amount.value : "";
                    if (!checkDonation(typed, Math.round(fee.amount * 100)).ok) {
                      event.preventDefault();
                    }
                  }
                : undefined
            }
          >
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="feeId" value={fee.id} />
            <input type="hidden" name="assessedFeeId" value={p.assessedFeeId ?? ""} />
            <Group align="flex-end" gap="xs">
              {fee.isDonation ? (
                <DonationAmount id={donationId} feeAmountCents={Math.round(fee.amount * 100)} />
              ) : !p.assessedFeeId && options.length > 1 ? (
                <Select
                  name="quantity"
                  label={t("fees.quantity")}
                  data={options.map(String)}
                  w={90}
                />
              ) : null}
              <Button type="submit" loading={busy}>
                {label}
              </Button>
            </Group>
          </Form>
        ) : state === "inCart" || state === "paid" ? (
          <Button disabled variant="light">
            {label}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The donation's amount (spec 02 §5 "Donation"): with JavaScript, "Invalid amount" or the range
 * is said as the amount is typed, before any post; the action checks the same rule.
 */
function DonationAmount({ id, feeAmountCents }: { id: string; feeAmountCents: number }) {
  const min = donationMinCents(feeAmountCents);
  const range = t("fees.amountRange", {
    min: formatUsd(min),
    max: formatUsd(DONATION_MAX_CENTS),
  });
  const [typed, setTyped] = useState<string | null>(null);
  const check = typed === null ? null : checkDonation(typed, feeAmountCents);
  const message =
    check && !check.ok ? (check.reason === "invalid" ? t("fees.invalidAmount") : range) : undefined;
  return (
    <PlainTextInput
      id={id}
      name="donationAmount"
      label={t("fees.customAmount")}
      inputMode="decimal"
      required
      defaultValue={(min / 100).toFixed(2)}
      title={range}
      onChange={(e) => setTyped(e.currentTarget.value)}
      error={message}
      w={140}
    />
  );
}
