// Server side of the administration's program, course and section pages (/admin/programs,
// decision 120): the district API calls and the replies of each page's loader
// and action. The district API decides authorisation and every rule; a refusal comes back as the
// field's error (its hint names the field) or the form's message.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import {
  cancelSection,
  changeCourse,
  changeProgram,
  copyProgram,
  createCourse,
  createProgram,
  createSection,
  deleteSection,
  getCourse,
  getProgram,
  getSection,
  getSectionOptions,
  listCourses,
  listPrograms,
  saveSection,
  type ListQuery,
} from "@domain/contract/admin-catalogue";
import {
  CopyForm,
  CourseForm,
  ProgramForm,
  SectionForm,
  sectionBody,
  sectionFieldName,
} from "@domain/forms/admin-catalogue";
import { t } from "@domain/messages/admin";
import { findControlCharacter } from "@domain/rules/input";
import { callEndpoint, dataOr404, type ApiResult, endpointCall } from "./api";
import { readFormData } from "./form-data";
import { requireAdmin } from "./admin";
import { askStaffApi, caller, submitStaffForm, uuidOr404 } from "./staff-pages";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** A program's, course's or section's id from the URL; anything else is the page's 404. */
const idParam = (value: string | undefined) => uuidOr404(value, t("admin.catalogue.notFound"));

/** The reply's data, or the page's 503, 404 or other refusal (`dataOr404`). */
const orThrow = <T>(res: ApiResult<T>): T =>
  dataOr404(res, { loadError: t("admin.catalogue.loadError") });

/**
 * The list query of a page's URL: its search and page. A search holding a control character is
 * not sent (the district API refuses it); the page says so beside the field and lists everything.
 */
function listQuery(url: URL): {
  q: string;
  qError: string | null;
  page: number;
  query: z.input<typeof ListQuery>;
} {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const qError = findControlCharacter(q) ? t("admin.catalogue.searchControl") : null;
  const n = Number(url.searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
  const query = { q: q && !qError ? q : undefined, page: page > 1 ? page : undefined };
  return { q, qError, page, query };
}

const pages = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

// ---- Programs --------------------------------------------------------------------------------

export async function programListPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const { q, qError, query } = listQuery(new URL(args.request.url));
  const data = orThrow(await callEndpoint(caller(args), listPrograms, { query }));
  return json({ q, qError, ...data, pages: pages(data.total, data.pageSize) });
}

export async function programCreatePage({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return json({});
}

export async function programCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "program",
    schema: ProgramForm,
    call: (body) => endpointCall(createProgram, { body }),
    done: ({ id }, { name }) => ({
      to: `/admin/programs/${id}`,
      notice: t("admin.programs.created", { name }),
    }),
  });
}

export async function programDetailPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.id);
  const { q, qError, query } = listQuery(new URL(args.request.url));
  const data = orThrow(await callEndpoint(caller(args), getProgram, { params: { id }, query }));
  return json({ q, qError, ...data, pages: pages(data.total, data.pageSize) });
}

/** Saves the program's form, or copies it to a new term (intent "copy"). */
export async function programDetailAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.id);
  const formData = await readFormData(args.request);
  if (formData.get("intent") === "copy") {
    return submitStaffForm(args, formData, {
      form: "copy",
      schema: CopyForm,
      call: ({ intent: _i, ...body }) => endpointCall(copyProgram, { params: { id }, body }),
      done: (copy) => ({
        to: `/admin/programs/${copy.programId}`,
        notice: t("admin.programs.copied", {
          sections: String(copy.sections),
          questions: String(copy.questions),
        }),
      }),
    });
  }
  return submitStaffForm(args, formData, {
    form: "program",
    schema: ProgramForm,
    call: (body) => endpointCall(changeProgram, { params: { id }, body }),
    done: ({ changed }) => ({
      to: `/admin/programs/${id}`,
      notice: changed.length ? t("admin.programs.saved") : t("admin.programs.unchanged"),
    }),
  });
}

// ---- Courses ---------------------------------------------------------------------------------

export async function courseListPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const { q, qError, query } = listQuery(new URL(args.request.url));
  const data = orThrow(await callEndpoint(caller(args), listCourses, { query }));
  return json({ q, qError, ...data, pages: pages(data.total, data.pageSize) });
}

export async function courseCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "course",
    schema: CourseForm,
    call: (body) => endpointCall(createCourse, { body }),
    done: (_created, { name }) => ({
      to: `/admin/programs/courses?q=${encodeURIComponent(name)}`,
      notice: t("admin.courses.created", { name }),
    }),
  });
}

export async function courseEditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.id);
  const course = orThrow(await callEndpoint(caller(args), getCourse, { params: { id } }));
  return json({ course });
}

export async function courseUpdateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.id);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "course",
    schema: CourseForm,
    call: (body) => endpointCall(changeCourse, { params: { id }, body }),
    done: ({ changed }) => ({
      to: `/admin/programs/courses/${id}`,
      notice: changed.length ? t("admin.courses.saved") : t("admin.programs.unchanged"),
    }),
  });
}

// ---- Sections --------------------------------------------------------------------------------

async function sectionOptions(args: Args) {
  return orThrow(await callEndpoint(caller(args), getSectionOptions, {}));
}

export async function sectionCreatePage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.id);
  const detail = orThrow(
    await callEndpoint(caller(args), getProgram, { params: { id }, query: {} }),
  );
  return json({ program: detail.program, options: await sectionOptions(args) });
}

export async function sectionCreateAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const programId = idParam(args.params.id);
  return submitStaffForm(args, await readFormData(args.request), {
    form: "section",
    schema: SectionForm,
    call: (value) => endpointCall(createSection, { body: { programId, ...sectionBody(value) } }),
    rename: sectionFieldName,
    done: () => ({ to: `/admin/programs/${programId}`, notice: t("admin.sections.created") }),
  });
}

async function readSection(args: Args, id: string) {
  return orThrow(await callEndpoint(caller(args), getSection, { params: { id } }));
}

export async function sectionEditPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.sectionId);
  return json({ section: await readSection(args, id), options: await sectionOptions(args) });
}

/** Saves the section (intent "save"), or deletes one nobody registered in (intent "delete"). */
export async function sectionEditAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.sectionId);
  const formData = await readFormData(args.request);
  const here = `/admin/programs/sections/${id}`;
  if (formData.get("intent") === "delete") {
    const section = await readSection(args, id);
    return askStaffApi(args, here, endpointCall(deleteSection, { params: { id } }), () => ({
      to: `/admin/programs/${section.programId}`,
      notice: t("admin.sections.deleted"),
    }));
  }
  return submitStaffForm(args, formData, {
    form: "section",
    schema: SectionForm,
    call: (value) => endpointCall(saveSection, { params: { id }, body: sectionBody(value) }),
    rename: sectionFieldName,
    done: ({ offered }) => ({
      to: here,
      notice:
        offered > 0
          ? t("admin.sections.seatsOffered", { count: String(offered) })
          : t("admin.sections.saved"),
    }),
  });
}

export async function sectionCancelPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  return json({ section: await readSection(args, idParam(args.params.sectionId)) });
}

export async function sectionCancelAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = idParam(args.params.sectionId);
  const section = await readSection(args, id);
  return askStaffApi(
    args,
    `/admin/programs/sections/${id}`,
    endpointCall(cancelSection, { params: { id } }),
    ({ told, refunds }) => ({
      to: `/admin/programs/${section.programId}`,
      notice: refunds
        ? t("admin.sections.cancelledRefunds", { told: String(told), refunds: String(refunds) })
        : t("admin.sections.cancelled", { told: String(told) }),
    }),
  );
}
