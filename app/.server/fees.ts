// The fee pages' data: fee cards with their state (spec 02 §4 order), assessed fees, purchases,
// and the add-to-cart action shared by /fees and /instructor/buy-fees.
import type { Cart } from "@domain/contract/cart";
import type { AssessedFee, Fee, PurchaseHistory } from "@domain/contract/fees";
import { OkReply } from "@domain/contract/fees";
import { AddToCartForm } from "@domain/forms/add-to-cart";
import { t } from "@domain/messages";
import { checkDonation } from "@domain/rules/donation";
import { feeCardState, type FeeCardState } from "@domain/rules/fee-card";
import { toCents } from "@domain/rules/money";
import { callApi } from "./api";
import { districtDate } from "./time";
import {
  loadCart,
  loadFees,
  loadPurchaseHistory,
  loadStudentFees,
  type Caller,
  type Who,
} from "./payments";

export interface CardView {
  key: string;
  fee: Fee;
  state: FeeCardState;
  assessedFeeId?: number;
  amountCents: number;
  bought: number;
  /** `date`: the day of the last payment in the district's zone, as shown ("Nov 23, 2026"). */
  paidInfo?: { amount: number; date: string | null } | null;
  receiptHref?: string | null;
  status?: AssessedFee["status"];
}

export interface FeesData {
  optional: CardView[];
  assessed: CardView[];
  purchased: CardView[];
  categories: string[];
  partialCount: number;
  allOutstandingInCart: boolean;
  loadError: boolean;
}

/** Whether another fee of this fee's group was bought, or is in the cart. */
function groupFacts(fee: Fee, fees: Fee[], history: PurchaseHistory, cart: Cart | null) {
  if (!fee.feeGroup) return { groupBought: false, groupInCart: false };
  const sameGroup = fees.filter((f) => f.feeGroup?.id === fee.feeGroup!.id && f.id !== fee.id);
  return {
    groupBought: sameGroup.some((f) => (history.fees[String(f.id)] ?? 0) > 0),
    groupInCart: sameGroup.some(
      (f) => !!cart?.cartItems.some((i) => i.feeId === f.id && i.assessedFeeId === null),
    ),
  };
}

export async function loadFeesData(
  caller: Caller,
  who: Who,
  opts: { assessed: boolean },
): Promise<FeesData> {
  const [feesR, historyR, cartR, assessedR] = await Promise.all([
    loadFees(caller, who),
    loadPurchaseHistory(caller, who),
    loadCart(caller, who),
    opts.assessed ? loadStudentFees(caller, who) : Promise.resolve(null),
  ]);
  const fees = feesR.ok ? feesR.data : [];
  const history = historyR.ok
    ? historyR.data
    : { fees: {}, partialStudentFeeIdsAndAmountRemaining: {} };
  const cart = cartR.ok ? cartR.data : null;
  const assessedList = assessedR?.ok ? assessedR.data : [];
  const inCartFee = (id: number) =>
    cart?.cartItems
      .filter((i) => i.feeId === id && i.assessedFeeId === null)
      .reduce((n, i) => n + i.quantity, 0) ?? 0;

  const optional: CardView[] = fees
    .slice()
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((fee) => {
      const bought = history.fees[String(fee.id)] ?? 0;
      const inCart = inCartFee(fee.id);
      const state = feeCardState({
        inCart: inCart > 0,
        criteriaError: fee.feeCriteriaError,
        ...groupFacts(fee, fees, history, cart),
        bought: bought + inCart,
        maxQuantity: fee.quantity,
        amountCents: toCents(fee.price),
      });
      return {
        key: `f${fee.id}`,
        fee,
        state,
        amountCents: toCents(fee.price),
        bought: bought + inCart,
      };
    });

  const assessedView = (a: AssessedFee): CardView => {
    const inCart = !!cart?.cartItems.some((i) => i.assessedFeeId === a.id);
    const state = feeCardState({
      assessedStatus: a.status,
      remainingCents: toCents(a.owed),
      inCart,
      groupBought: false,
      bought: 0,
      maxQuantity: 1,
      amountCents: toCents(a.owed),
    });
    const lastPayment = a.studentFeePayments[a.studentFeePayments.length - 1];
    return {
      key: `a${a.id}`,
      fee: a.fee,
      // A partial fee already in the cart is shown as added (the balance is in the cart).
      state: state === "payRemaining" && inCart ? "inCart" : state,
      assessedFeeId: a.id,
      amountCents: a.status === "paid" ? toCents(a.cost) : toCents(a.owed),
      bought: 0,
      status: a.status,
      paidInfo:
        a.paid > 0
          ? { amount: a.paid, date: paidOn(lastPayment?.createdAt ?? a.paymentDate ?? null) }
          : null,
      receiptHref: lastPayment?.cartId ? `/cart-receipt/${lastPayment.cartId}` : null,
    };
  };
  const outstanding = assessedList.filter(
    (a) => !a.selfAssessed && (a.status === "due" || a.status === "partial"),
  );
  const purchasedList = assessedList.filter((a) => a.status === "paid" || a.status === "partial");
  return {
    optional,
    assessed: outstanding.map(assessedView),
    purchased: purchasedList.map((a) => ({ ...assessedView(a), key: `p${a.id}` })),
    categories: [
      ...new Set(fees.map((f) => f.feeCategory?.name).filter((n): n is string => !!n)),
    ].sort(),
    partialCount: assessedList.filter((a) => a.status === "partial").length,
    allOutstandingInCart:
      outstanding.length === 0 ||
      outstanding.every((a) => cart?.cartItems.some((i) => i.assessedFeeId === a.id)),
    loadError: !feesR.ok,
  };
}

export type AddResult = { ok: true } | { ok: false; feeId: number | null; message: string };

/** Adds one fee (card or questions dialog) to the cart. */
export async function addFeeFromForm(
  caller: Caller,
  who: Who,
  formData: FormData,
): Promise<AddResult> {
  const parsed = AddToCartForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const feeId = Number(formData.get("feeId")) || null;
    return { ok: false, feeId, message: parsed.error.issues[0]?.message ?? t("fees.addFailed") };
  }
  const v = parsed.data;
  let donation: number | undefined;
  if (v.donationAmount !== undefined) {
    donation = Number(v.donationAmount);
  }
  const answers = [...formData.entries()]
    .filter(([k]) => k.startsWith("q_"))
    .map(([k, val]) => ({ questionID: Number(k.slice(2)), answer: String(val) }));
  const r = await callApi(caller, {
    path: "/v1/fees/add-to-cart",
    method: "PUT",
    auth: who,
    timeoutMs: 10_000,
    body: {
      feeId: v.feeId,
      ...(v.assessedFeeId ? { assessedFeeId: v.assessedFeeId } : {}),
      ...(v.quantity ? { quantity: v.quantity } : {}),
      ...(donation !== undefined ? { donationAmount: donation } : {}),
      ...(answers.length ? { courseQuestions: answers } : {}),
    },
    reply: OkReply,
  });
  if (r.ok) return { ok: true };
  return { ok: false, feeId: v.feeId, message: r.message };
}

/** Checks a donation before posting, to show the spec's words on the card. */
export function donationProblem(text: string, feeAmount: number): string | null {
  const c = checkDonation(text, toCents(feeAmount));
  if (c.ok) return null;
  return c.reason === "invalid"
    ? t("fees.invalidAmount")
    : t("fees.amountRange", { min: c.min, max: c.max });
}

function paidOn(at: string | null): string | null {
  return at ? districtDate(at) : null;
}
