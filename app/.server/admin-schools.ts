// Server side of the schools and school years pages (/admin/schools, decision 149):
// the district API's calls and each page's loader and action. The district API decides who
// may; the guard only sends others away.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  createSchool,
  createSchoolYear,
  listSchools,
  renameSchool,
  renameSchoolYear,
  type SchoolsReply,
} from "@domain/contract/admin-schools";

import { SchoolForm, SchoolYearForm } from "@domain/forms/admin-schools";
import { t } from "@domain/messages/admin";
import { callEndpoint, or503, endpointCall } from "./api";
import { requireAdmin } from "./admin";
import { readFormData } from "./form-data";
import { caller, idOr404, submitStaffForm } from "./staff-pages";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

async function readSchools(args: Args): Promise<SchoolsReply> {
  const res = or503(
    await callEndpoint(caller(args), listSchools, {}),
    t("admin.schools.loadError"),
  );
  if (!res.ok) throw new Response(res.message, { status: res.status });
  return res.data;
}

export async function schoolsPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  return json(await readSchools(args));
}

export async function schoolCreatePage({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function schoolCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "school",
    schema: SchoolForm,
    call: (body) => endpointCall(createSchool, { body }),
    done: (school) => ({
      to: "/admin/schools",
      notice: t("admin.schools.created", { name: school.shortName }),
    }),
  });
}

export async function schoolEditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idOr404(args.params.id, t("admin.schools.notFound"));
  const school = (await readSchools(args)).schools.find((s) => s.id === id);
  if (!school) throw new Response(t("admin.schools.notFound"), { status: 404 });
  return json({ school });
}

export async function schoolEditAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idOr404(args.params.id, t("admin.schools.notFound"));
  return submitStaffForm(args, await readFormData(args.request), {
    form: "school",
    schema: SchoolForm,
    call: (body) => endpointCall(renameSchool, { params: { id }, body }),
    done: ({ changed, school }) => ({
      to: "/admin/schools",
      notice: changed
        ? t("admin.schools.saved", { name: school.shortName })
        : t("admin.schools.unchanged"),
    }),
  });
}

export async function schoolYearCreatePage({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function schoolYearCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "school-year",
    schema: SchoolYearForm,
    call: (body) => endpointCall(createSchoolYear, { body }),
    done: (year) => ({
      to: "/admin/schools",
      notice: t("admin.schools.yearCreated", { name: year.year }),
    }),
  });
}

export async function schoolYearEditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idOr404(args.params.id, t("admin.schools.yearNotFound"));
  const schoolYear = (await readSchools(args)).schoolYears.find((y) => y.id === id);
  if (!schoolYear) throw new Response(t("admin.schools.yearNotFound"), { status: 404 });
  return json({ schoolYear });
}

export async function schoolYearEditAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idOr404(args.params.id, t("admin.schools.yearNotFound"));
  return submitStaffForm(args, await readFormData(args.request), {
    form: "school-year",
    schema: SchoolYearForm,
    call: (body) => endpointCall(renameSchoolYear, { params: { id }, body }),
    done: ({ changed, schoolYear }) => ({
      to: "/admin/schools",
      notice: changed
        ? t("admin.schools.yearSaved", { name: schoolYear.year })
        : t("admin.schools.unchanged"),
    }),
  });
}
