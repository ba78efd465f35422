// A household in one sign-in (decision 165): "Add another child" links the next child by their
// own ID and birth date, through the sign-in's own call (the same guessing limits, the same
// refusals); the switch puts another linked child on screen. The session keeps each child's own
// token, so the district API still sees one child per call and checks each exactly as before.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { t } from "@domain/messages";
import { typedDateToIso } from "@domain/rules/calendar";
import { isSessionExpired } from "@domain/rules/session";
import {
  HOUSEHOLD_MAX,
  afterSwitch,
  fitsInCookie,
  mayLinkChildren,
  sameChild,
} from "@domain/rules/household";
import { StudentSigninForm, parseWithZod } from "./forms.server";
import { requireFamily } from "./auth";
import { readFormData } from "./form-data";
import { signInFamilyMember } from "./identity";
import { childKey, getSession, linkedChildren, writeSession, type StudentSession } from "./session";
import { loadPrograms } from "./programs";
import { callEndpoint } from "./api";
import { districtDate } from "./time";
import { listAssessedFees } from "@domain/contract/fees";
import { getCartCount } from "@domain/contract/cart";
import { formatUsd, toCents } from "@domain/rules/money";
import { endTokenSession } from "./sign-out";
import { rememberDeviceHeader } from "./device-cookie";

/** The one on screen, when they may link children; anyone else goes back to the programs. */
async function requireLinker(request: Request): Promise<StudentSession> {
  const s = await requireFamily(request);
  if (!mayLinkChildren(s)) throw redirect("/programs");
  return s;
}

export async function addChildPage({ request }: LoaderFunctionArgs) {
  await requireLinker(request);
  const linked = linkedChildren(await getSession(request));
  return json({ full: linked.length + 1 >= HOUSEHOLD_MAX, max: HOUSEHOLD_MAX });
}

