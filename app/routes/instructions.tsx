// Instructions: markdown for families (not guests); a dialog with the staff instructions for staff.
import { json, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Paper, Title } from "~/ui";
import { t } from "@domain/messages/common";
import { currentUsers } from "~/.server/auth";
import { loadSettings } from "~/.server/settings";
import { serviceUnavailable } from "~/.server/api";
import { markdownToSafeHtml } from "~/.server/markdown";
import { PageDialog } from "~/components/PageDialog";
import { districtTextLang } from "~/components/district-text";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("instructions.title") };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { student, staff } = await currentUsers(request);
  if (!student && !staff) throw redirect("/signin?redirectTo=%2Finstructions");
  if (!staff && student?.userType === "guest_user") throw redirect("/fees");
  // The page is the settings' text: settings that could not be read are a 503, not an empty page.
  const settings = await loadSettings(context);
  if (!settings) throw serviceUnavailable(t("instructions.loadError"));
  const key = staff ? "instructorInstructions" : "instructions";
  return json({
    staff: Boolean(staff),
    html: await markdownToSafeHtml(settings[key] ?? ""),
    lang: districtTextLang(settings.spanish, key),
  });
}

export default function Instructions() {
  const { staff, html, lang } = useLoaderData<typeof loader>();
  // The markdown is rendered and sanitised on the server.
  const body = <div className="markdown" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
  if (staff) {
    return (
      <PageDialog
        title={t("instructions.title")}
        closeHref="/instructor/"
        closeLabel={t("instructions.close")}
      >
        {body}
      </PageDialog>
    );
  }
  return (
    <Paper p="lg" withBorder>
      <Title order={1} size="h2">
        {t("instructions.title")}
      </Title>
      {body}
    </Paper>
  );
}
