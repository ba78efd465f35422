// A household in one sign-in (decision 165): "Add another child" links the next child by their
// own ID and birth date, through the sign-in's own call (the same guessing limits, the same
// refusals); the switch puts another linked child on screen. The session keeps each child's own
// token, so the district API still sees one child per call and checks each exactly as before.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { t } from "@domain/messages/pages";
import language from "@domain/messages/compiled/page/language.js";
import {
  HOUSEHOLD_MAX,
  afterAdd,
  afterSwitch,
  fitsInCookie,
  householdFull,
  mayLinkChildren,
  maySwitchChildren,
  sameChild,
} from "@domain/rules/household";
import { ForgetChildForm, SwitchChildForm } from "@domain/forms/household";
import { StudentSigninForm, parseWithZod } from "./forms.server";
import { requireFamily } from "./auth";
import { readFormData } from "./form-data";
import { signInFamilyMember, signInRefused } from "./identity";
import {
  accountHolder,
  childKey,
  flashNotice,
  getSession,
  linkedChild,
  linkedChildren,
  writeSession,
  type StudentSession,
} from "./session";
import { loadPrograms } from "./programs";
import { callEndpoint } from "./api";
import { districtDate } from "./time";
import { listAssessedFees } from "@domain/contract/fees";
import { gatherHouseholdCart, getCart, getCartCount, type CartItem } from "@domain/contract/cart";
import { forgetChild, listRememberedChildren, rememberChild } from "@domain/contract/household";
import { formatUsd, toCents } from "@domain/rules/money";
import { endTokenSession } from "./sign-out";
import { rememberDeviceHeader } from "./device-cookie";

/** The one on screen, when they may link children; anyone else goes back to the programs. */
async function requireLinker(request: Request): Promise<StudentSession> {
  const s = await requireFamily(request);
  if (!mayLinkChildren(s)) throw redirect("/programs");
  return s;
}

export async function addChildPage({ request, context }: LoaderFunctionArgs) {
  const onScreen = await requireLinker(request);
  const linked = linkedChildren(await getSession(request));
  return json({
    // At a register there is no switch: the page says what adding a child is for there.
    atRegister: !maySwitchChildren(onScreen),
    full: householdFull(linked.length),
    max: HOUSEHOLD_MAX,
    remembered: await rememberedChildren({ request, context }),
  });
}

