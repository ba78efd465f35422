// /admin/schools/years/:id: renaming a school year (decision 149), audited by the district API.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { t } from "@domain/messages/admin";
import { schoolYearEditAction, schoolYearEditPage } from "~/.server/admin-schools";
import { SchoolYearFormPage } from "~/components/admin/school-forms";

export function loader(args: LoaderFunctionArgs) {
  return schoolYearEditPage(args);
}

export function action(args: ActionFunctionArgs) {
  return schoolYearEditAction(args);
}

export default function AdminSchoolYearEdit() {
  const { schoolYear } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <SchoolYearFormPage
      title={t("admin.schools.editYearTitle", { name: schoolYear.year })}
      submit={t("admin.schools.save")}
      lastResult={actionData?.result}
      defaultValue={{ year: schoolYear.year }}
    />
  );
}
