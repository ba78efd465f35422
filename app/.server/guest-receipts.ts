// A guest's earlier receipts (decision 141): the page lists them once this guest session proved
// the mailbox with a code mailed to it; the action sends the code or checks it.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  confirmMailboxCode,
  listEarlierReceipts,
  sendMailboxCode,
} from "@domain/contract/guest-receipts";
import { MailboxCodeForm } from "@domain/forms/guest-receipts";
import { t } from "@domain/messages/guest-receipts";
import { formatUsd } from "@domain/rules/money";
import { formatDistrictDate } from "@domain/rules/time";
import { callEndpoint, or503 } from "./api";
import { requireFamily } from "./auth";
import { parseWithZod } from "./forms.server";
import { readFormData } from "./form-data";
import { districtTimeZone } from "./time";

async function requireGuest(request: Request) {
  const s = await requireFamily(request);
  if (s.userType !== "guest_user") throw redirect("/fees");
  return s;
}

export async function guestReceiptsPage(args: LoaderFunctionArgs) {
  await requireGuest(args.request);
  const res = or503(
    await callEndpoint(args, listEarlierReceipts, {}),
    t("guestReceipts.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status >= 500 ? 502 : res.status });
  const sent = new URL(args.request.url).searchParams.get("sent") === "1";
  return json({
    proven: res.data.proven,
    sent,
    receipts: res.data.receipts.map((r) => ({
      href: `/cart-receipt/${r.cartId}`,
      label: t("guestReceipts.receipt", {
        date: r.paidAt ? formatDistrictDate(r.paidAt, districtTimeZone()) : "",
        amount: formatUsd(r.paidCents),
      }),
    })),
  });
}

export async function guestReceiptsAction(args: ActionFunctionArgs) {
  await requireGuest(args.request);
  const submission = parseWithZod(await readFormData(args.request), { schema: MailboxCodeForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const v = submission.value;
  const res =
    v.intent === "send"
      ? await callEndpoint(args, sendMailboxCode, {})
      : await callEndpoint(args, confirmMailboxCode, { body: { code: v.code } });
  if (!res.ok) {
    const errors = v.intent === "confirm" ? { fieldErrors: { code: [res.message] } } : undefined;
    return json(
      { result: submission.reply(errors ?? { formErrors: [res.message] }) },
      { status: res.status >= 500 ? 502 : 400 },
    );
  }
  return redirect(v.intent === "send" ? "/guest-receipts?sent=1" : "/guest-receipts");
}