export async function addChildAction({ request, context }: ActionFunctionArgs) {
  const onScreen = await requireLinker(request);
  const submission = parseWithZod(await readFormData(request), { schema: StudentSigninForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const linked = linkedChildren(await getSession(request));
  // Refused before any sign-in is made: a session the cookie could not hold would be left open.
  if (linked.length + 1 >= HOUSEHOLD_MAX) {
    return json(
      { result: submission.reply({ formErrors: [t("household.full", { max: HOUSEHOLD_MAX })] }) },
      { status: 400 },
    );
  }
  const signedIn = await signInFamilyMember(
    { request, context },
    submission.value.studentId,
    typedDateToIso(submission.value.dob)!,
  );
  if (!signedIn.ok) {
    return json(
      { result: submission.reply({ formErrors: [signedIn.message] }) },
      { status: signedIn.status },
    );
  }
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
  const notice = {
    kind: "success" as const,
    text: t("household.added", { name: child.nameFirst }),
  };
  const cookie = await writeSession(request, {
    student: child,
    household: [...linked, onScreen],
    notice,
  });
  const session = await getSession(request);
  if (!fitsInCookie(cookie.split(";")[0]!.length, Boolean(session.get("staff")))) {
    // Long names fill the cookie before the count does: the session just opened is not kept.
    await endTokenSession(context, child.accessToken);
    return json(
      { result: submission.reply({ formErrors: [t("household.full", { max: HOUSEHOLD_MAX })] }) },
      { status: 400, headers },
    );
  }
  headers.append("Set-Cookie", cookie);
  return redirect("/programs", { headers });
}

/** The linked child a switch names (`childKey`, "student:100012"), if still linked. */
function chosen(linked: StudentSession[], value: FormDataEntryValue | null) {
  return linked.find((c) => childKey(c) === value) ?? null;
}

export async function switchChildAction({ request }: ActionFunctionArgs) {
  const onScreen = await requireLinker(request);
  const form = await readFormData(request);
  const from = form.get("from");
  const linked = linkedChildren(await getSession(request));
  const child = chosen(linked, form.get("child"));
  if (!child || isSessionExpired(child.expires, Date.now())) {
    const notice = { kind: "warning" as const, text: t("household.gone") };
    const household = child ? linked.filter((c) => c !== child) : linked;
    return redirect(afterSwitch(typeof from === "string" ? from : null), {
      headers: { "Set-Cookie": await writeSession(request, { household, notice }) },
    });
  }
  // The child who was on screen takes the chosen one's place in the list.
  const household = linked.map((c) => (c === child ? onScreen : c));
  const notice = {
    kind: "info" as const,
    text: t("household.switched", { name: child.nameFirst }),
  };
  return redirect(afterSwitch(typeof from === "string" ? from : null), {
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
  return {
    onScreen: onScreen.nameFirst,
    label: t("household.label"),
    showing: t("household.showing", { name: onScreen.nameFirst }),
    others: linked
      .map((c) => ({
        value: childKey(c),
        name: c.nameFirst,
        switchLabel: t("household.switchTo", { name: c.nameFirst }),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    /** The link to add a child, unless the sign-in holds as many as it may. */
    add: linked.length + 1 >= HOUSEHOLD_MAX ? null : t("household.add"),
    waiting,
  };
}

/**
 * The registrations of every other child linked in this sign-in, for "All children" on My
 * Registrations: each read with that child's own token, in first-name order; a child whose list
 * could not be read says so in its place.
 */
export async function linkedRegistrations(caller: {
  request: Request;
  context: LoaderFunctionArgs["context"];
}) {
  const session = await getSession(caller.request);
  const children = [...linkedChildren(session)].sort((a, b) =>
    a.nameFirst.localeCompare(b.nameFirst),
  );
  return Promise.all(
    children.map(async (child) => {
      const key = childKey(child);
      const { programs, error } = await loadPrograms(caller, "registrations", { linkedChild: key });
      const courses = programs
        .flatMap((p) => p.courses)
        .filter((c) => c.registrationStatus !== null)
        .sort(
          (a, b) => a.dateStartFull.localeCompare(b.dateStartFull) || a.name.localeCompare(b.name),
        );
      return {
        key,
        name: child.nameFirst,
        switchLabel: t("household.switchTo", { name: child.nameFirst }),
        courses,
        error,
      };
    }),
  );
}

/**
 * The previous purchases (fees paid in whole or in part) of every other child linked in this
 * sign-in, for "All children" on the fees page's Previous Purchases: each read with that child's
 * own token; each receipt opens as that child's (`/cart-receipt/{id}?child=…`).
 */
export async function linkedPurchases(caller: {
  request: Request;
  context: LoaderFunctionArgs["context"];
}) {
  const session = await getSession(caller.request);
  const children = [...linkedChildren(session)].sort((a, b) =>
    a.nameFirst.localeCompare(b.nameFirst),
  );
  return Promise.all(
    children.map(async (child) => {
      const key = childKey(child);
      const r = await callEndpoint(caller, listAssessedFees, { auth: { linkedChild: key } });
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
              ? `/cart-receipt/${last.cartId}?child=${encodeURIComponent(key)}`
              : null,
          };
        });
      return {
        key,
        name: child.nameFirst,
        switchLabel: t("household.switchTo", { name: child.nameFirst }),
        purchases,
        failed: !r.ok,
      };
    }),
  );
}

/**
 * What the strip says on the cart page of the other linked children whose carts hold something
 * (decision 165): until one checkout pays for the whole household, each child's cart is paid on its
 * own, and a parent paying one should know that another child's items wait in another cart. The
 * sentences are made here, so the page's scripts carry no texts for them.
 */
export async function cartsWaiting(caller: {
  request: Request;
  context: LoaderFunctionArgs["context"];
}): Promise<string> {
  const session = await getSession(caller.request);
  const children = [...linkedChildren(session)].sort((a, b) =>
    a.nameFirst.localeCompare(b.nameFirst),
  );
  const counts = await Promise.all(
    children.map(async (child) => {
      const key = childKey(child);
      const r = await callEndpoint(caller, getCartCount, {
        auth: { linkedChild: key },
        timeoutMs: 3000,
      });
      return { name: child.nameFirst, count: r.ok ? r.data.count : 0 };
    }),
  );
  return counts
    .filter((c) => c.count > 0)
    .map((c) =>
      c.count === 1
        ? t("household.cartWaitingOne", { name: c.name })
        : t("household.cartWaitingMany", { name: c.name, count: c.count }),
    )
    .join(" ");
}
