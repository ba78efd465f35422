// /programs (spec 01 §2 "Programs page", §4): the home message, the program picker, the health
// survey gate, and the activities with search, program filter and partial payments. Filters are a
// GET form; card actions post here; questions, confirmations and the survey are child URLs.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { Stack } from "~/ui";
import { CourseStatus } from "@domain/contract/programs";
import { REASON_TIMEOUT } from "@domain/rules/cancel-reasons";
import { t } from "@domain/messages/programs";
import { requireParticipant } from "~/.server/auth";
import {
  cardActionResponse,
  homeMessageCookie,
  programsPage,
  runCardAction,
  safeBack,
  type CardIntent,
} from "~/.server/programs";
import { moreTimeResponse } from "~/.server/payment-window";
import { nextPageScripts, PAGE_ROUTES } from "~/.server/next-page-scripts";
import { ProgramsList } from "~/components/programs/ProgramsList";
import { PaymentExpiryDialog } from "~/islands/PaymentCountdown";
import { ProgramsRefresh } from "~/islands/ProgramsRefresh";
import { PreloadPageScripts } from "~/islands/PreloadPageScripts";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("programs.title") };

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireParticipant(request);
  return json({
    ...(await programsPage({ request, context }, new URL(request.url))),
    // "Register" leads to the activity's payment page.
    nextPageScripts: nextPageScripts(context, {
      next: PAGE_ROUTES.payment,
      current: PAGE_ROUTES.programs,
    }),
  });
}

const INTENTS: CardIntent[] = ["register", "waitlist", "cancel", "leaveWaitlist"];

export async function action({ request, context }: ActionFunctionArgs) {
  await requireParticipant(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = safeBack(form.get("back"));
  if (intent === "closeHome") {
    return redirect(back, { headers: { "Set-Cookie": await homeMessageCookie.serialize("1") } });
  }
  const id = String(form.get("courseSelectionUUID") ?? "");
  const status = CourseStatus.safeParse(form.get("status"));
  const reason = String(form.get("reason") ?? "").slice(0, 200) || undefined;
  if (intent === "moreTime") return moreTimeResponse({ request, context }, form);
  if (intent === "expire") {
    // The page's payment window ran out: cancel now (the server would expire the hold anyway).
    const res = await runCardAction({ request, context }, "cancel", id, {
      reason: REASON_TIMEOUT,
    });
    return json({ expired: true, ok: res.ok });
  }
  if (!INTENTS.includes(intent as CardIntent)) return redirect(back);
  return cardActionResponse(
    { request, context },
    intent as CardIntent,
    id,
    {
      reason,
      activeCourse: {
        courseSelectionUUID: id,
        ...(status.success ? { status: status.data } : {}),
      },
    },
    back,
  );
}

export default function Programs() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Stack gap="md">
      <ProgramsList data={data} search={location.search} />
      <Outlet />
      <PaymentExpiryDialog />
      <ProgramsRefresh />
      <PreloadPageScripts hrefs={data.nextPageScripts} />
    </Stack>
  );
}
