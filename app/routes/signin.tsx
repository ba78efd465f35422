// Student / community member login, with the Recover-ID dialog as a URL state (spec 01 §2).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Anchor } from "~/ui/mantine/Anchor";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Paper } from "~/ui/mantine/Paper";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/common";
import { useLightForm } from "~/components/light-form";
import { familyDestination } from "@domain/rules/destinations";
import { mmddyyyyToIso } from "@domain/rules/calendar";
import { callApi, fetchApi } from "~/.server/api";
import { readFormData } from "~/.server/http-guards";
import { getSession, validStudent, writeSession } from "~/.server/session";
import { loadSettings } from "~/.server/settings";
import { FormError, TextField } from "~/components/fields";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { HashPrefill } from "~/islands/HashPrefill";
import {
  RecoverForm,
  RecoverReply,
  StudentLoginReply,
  StudentSigninForm,
  parseWithZod,
} from "~/.server/forms.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  if (validStudent(await getSession(request)) && !url.searchParams.get("recover")) {
    throw redirect(familyDestination(redirectTo));
  }
  const recover = url.searchParams.get("recover");
  const settings = await loadSettings(context);
  return json({
    redirectTo,
    recover:
      recover === "student" || recover === "member" ? (recover as "student" | "member") : null,
    sent: url.searchParams.get("sent") === "1",
    logInMessage: settings?.logInMessage ?? null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const url = new URL(request.url);
  if (formData.get("intent") === "recover") {
    const submission = parseWithZod(formData, { schema: RecoverForm });
    if (submission.status !== "success") {
      return json({ intent: "recover" as const, result: submission.reply() }, { status: 400 });
    }
    const { kind, email } = submission.value;
    // Spec: the call is not awaited and its reply is ignored; the notice shows whatever happens.
    void callApi(
      { request, context },
      {
        path: kind === "student" ? "/v1/student/recover-student" : "/v1/community/recover-member",
        method: "PUT",
        body: { email },
        auth: "none",
        reply: RecoverReply,
      },
    ).catch(() => undefined);
    const back = new URLSearchParams(url.search);
    back.set("recover", kind);
    back.set("sent", "1");
    return redirect(`/signin?${back.toString()}`);
  }

  const submission = parseWithZod(formData, { schema: StudentSigninForm });
  if (submission.status !== "success") {
    return json({ intent: "login" as const, result: submission.reply() }, { status: 400 });
  }
  const dob = mmddyyyyToIso(submission.value.dob)!;
  const res = await fetchApi({ request, context }, "/v1/student", {
    method: "POST",
    body: { studentId: submission.value.studentId, dob },
    auth: "none",
  }).catch(() => null);
  const body: unknown = res ? await res.json().catch(() => null) : null;
  if (!res || res.status !== 200) {
    // No answer, or the service failed: say so rather than blaming the birth date.
    const message =
      !res || res.status >= 500
        ? t("error.invalidResponse")
        : res.status === 429
          ? t("error.tooManyAttempts")
          : t("signin.failed");
    return json(
      { intent: "login" as const, result: submission.reply({ formErrors: [message] }) },
      { status: res?.status === 429 ? 429 : 400 },
    );
  }
  const reply = StudentLoginReply.safeParse(body);
  if (!reply.success) {
    return json(
      {
        intent: "login" as const,
        result: submission.reply({ formErrors: [t("error.invalidResponse")] }),
      },
      { status: 502 },
    );
  }
  const student = {
    accessToken: reply.data.accessToken,
    expires: Date.parse(reply.data.expires),
    userType: reply.data.userType,
    studentId: reply.data.studentId,
    nameFirst: reply.data.nameFirst,
    nameLast: reply.data.nameLast,
  };
  return redirect(familyDestination(url.searchParams.get("redirectTo")), {
    headers: { "Set-Cookie": await writeSession(request, { student }) },
  });
}

/** The "Forgot … ID Number" link that opened the dialog gets the focus back when it closes. */
const forgotLinkId = (kind: "student" | "member") => `forgot-${kind}-id`;

function RecoverDialog({
  kind,
  sent,
  closeHref,
}: {
  kind: "student" | "member";
  sent: boolean;
  closeHref: string;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useLightForm({
    id: `recover-${kind}`,
    lastResult: actionData?.intent === "recover" ? actionData.result : undefined,
    loadSchema: () => import("@domain/forms/signin").then((m) => m.RecoverForm),
    shouldValidate: "onBlur",
  });
  const title = kind === "student" ? t("recover.titleStudent") : t("recover.titleMember");
  return (
    <PageDialog
      title={title}
      closeHref={closeHref}
      closeLabel={t("dialog.close")}
      openerId={forgotLinkId(kind)}
    >
      {sent ? (
        <Alert color="green" role="status" mb="md">
          {kind === "student" ? t("recover.noticeStudent") : t("recover.noticeMember")}
        </Alert>
      ) : null}
      <Form method="post" {...form.props}>
        <input type="hidden" name="intent" value="recover" />
        <input type="hidden" name="kind" value={kind} />
        <Stack>
          <TextField
            meta={fields.email}
            label={t("recover.email")}
            type="email"
            autoComplete="email"
          />
          <Group justify="flex-end">
            <Button component={Link} to={hrefTo(closeHref, forgotLinkId(kind))} variant="default">
              {t("recover.cancel")}
            </Button>
            <Button type="submit" loading={navigation.state === "submitting"}>
              {t("recover.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </PageDialog>
  );
}

export default function SignIn() {
  const { recover, sent, redirectTo, logInMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useLightForm({
    id: "student-signin",
    lastResult: actionData?.intent === "login" ? actionData.result : undefined,
    loadSchema: () => import("@domain/forms/signin").then((m) => m.StudentSigninForm),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const keep = redirectTo ? `redirectTo=${encodeURIComponent(redirectTo)}&` : "";
  const here = `/signin${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("signin.title")}
      </Title>
      {logInMessage ? (
        <Text size="sm" mb="md">
          {logInMessage}
        </Text>
      ) : null}
      <Form method="post" {...form.props} action={here}>
        <input type="hidden" name="intent" value="login" />
        <Stack>
          <FormError errors={form.errors} id={form.errorId} />
          <TextField
            meta={fields.studentId}
            label={t("signin.studentId")}
            inputMode="numeric"
            autoComplete="username"
          />
          <TextField
            meta={fields.dob}
            label={t("signin.dob")}
            inputMode="numeric"
            placeholder="MM/DD/YYYY"
            autoComplete="bday"
          />
          <Group justify="space-between">
            <Button component={Link} to="/" variant="default">
              {t("signin.back")}
            </Button>
            <Button
              type="submit"
              loading={
                navigation.state === "submitting" && navigation.formData?.get("intent") === "login"
              }
            >
              {t("signin.login")}
            </Button>
          </Group>
          <Anchor
            component={Link}
            to={`/signin?${keep}recover=student`}
            id={forgotLinkId("student")}
            size="sm"
          >
            {t("signin.forgotStudent")}
          </Anchor>
          <Anchor
            component={Link}
            to={`/signin?${keep}recover=member`}
            id={forgotLinkId("member")}
            size="sm"
          >
            {t("signin.forgotMember")}
          </Anchor>
        </Stack>
      </Form>
      <HashPrefill formId={form.id} />
      {recover ? <RecoverDialog kind={recover} sent={sent} closeHref={here} /> : null}
    </Paper>
  );
}
