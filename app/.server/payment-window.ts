// "More time" on a payment window (decision 146): the card's or the payment
// dialog's plain form post asks the district API for the one extension. Without JavaScript the
// page is shown again (it reads the new deadline from the API) with a notice; the countdown's
// script posts with reply=json and moves to the deadline answered.
import { json, redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { extendPaymentWindow } from "@domain/contract/programs";
import { t } from "@domain/messages/programs";
import { callEndpoint } from "./api";
import { safeBack } from "./programs";
import { flashNotice } from "./session";

interface Caller {
  request: Request;
  context: Pick<AppLoadContext, "apiBaseUrl" | "clientIp"> &
    Partial<Pick<AppLoadContext, "requestId">>;
}

/** What the countdown's script gets back: the new deadline, or why there is none. */
export type MoreTimeReply = { deadline: string } | { error: string };

const MoreTimeForm = z.object({
  registrationId: z.string().uuid(),
  reply: z.literal("json").optional(),
});

/** The list pages, or the payment dialog of a course. */
function backOf(value: FormDataEntryValue | null): string {
  const v = typeof value === "string" ? value : "";
  return /^\/payment\/[0-9a-f-]{36}$/i.test(v) ? v : safeBack(v);
}

export async function moreTimeResponse(caller: Caller, form: FormData): Promise<Response> {
  const back = backOf(form.get("back"));
  const posted = MoreTimeForm.safeParse({
    registrationId: form.get("registrationId"),
    reply: form.get("reply") ?? undefined,
  });
  const res = posted.success
    ? await callEndpoint(caller, extendPaymentWindow, {
        params: { registrationId: posted.data.registrationId },
      })
    : null;
  const error = res?.ok
    ? null
    : `${t("card.moreTimeFailed")}${res?.hint ? ` ${res.hint}` : res ? ` ${res.message}` : ""}`;
  if (posted.success && posted.data.reply === "json") {
    return json<MoreTimeReply>(
      res?.ok ? { deadline: res.data.paymentDeadline } : { error: error ?? "" },
    );
  }
  const cookie = await flashNotice(caller.request, {
    kind: res?.ok ? "success" : "error",
    text: res?.ok ? t("card.moreTimeGiven") : (error ?? ""),
  });
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}
