// /admin/schools/years/new: a new school year, by its name (decision 149).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { t } from "@domain/messages/admin";
import { schoolYearCreateAction, schoolYearCreatePage } from "~/.server/admin-schools";
import { SchoolYearFormPage } from "~/components/admin/school-forms";

export function loader(args: LoaderFunctionArgs) {
  return schoolYearCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return schoolYearCreateAction(args);
}

export default function AdminSchoolYearNew() {
  const actionData = useActionData<typeof action>();
  return (
    <SchoolYearFormPage
      title={t("admin.schools.newYearTitle")}
      submit={t("admin.schools.addYear")}
      lastResult={actionData?.result}
    />
  );
}
