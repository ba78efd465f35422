// Community member registration (spec 01 §2, §3, §5): the form with signature and guardians,
// then a page saying the ID was e-mailed. `?standalone=1` is the variant linked from outside the
// app (decision 021): its 409 message sends the person back to login or ID recovery.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import type * as CommunityForms from "@domain/forms/community";
import { Anchor, Button, Paper, Stack, Text, Title } from "~/ui";
import { withLinks } from "~/components/with-links";
import { t } from "@domain/messages/community";
import { MemberForm, type MemberFormShape } from "~/components/community/MemberForm";
import type { RegisterMemberForm } from "~/.server/forms.server";
import { communityRegistrationPage, communityRegistrationAction } from "~/.server/identity";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("community.title") };

export function loader(args: LoaderFunctionArgs) {
  return communityRegistrationPage(args);
}

export function action(args: ActionFunctionArgs) {
  return communityRegistrationAction(args);
}

function Created() {
  return (
    <Paper className="center-narrow" p="lg" withBorder>
      <Title order={1} size="h2" mb="sm">
        {t("community.successTitle")}
      </Title>
      <Text role="status" mb="md">
        {t("community.success")}
      </Text>
      <Button component={Link} to="/signin">
        {t("community.successLogin")}
      </Button>
    </Paper>
  );
}

export default function RegisterCommunityMember() {
  const { standalone, created } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm<
    typeof CommunityForms,
    typeof RegisterMemberForm,
    MemberFormShape
  >({
    id: "register-member",
    lastResult: actionData?.result,
    defaultValue: { guardians: [{}, {}] },
    load: () => import("@domain/forms/community"),
    schema: (m) => m.RegisterMemberForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  if (created) return <Created />;
  const here = `/register-community-member${standalone ? "?standalone=1" : ""}`;
  // The spec's "already exists" words with their links: ID recovery (and login, standalone).
  const existsMessage = actionData?.exists
    ? withLinks(t(standalone ? "community.existsStandalone" : "community.exists"), {
        recover: (
          <Anchor component={Link} to="/signin?recover=member">
            {t("community.forgotMemberId")}
          </Anchor>
        ),
        login: (
          <Anchor component={Link} to="/signin">
            {t("community.existsLogin")}
          </Anchor>
        ),
      })
    : undefined;
  const tooLarge = actionData?.tooLarge ? (
    <div role="alert" className="field-error">
      {t("community.signatureInvalid")}
    </div>
  ) : null;
  return (
    <Paper p="lg" withBorder>
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {t("community.title")}
        </Title>
        <Text size="sm">{t("community.intro")}</Text>
      </Stack>
      <MemberForm
        form={form}
        fields={fields}
        formProps={formProps}
        action={here}
        carriedSignature={actionData?.carried ?? null}
        submitLabel={t("community.submit")}
        pending={navigation.state === "submitting"}
        formMessage={tooLarge}
        result={actionData?.result}
        summaryMessage={existsMessage}
      />
    </Paper>
  );
}
