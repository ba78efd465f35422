// /admin/schools/:id: renaming a school (decision 149); the change is audited by the district API.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/admin";
import { schoolEditAction, schoolEditPage } from "~/.server/admin-schools";
import { SchoolFormPage } from "~/components/admin/school-forms";

export function loader(args: LoaderFunctionArgs) {
  return schoolEditPage(args);
}

export function action(args: ActionFunctionArgs) {
  return schoolEditAction(args);
}

export default function AdminSchoolEdit() {
  const { school } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SchoolFormPage
      title={t("admin.schools.editTitle", { name: school.shortName })}
      submit={t("admin.schools.save")}
      lastResult={actionData?.result}
      defaultValue={{ shortName: school.shortName, fullName: school.fullName }}
    />
  );
}