export async function addChildAction({ request, context }: ActionFunctionArgs) {
  const onScreen = await requireLinker(request);
  const submission = parseWithZod(await readFormData(request), { schema: StudentSigninForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const session = await getSession(request);
  const linked = linkedChildren(session);
  const full = (headers?: Headers) =>
    json(
      { result: submission.reply({ formErrors: [t("household.full", { max: HOUSEHOLD_MAX })] }) },
      { status: 400, headers },
    );
  // Refused before any sign-in is made: a session the cookie could not hold would be left open.
  if (householdFull(linked.length)) return full();
  const signedIn = await signInFamilyMember({ request, context }, submission.value);
  if (!signedIn.ok) return signInRefused(submission, signedIn);
  const child = signedIn.student;
  const headers = new Headers();
  const device = await rememberDeviceHeader(request, signedIn.deviceToken);
  if (device) headers.append("Set-Cookie", device);
  if (sameChild(child, onScreen) || linked.some((c) => sameChild(c, child))) {
    // Already here: the session just opened is not needed.
    await endTokenSession(context, child.accessToken);
    const notice = {
      kind: "info" as const,
      text: t("household.already", { name: child.nameFirst }),
    };
    headers.append("Set-Cookie", await writeSession(request, { notice }));
    return redirect("/programs", { headers });
  }
  const remembered = await rememberForAccount({ request, context }, session, child);
  const notice = {
    kind: "success" as const,
    text: t(remembered ? "household.addedRemembered" : "household.added", {
      name: child.nameFirst,
    }),
  };
  const cookie = await writeSession(request, { ...afterAdd(onScreen, child, linked), notice });
  if (!fitsInCookie(cookie.split(";")[0]!.length, Boolean(session.get("staff")))) {
    // Long names fill the cookie before the count does: the session just opened is not kept.
    await endTokenSession(context, child.accessToken);
    return full(headers);
  }
  headers.append("Set-Cookie", cookie);
  return redirect("/programs", { headers });
}

export async function switchChildAction({ request }: ActionFunctionArgs) {
  const onScreen = await requireLinker(request);
  // A register keeps its own child on screen: the strip there offers no switch (decision 167).
  if (!maySwitchChildren(onScreen)) throw redirect("/cart");
  const submission = parseWithZod(await readFormData(request), { schema: SwitchChildForm });
  if (submission.status !== "success") {
    // The strip's buttons post a child and a page: anything else is no one's form.
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { child: key, from } = submission.value;
  const session = await getSession(request);
  const linked = linkedChildren(session);
  const child = linkedChild(session, key);
  if (!child) {
    // Not linked here, or their session ran out: an ended one is unlinked.
    const notice = { kind: "warning" as const, text: t("household.gone") };
    const household = linked.filter((c) => childKey(c) !== key);
    return redirect(afterSwitch(from), {
      headers: { "Set-Cookie": await writeSession(request, { household, notice }) },
    });
  }
  // The child who was on screen takes the chosen one's place in the list.
  const household = linked.map((c) => (childKey(c) === key ? onScreen : c));
  const notice = {
    kind: "info" as const,
    text: t("household.switched", { name: child.nameFirst }),
  };
  return redirect(afterSwitch(from), {
    headers: { "Set-Cookie": await writeSession(request, { student: child, household, notice }) },
  });
}

/** What the pages show of the household: first names and how to name each in a switch. */
export function householdView(
  session: Awaited<ReturnType<typeof getSession>>,
  /** On the cart page: what waits in the other children's carts (`cartsWaiting`). */
  waiting = "",
) {
  const onScreen = session.get("student");
  if (!onScreen || !mayLinkChildren(onScreen)) return null;
  const linked = linkedChildren(session);
  // At a register (decision 167) the pushed child stays on screen: the others are named, not
  // offered as switches, and their carts come into this one to be paid once.
  const register = !maySwitchChildren(onScreen);
  // "Ava and Ben", "Ava y Ben": in the page's language (decision 170).
  const names = new Intl.ListFormat(language).format(linked.map((c) => c.nameFirst).sort());
  return {
    onScreen: onScreen.nameFirst,
    label: t("household.label"),
    showing:
      register && linked.length
        ? t("household.showingAtRegister", { name: onScreen.nameFirst, others: names })
        : t("household.showing", { name: onScreen.nameFirst }),
    others: (register ? [] : linked)
      .map((c) => ({
        value: childKey(c),
        name: c.nameFirst,
        switchLabel: t("household.switchTo", { name: c.nameFirst }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    /** The link to add a child, unless the sign-in holds as many as it may. */
    add: householdFull(linked.length) ? null : t("household.add"),
    waiting,
    /** The button that brings those carts into this one (decision 167), when something waits. */
    gather: waiting ? t("household.gather") : null,
  };
}

type Caller = { request: Request; context: LoaderFunctionArgs["context"] };

/**
 * Reads something of every other child linked in this sign-in, each with that child's own token
 * (`auth`), in first-name order, with how the page names the child and the switch to them.
 */
async function readEachLinkedChild<T>(
  caller: Caller,
  read: (auth: { linkedChild: string }) => Promise<T>,
) {
  const children = [...linkedChildren(await getSession(caller.request))].sort((a, b) =>
    a.nameFirst.localeCompare(b.nameFirst),
  );
  return Promise.all(
    children.map(async (child) => {
      const key = childKey(child);
      return {
        key,
        name: child.nameFirst,
        switchLabel: t("household.switchTo", { name: child.nameFirst }),
        ...(await read({ linkedChild: key })),
      };
    }),
  );
}

/**
 * The registrations of every other linked child, for "All children" on My Registrations; a
 * child whose list could not be read says so in its place.
 */
export function linkedRegistrations(caller: Caller) {
  return readEachLinkedChild(caller, async (auth) => {
    const { programs, error } = await loadPrograms(caller, "registrations", auth);
    const courses = programs
      .flatMap((p) => p.courses)
      .filter((c) => c.registrationStatus !== null)
      .sort(
        (a, b) => a.dateStartFull.localeCompare(b.dateStartFull) || a.name.localeCompare(b.name),
      );
    return { courses, error };
  });
}

/**
 * The previous purchases (fees paid in whole or in part) of every other linked child, for "All
 * children" on the fees page's Previous Purchases; each receipt opens as that child's
 * (`/cart-receipt/{id}?child=…`).
 */
export function linkedPurchases(caller: Caller) {
  return readEachLinkedChild(caller, async (auth) => {
    const r = await callEndpoint(caller, listAssessedFees, { auth });
    const purchases = (r.ok ? r.data : [])
      .filter((a) => a.status === "paid" || a.status === "partial")
      .map((a) => {
        const last = a.studentFeePayments[a.studentFeePayments.length - 1];
        const at = last?.createdAt ?? a.paymentDate;
        return {
          id: a.id,
          name: a.fee.name,
          paid: formatUsd(toCents(a.paid)),
          date: at ? districtDate(at) : null,
          receiptHref: last?.cartId
            ? `/cart-receipt/${last.cartId}?child=${encodeURIComponent(auth.linkedChild)}`
            : null,
        };
      });
    return { purchases, failed: !r.ok };
  });
}

/**
 * What the strip says on the cart page of the other linked children whose carts hold something
 * (decision 165), beside the button that brings them into this cart to be paid once (decision
 * 167). The sentences are made here, so the page's scripts carry no texts for them.
 */
export async function cartsWaiting(caller: Caller): Promise<string> {
  const counts = await readEachLinkedChild(caller, async (auth) => {
    const r = await callEndpoint(caller, getCartCount, { auth, timeoutMs: 3000 });
    return { count: r.ok ? r.data.count : 0 };
  });
  return counts
    .filter((c) => c.count > 0)
    .map((c) =>
      c.count === 1
        ? t("household.cartWaitingOne", { name: c.name })
        : t("household.cartWaitingMany", { name: c.name, count: c.count }),
    )
    .join(" ");
}

/**
 * "Pay for all here" on the cart page (decision 167): the other linked children's open carts come
 * into the cart of the child on screen, each child proved to the district API by their own token
 * (from the session, never from the request), so one checkout pays for the household. A child
 * whose session has ended is left out here, as the strip leaves them out.
 */
export async function gatherCartAction({ request, context }: ActionFunctionArgs) {
  await requireLinker(request);
  const session = await getSession(request);
  const tokens = linkedChildren(session)
    .filter((c) => linkedChild(session, childKey(c)))
    .map((c) => c.accessToken);
  const notice = async (kind: "success" | "error" | "info", text: string) => ({
    "Set-Cookie": await flashNotice(request, { kind, text }),
  });
  if (!tokens.length) return redirect("/cart");
  const r = await callEndpoint({ request, context }, gatherHouseholdCart, {
    auth: "student",
    body: { children: tokens },
  });
  if (!r.ok) return redirect("/cart", { headers: await notice("error", r.message) });
  // Pressed twice, or in a second tab after the first brought everything: nothing moved.
  if (!r.data.moved)
    return redirect("/cart", { headers: await notice("info", t("household.nothingWaiting")) });
  return redirect("/cart", { headers: await notice("success", t("household.gathered")) });
}

/** The account holder's calls go with their own token, whether they are on screen or linked. */
function holderAuth(
  session: Awaited<ReturnType<typeof getSession>>,
  holder: StudentSession,
): "student" | { linkedChild: string } {
  const onScreen = session.get("student");
  return onScreen && sameChild(onScreen, holder) ? "student" : { linkedChild: childKey(holder) };
}

/**
 * A child added to a community account's sign-in is remembered for the account (decision 168),
 * proved to the district API by the child's own new session; true when it is. A refusal (the
 * account remembers as many as it may) leaves the child linked for this sign-in only.
 */
async function rememberForAccount(
  caller: Caller,
  session: Awaited<ReturnType<typeof getSession>>,
  child: StudentSession,
): Promise<boolean> {
  const holder = accountHolder(session);
  if (!holder) return false;
  const r = await callEndpoint(caller, rememberChild, {
    auth: holderAuth(session, holder),
    body: { child: child.accessToken },
  });
  return r.ok;
}

/** What the add page shows of a community account's remembered children (decision 168). */
export async function rememberedChildren(caller: Caller) {
  const session = await getSession(caller.request);
  const holder = accountHolder(session);
  if (!holder) return null;
  const r = await callEndpoint(caller, listRememberedChildren, {
    auth: holderAuth(session, holder),
  });
  return r.ok
    ? r.data.children.map((c) => ({
        value: c.childId,
        name: c.nameFirst,
        forgetLabel: t("household.forget", { name: c.nameFirst }),
      }))
    : [];
}

/**
 * "Forget" on the add page (decision 168): the child is no longer remembered for the account; they
 * stay in this sign-in until it ends.
 */
export async function forgetChildAction({ request, context }: ActionFunctionArgs) {
  await requireLinker(request);
  const submission = parseWithZod(await readFormData(request), { schema: ForgetChildForm });
  const session = await getSession(request);
  const holder = accountHolder(session);
  if (submission.status !== "success" || !holder) {
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const caller = { request, context };
  // The name the notice gives is the account's own record's, not the post's.
  const name = (await rememberedChildren(caller))?.find(
    (c) => c.value === String(submission.value.child),
  )?.name;
  const r = await callEndpoint(caller, forgetChild, {
    auth: holderAuth(session, holder),
    params: { childId: submission.value.child },
  });
  const notice =
    r.ok && name
      ? { kind: "success" as const, text: t("household.forgotten", { name }) }
      : { kind: "error" as const, text: r.ok ? t("household.links.notFound") : r.message };
  return redirect("/household/add", {
    headers: { "Set-Cookie": await writeSession(request, { notice }) },
  });
}

/**
 * The on-screen child's lines that sit in another linked child's cart after "Pay for all children
 * here" (decision 167), read with that child's token: the fees page shows them as in the cart.
 */
export async function linesInHouseholdCarts(caller: Caller): Promise<CartItem[]> {
  const session = await getSession(caller.request);
  const me = session.get("student");
  if (!me || !linkedChildren(session).length) return [];
  const key = childKey(me);
  const carts = await readEachLinkedChild(caller, async (auth) => {
    // The count first: reading a cart opens one for a child who has none.
    const n = await callEndpoint(caller, getCartCount, { auth, timeoutMs: 3000 });
    if (!n.ok || n.data.count === 0) return { items: [] };
    const r = await callEndpoint(caller, getCart, { auth, timeoutMs: 3000 });
    return { items: r.ok ? r.data.cartItems : [] };
  });
  return carts.flatMap((c) => c.items.filter((i) => i.forPerson?.key === key));
}
