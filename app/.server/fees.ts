// The fee pages' data: fee cards with their state (spec 02 §4 order), assessed fees, purchases,
// and the add-to-cart action shared by /fees and /instructor/buy-fees.
import { addAssessedFees, type Cart } from "@domain/contract/cart";
import type { AssessedFee, Fee, PurchaseHistory } from "@domain/contract/fees";
import { addFeeToCart } from "@domain/contract/fees";
import { AddToCartForm, FeeShopForm } from "@domain/forms/add-to-cart";
import { t } from "@domain/messages/pages";
import { checkDonation } from "@domain/rules/donation";
import { feeAnswerProblems } from "@domain/rules/fee-answers";
import { feeCardState, requiresFullPayment, type FeeCardState } from "@domain/rules/fee-card";
import { toCents } from "@domain/rules/money";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { callEndpoint, or503, type ApiResult } from "./api";
import { requireFamily, requireStaff } from "./auth";
import { parseWithZod } from "./forms.server";
import { flashNotice, getSession, writeSession } from "./session";
import { householdView, linesInHouseholdCarts, linkedPurchases } from "./household";
import { loadSettings, settingText } from "./settings";
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
  /** The card says "Requires Payment in Full" (the rule of domain/rules/fee-card.ts). */
  requiresFull: boolean;
  /** `date`: the day of the last payment in the district's zone, as shown ("Nov 23, 2026"). */
  paidInfo?: {
    amount: number;
    date: string | null;
    /** Refunds by the business office (decision 131), dates in the district's calendar. */
    refunds?: { amount: number; date: string | null }[];
  } | null;
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
  // Fees, purchases, cart or assessed fees that could not be read (the district API failed or did
  // not answer) are a 503 that says so, never a page without them (decision 150).
  const loaded = <R extends ApiResult<unknown>>(r: Promise<R>) =>
    r.then((x) => or503(x, t("fees.error.load")));
  const [feesR, historyR, cartR, assessedR, elsewhere] = await Promise.all([
    loaded(loadFees(caller, who)),
    loaded(loadPurchaseHistory(caller, who)),
    loaded(loadCart(caller, who)),
    opts.assessed ? loaded(loadStudentFees(caller, who)) : Promise.resolve(null),
    who === "student" ? linesInHouseholdCarts(caller) : Promise.resolve([]),
  ]);
  const fees = feesR.ok ? feesR.data : [];
  const history = historyR.ok
    ? historyR.data
    : { fees: {}, partialStudentFeeIdsAndAmountRemaining: {} };
  // This child's lines in another child's cart (a household's, decision 167) count as in the cart.
  const cart = cartR.ok
    ? { ...cartR.data, cartItems: [...cartR.data.cartItems, ...elsewhere] }
    : null;
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
        requiresFull: requiresFullPayment(fee),
      };
    });

  const assessedView = (a: AssessedFee): CardView => {
    const inCart = !!cart?.cartItems.some((i) => i.assessedFeeId === a.id);
    const state = feeCardState({
      assessedStatus: a.status,
      remainingCents: toCents(a.owed),
      paidCents: toCents(a.paid),
      refunded: !!a.refunds?.length,
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
      requiresFull: requiresFullPayment(a.fee, a),
      status: a.status,
      paidInfo:
        a.paid > 0 || a.refunds?.length
          ? {
              amount: a.paid,
              date: paidOn(lastPayment?.createdAt ?? a.paymentDate ?? null),
              refunds: (a.refunds ?? []).map((r) => ({ amount: r.amount, date: paidOn(r.date) })),
            }
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
  const r = await callEndpoint(caller, addFeeToCart, {
    auth: who,
    body: {
      feeId: v.feeId,
      ...(v.assessedFeeId ? { assessedFeeId: v.assessedFeeId } : {}),
      ...(v.quantity ? { quantity: v.quantity } : {}),
      ...(donation !== undefined ? { donationAmount: donation } : {}),
      ...(answers.length ? { courseQuestions: answers } : {}),
    },
  });
  if (r.ok) return { ok: true };
  return { ok: false, feeId: v.feeId, message: r.message };
}

/** The fee's questions the post leaves unanswered, each with its message; null when none. */
async function unansweredQuestions(
  caller: Caller,
  who: Who,
  feeId: number,
  formData: FormData,
): Promise<Record<string, string[]> | null> {
  const data = await loadFeesData(caller, who, { assessed: false });
  const fee = data.optional.find((c) => c.fee.id === feeId)?.fee;
  if (!fee) return null;
  const answers = Object.fromEntries(formData);
  const problems = feeAnswerProblems(fee.courseQuestions, answers, t("fees.questions.accept"));
  if (!problems.length) return null;
  return Object.fromEntries(
    problems.map(([field, problem]) => [
      field,
      [t(problem === "waiver" ? "fees.questions.waiver" : "fees.questions.required")],
    ]),
  );
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

/** The fee shops: /fees for families and guests, /instructor/buy-fees for employees (decision 043). */
export type FeeShop = "family" | "staff";

type FeesTab = "assessed" | "optional" | "purchased";

function pickTab(url: URL, guest: boolean): FeesTab {
  if (guest) return "optional";
  const tab = url.searchParams.get("tab");
  if (url.searchParams.has("purchased") || tab === "purchased" || tab === "2") return "purchased";
  const category = url.searchParams.get("category");
  if (tab === "optional" || tab === "1" || (category && category.length < 30)) return "optional";
  return "assessed";
}

/** The URL state both shops share: category filter, search and the open dialog. */
function shopParams(url: URL) {
  const category = url.searchParams.get("category") ?? "";
  return {
    category: category.length < 30 ? category : "",
    search: url.searchParams.get("q") ?? "",
    more: url.searchParams.get("more"),
    questions: url.searchParams.get("questions"),
  };
}

/** /fees: Assessed Fees, Optional Fees and Previous Purchases (guests: Optional Fees only). */
export async function familyFeesPage({ request, context }: LoaderFunctionArgs) {
  const s = await requireFamily(request);
  const guest = s.userType === "guest_user";
  const url = new URL(request.url);
  const [data, settings] = await Promise.all([
    loadFeesData({ request, context }, "student", { assessed: !guest }),
    loadSettings(context),
  ]);
  // The partial-payments dialog shows on arrival (no tab chosen yet) when some fee is partial,
  // once a sign-in: a reminder on every visit to Fees would only be in the way.
  // "All children" on Previous Purchases (decision 165): the other linked children's, read-only.
  const household = householdView(await getSession(request));
  const tab = pickTab(url, guest);
  const all =
    Boolean(household?.others.length) &&
    tab === "purchased" &&
    url.searchParams.get("show") === "all";
  const partialDialog =
    !guest &&
    !s.partialDialogShown &&
    data.partialCount > 0 &&
    !["tab", "purchased", "category", "more", "questions"].some((k) => url.searchParams.has(k));
  return {
    page: {
      guest,
      tab,
      data,
      household: household?.others.length ? { onScreen: s.nameFirst, all } : null,
      othersPurchased: all ? await linkedPurchases({ request, context }) : [],
      ...shopParams(url),
      partialDialog,
      partialMessage: settingText(settings, "partiallyCompletedPaymentMessage"),
    },
    setCookie: partialDialog
      ? await writeSession(request, { student: { ...s, partialDialogShown: true } })
      : null,
  };
}

/** /instructor/buy-fees: the fees an employee may buy, with their own cart. */
export async function staffFeesPage({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const data = await loadFeesData({ request, context }, "staff", { assessed: false });
  return { data, ...shopParams(url) };
}

/**
 * The one action of both fee shops: add a fee (with its quantity, donation and answers) to the
 * buyer's cart, or, on /fees, add every assessed fee still owed ("Add all fees", intent=addAll).
 * A refusal is shown on the fee's card; success goes back to the page with the added notice.
 */
export async function feeShopAction({ request, context }: ActionFunctionArgs, shop: FeeShop) {
  const who: Who = shop === "staff" ? "staff" : "student";
  const guest =
    shop === "staff"
      ? (await requireStaff(request), false)
      : (await requireFamily(request)).userType === "guest_user";
  const formData = await request.formData();
  const url = new URL(request.url);
  const caller = { request, context };
  const added = async () => {
    url.searchParams.delete("questions");
    return redirect(`${url.pathname}${url.search}`, {
      headers: {
        "Set-Cookie": await flashNotice(request, { kind: "success", text: t("fees.addedNotice") }),
      },
    });
  };
  // A refusal is conform's reply: the fee is the post's feeId (the reply's values), the message
  // the form's own.
  const submission = parseWithZod(formData, { schema: FeeShopForm });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const refused = (message: string) =>
    json({ result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  if (submission.value.intent === "addAll") {
    if (shop !== "family" || guest) return refused(t("fees.addFailed"));
    await addAllAssessedFees(caller);
    return added();
  }
  // Asked in the questions dialog (its post goes to `?questions=<fee>`): the answers are checked
  // here first, so that the refusal names the questions at fault (decision 159); the district
  // API's own refusal names none.
  if (url.searchParams.get("questions") === String(submission.value.feeId)) {
    const unanswered = await unansweredQuestions(caller, who, submission.value.feeId, formData);
    if (unanswered) {
      return json({ result: submission.reply({ fieldErrors: unanswered }) }, { status: 400 });
    }
  }
  const donation = formData.get("donationAmount");
  if (typeof donation === "string") {
    const feeId = Number(formData.get("feeId"));
    const data = await loadFeesData(caller, who, { assessed: false });
    const fee = data.optional.find((c) => c.fee.id === feeId)?.fee;
    const problem = fee ? donationProblem(donation, fee.amount) : t("fees.error.notFound");
    if (problem) return refused(problem);
  }
  const result = await addFeeFromForm(caller, who, formData);
  if (!result.ok) return refused(result.message);
  return added();
}

/**
 * "Add all fees": every assessed fee the family still owes that is not in the cart yet, in one
 * call (the district API adds them in one transaction and leaves those in the cart alone).
 */
async function addAllAssessedFees(caller: Caller): Promise<void> {
  await callEndpoint(caller, addAssessedFees, { auth: "student" });
}
