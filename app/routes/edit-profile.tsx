// My Profile for community members (spec 01 §2, §5): the registration fields prefilled from
// GET /v1/profile/community, guardians editable (ids kept), saved with PUT; a notice on success.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useZodForm } from "~/components/zod-form";
import type * as CommunityForms from "@domain/forms/community";
import { Alert, Paper, Stack, Title } from "~/ui";
import { t } from "@domain/messages/community";
import { formatUsPhone } from "@domain/forms/community-fields";
import { isoToMmddyyyy } from "@domain/rules/calendar";
import { MemberForm, type MemberFormShape } from "~/components/community/MemberForm";
import type { CommunityProfile, ProfileForm } from "~/.server/forms.server";
import { profilePage, profileAction } from "~/.server/identity";
import type { PageHandle } from "~/components/page-title";

export const handle: PageHandle = { title: t("profile.title") };

export function loader(args: LoaderFunctionArgs) {
  return profilePage(args);
}

export function action(args: ActionFunctionArgs) {
  return profileAction(args);
}

function formValues(p: CommunityProfile): Omit<Partial<MemberFormShape>, "signatureFile"> {
  return {
    nameFirst: p.nameFirst,
    nameLast: p.nameLast,
    dob: isoToMmddyyyy(p.dob),
    grade: p.grade ?? "",
    gender: p.gender ?? "",
    address: p.address ?? "",
    city: p.city ?? "",
    state: p.state ?? "",
    zip: p.zip ?? "",
    homePhone: formatUsPhone(p.homePhone),
    email: p.email ?? "",
    printedSignature: p.printedSignature ?? "",
    guardians: p.guardians.map((g) => ({
      id: String(g.id),
      nameFirst: g.nameFirst,
      nameLast: g.nameLast,
      relationship: g.relationship,
      relationshipOther: g.relationshipOther ?? "",
      phone1: formatUsPhone(g.phone1),
      phone1Type: g.phone1Type,
      phone2: formatUsPhone(g.phone2),
      phone2Type: g.phone2Type ?? "",
      email: g.email ?? "",
    })),
  };
}

export default function EditProfile() {
  const { profile, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields, formProps] = useZodForm<
    typeof CommunityForms,
    typeof ProfileForm,
    MemberFormShape
  >({
    id: "edit-profile",
    lastResult: actionData?.result,
    defaultValue: profile ? formValues(profile) : { guardians: [{}, {}] },
    load: () => import("@domain/forms/community"),
    schema: (m) => m.ProfileForm,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Paper p="lg" withBorder>
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2">
          {t("profile.title")}
        </Title>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
      {profile ? (
        <MemberForm
          form={form}
          fields={fields}
          formProps={formProps}
          action="/edit-profile"
          carriedSignature={actionData?.carried ?? null}
          signatureOnFile={profile.digitalSignature}
          submitLabel={t("profile.submit")}
          pending={navigation.state === "submitting"}
          result={actionData?.result}
          formMessage={
            actionData?.tooLarge ? (
              <div role="alert" className="field-error">
                {t("community.signatureInvalid")}
              </div>
            ) : null
          }
        />
      ) : null}
    </Paper>
  );
}
