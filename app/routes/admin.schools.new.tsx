// /admin/schools/new: a new school, its short name (as files name it) and full name (decision 149).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { t } from "@domain/messages/admin";
import { schoolCreateAction, schoolCreatePage } from "~/.server/admin-schools";
import { SchoolFormPage } from "~/components/admin/school-forms";

export function loader(args: LoaderFunctionArgs) {
  return schoolCreatePage(args);
}

export function action(args: ActionFunctionArgs) {
  return schoolCreateAction(args);
}

export default function AdminSchoolNew() {
  const actionData = useActionData<typeof action>();
  return (
    <SchoolFormPage
      title={t("admin.schools.newTitle")}
      submit={t("admin.schools.add")}
      lastResult={actionData?.result}
    />
  );
}
