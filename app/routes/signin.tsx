// Student / community member login, with the Recover-ID dialog as a URL state (spec 01 §2).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "~/ui";
import { t } from "@domain/messages/common";
import { useZodForm } from "~/components/zod-form";
import { StudentSignInFields, studentSignInLabel } from "~/components/StudentSignInFields";
import { ErrorSummary, TextField } from "~/components/fields";
import { hrefTo, PageDialog } from "~/components/PageDialog";
import { HashPrefill } from "~/islands/HashPrefill";
import { PreloadPageScripts } from "~/islands/PreloadPageScripts";
import { familySignInPage, familySignInAction } from "~/.server/identity";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("signin.title") };

export function loader(args: LoaderFunctionArgs) {
  return familySignInPage(args);
}

export function action(args: ActionFunctionArgs) {
  return familySignInAction(args);
}

/** The "Forgot … ID Number" link that opened the dialog gets the focus back when it closes. */
const forgotLinkId = (kind: "student" | "member") => `forgot-${kind}-id`;

/** The recovery form's one field, for the error summary's link. */
const recoverLabel = (name: string) => (name === "email" ? t("recover.email") : undefined);

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
  const recoverResult =
    actionData?.result.initialValue?.intent === "recover" ? actionData.result : undefined;
  const [form, fields, formProps] = useZodForm({
    id: `recover-${kind}`,
    lastResult: recoverResult,
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.RecoverForm,
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
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="recover" />
        <input type="hidden" name="kind" value={kind} />
        <Stack>
          <ErrorSummary form={form} result={recoverResult} labelOf={recoverLabel} />
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
  const { recover, sent, redirectTo, logInMessage, nextPageScripts } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const loginResult =
    actionData?.result.initialValue?.intent === "login" ? actionData.result : undefined;
  const [form, fields, formProps] = useZodForm({
    id: "student-signin",
    lastResult: loginResult,
    load: () => import("@domain/forms/signin"),
    schema: (m) => m.StudentSigninForm,
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
        <Text size="sm" mb="md" lang={logInMessage.lang}>
          {logInMessage.text}
        </Text>
      ) : null}
      <Form method="post" {...formProps} action={here}>
        <input type="hidden" name="intent" value="login" />
        <Stack>
          <ErrorSummary form={form} result={loginResult} labelOf={studentSignInLabel} />
          <StudentSignInFields
            studentId={fields.studentId}
            dob={fields.dob}
            idAutoComplete="username"
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
          <Anchor component={Link} to="/register-community-member" size="sm">
            {t("signin.createMember")}
          </Anchor>
        </Stack>
      </Form>
      <HashPrefill formId={form.id} />
      <PreloadPageScripts hrefs={nextPageScripts} />
      {recover ? <RecoverDialog kind={recover} sent={sent} closeHref={here} /> : null}
    </Paper>
  );
}
