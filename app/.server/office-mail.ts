// Server side of the business office's mail log (/office/mail, decision 130): a family's mail by
// student ID, member number or address, and "resend" of a receipt or confirmation. The district
// API decides who may (business_office, district_admin); requireOffice only sends others away.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getMailLog, resendMail } from "@domain/contract/office-mail";
import { MailSearchForm, ResendMailForm } from "@domain/forms/office-mail";
import { t, type AdminKey } from "@domain/messages/admin";
import { formatDistrictDateTime } from "@domain/rules/time";
import { callEndpoint, or503, endpointCall } from "./api";
import { readFormData } from "./form-data";
import { askStaffApi, caller, withNotice } from "./staff-pages";
import { districtTimeZone } from "./time";
import { requireOffice } from "./office";

const label = (key: string, fallback: string) => {
  const text = t(key as AdminKey);
  return text === key ? fallback : text;
};

export async function mailLogPage(args: LoaderFunctionArgs) {
  await requireOffice(args.request);
  const raw = new URL(args.request.url).searchParams.get("q")?.trim() ?? "";
  const parsed = MailSearchForm.safeParse({ q: raw });
  if (!raw) return json({ q: "", queryError: null, loadError: null, messages: null });
  if (!parsed.success) {
    return json({
      q: raw,
      queryError: parsed.error.issues[0]?.message ?? t("office.mail.queryInvalid"),
      loadError: null,
      messages: null,
    });
  }
  const res = or503(
    await callEndpoint(caller(args), getMailLog, { query: { q: parsed.data.q ?? "" } }),
    t("office.mail.loadError"),
  );
  const zone = districtTimeZone();
  return json({
    q: raw,
    queryError: null,
    loadError: res.ok ? null : res.message,
    messages: res.ok
      ? res.data.messages.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          kind: label(`office.mail.kind.${m.kind}`, m.kind),
          status: label(`office.mail.status.${m.status}`, m.status),
          failed: m.status === "failed",
          attempts: m.attempts,
          queued: formatDistrictDateTime(m.createdAt, zone),
          sent: m.sentAt ? formatDistrictDateTime(m.sentAt, zone) : "",
          resendable: m.resendable,
        }))
      : null,
  });
}

export async function mailLogAction(args: ActionFunctionArgs) {
  await requireOffice(args.request);
  const formData = await readFormData(args.request);
  const parsed = ResendMailForm.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return withNotice(args.request, "/office/mail", t("office.mail.notFound"), "error");
  }
  const { id, q } = parsed.data;
  const here = q ? `/office/mail?${new URLSearchParams({ q })}` : "/office/mail";
  return askStaffApi(args, here, endpointCall(resendMail, { params: { id } }), (reply) =>
    t("office.mail.resent", { to: reply.to }),
  );
}
