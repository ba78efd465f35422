// Server side of the student import pages (/admin/imports, decision 124): the upload
// (multipart, without JavaScript, each file at most IMPORT_FILE_LIMIT_MB), which the web app
// posts file by file to the district API as raw CSV and then runs as a dry run; the report, paged
// on the server; "Apply"; the report as CSV.
import {
  json,
  redirect,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  MaxPartSizeExceededError,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import {
  applyImportRun,
  exportImportRun,
  getImportRun,
  IMPORT_FILE_LIMIT_MB,
  IMPORT_FILTERS,
  importCatalogue,
  importStaff,
  importStudents,
  uploadImportFile,
  type ImportRunQuery,
} from "@domain/contract/admin-imports";
import {
  ImportApplyForm,
  ImportUploadForm,
  type ImportFileUpload,
} from "@domain/forms/admin-imports";
import { importReportCsvRows } from "@domain/imports/report-csv";
import { t } from "@domain/messages/pages";
import { formatAuditTime } from "@domain/rules/time";
import { callEndpoint, dataOr404 } from "./api";
import { requireAdmin } from "./admin";
import { caller, uuidOr404 } from "./staff-pages";
import { csvResponse, toCsv } from "./csv";
import { parseWithZod } from "./forms.server";
import { readFormData } from "./form-data";
import { flashNotice } from "./session";
import { districtTimeZone } from "./time";

type Args = LoaderFunctionArgs | ActionFunctionArgs;

/** Uploads and runs may take a while on a big file (a OneRoster set of 50,000 students). */
const LONG_CALL_MS = 180_000;

export async function importsPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  return json({ limitMb: IMPORT_FILE_LIMIT_MB });
}

/** The upload's form, each file part kept in memory up to the limit; null when one is larger. */
async function readUpload(request: Request): Promise<FormData | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) return readFormData(request);
  try {
    return await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: IMPORT_FILE_LIMIT_MB * 1024 * 1024 }),
    );
  } catch (err) {
    if (err instanceof MaxPartSizeExceededError) return null;
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

/** Sends one file to the district API, which keeps it for the dry run and the real run. */
async function keepImportFile(
  args: ActionFunctionArgs,
  name: string,
  content: Blob,
): Promise<ImportFileUpload> {
  const res = await callEndpoint(caller(args), uploadImportFile, {
    query: { name },
    body: new Blob([content], { type: "text/csv" }),
    timeoutMs: LONG_CALL_MS,
  });
  if (res.ok) return res.data;
  return {
    error:
      res.status === 413
        ? t("admin.imports.tooLarge", { limit: IMPORT_FILE_LIMIT_MB })
        : `${name}: ${res.message}`,
  };
}

/**
 * The page's upload with progress (JavaScript on): one file as the raw body, named by `?name=`,
 * answered with the kept file's id (or why not) for the form's `uploaded` field.
 */
export async function importFileUploadAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const name = new URL(args.request.url).searchParams.get("name") ?? "";
  if (!/\.csv$/i.test(name) || name.length > 200) {
    return json<ImportFileUpload>({ error: t("admin.imports.notCsv") }, { status: 400 });
  }
  const kept = await keepImportFile(args, name, await args.request.blob());
  return json<ImportFileUpload>(kept, { status: "error" in kept ? 400 : 201 });
}

export async function importsAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const formData = await readUpload(args.request);
  if (!formData) {
    const submission = parseWithZod(new FormData(), { schema: ImportUploadForm });
    return json(
      {
        result: submission.reply({
          formErrors: [t("admin.imports.tooLarge", { limit: IMPORT_FILE_LIMIT_MB })],
        }),
      },
      { status: 413 },
    );
  }
  const submission = parseWithZod(formData, { schema: ImportUploadForm });
  if (submission.status !== "success") {
    return json({ result: submission.reply() }, { status: 400 });
  }
  const ids: string[] = [...submission.value.uploaded];
  for (const file of submission.value.files) {
    const kept = await keepImportFile(args, file.name, file);
    if ("error" in kept) {
      return json({ result: submission.reply({ formErrors: [kept.error] }) }, { status: 400 });
    }
    ids.push(kept.id);
  }
  const { kind, full } = submission.value;
  const run =
    kind === "catalogue"
      ? await callEndpoint(caller(args), importCatalogue, {
          body: { files: ids, dryRun: true },
          timeoutMs: LONG_CALL_MS,
        })
      : await callEndpoint(caller(args), kind === "staff" ? importStaff : importStudents, {
          body: { files: ids, full, dryRun: true },
          timeoutMs: LONG_CALL_MS,
        });
  if (!run.ok) {
    return json({ result: submission.reply({ formErrors: [run.message] }) }, { status: 400 });
  }
  return redirect(`/admin/imports/runs/${run.data.id}`);
}

const runId = (params: Args["params"]) => uuidOr404(params.id, t("admin.imports.runNotFound"));

export async function importRunPage(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = runId(args.params);
  const url = new URL(args.request.url);
  const showParam = url.searchParams.get("show") ?? "all";
  const show = (IMPORT_FILTERS as readonly string[]).includes(showParam)
    ? (showParam as ImportRunQuery["show"])
    : "all";
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page =
    Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const run = dataOr404(
    await callEndpoint(caller(args), getImportRun, { params: { id }, query: { show, page } }),
    { loadError: t("admin.imports.loadError"), notFound: t("admin.imports.runNotFound") },
  );
  return json({
    run: {
      ...run,
      at: formatAuditTime(run.at, districtTimeZone()),
      pages: Math.max(1, Math.ceil(run.total / run.pageSize)),
    },
    show,
    canApply: run.status === "dry-run" && run.summary.refused === 0 && !run.appliedRunId,
    downloadHref: `/admin/imports/runs/${id}/download`,
  });
}

export async function importRunAction(args: ActionFunctionArgs) {
  await requireAdmin(args.request);
  const id = runId(args.params);
  const here = `/admin/imports/runs/${id}`;
  const formData = await readFormData(args.request);
  const form = ImportApplyForm.safeParse({
    intent: formData.get("intent"),
    confirmDeactivations: formData.get("confirmDeactivations") || undefined,
  });
  if (!form.success) {
    if (formData.get("intent") !== "apply") {
      throw new Response(t("error.badRequest"), { status: 400 });
    }
    const notice = { kind: "error" as const, text: t("admin.imports.confirmLabel") };
    return redirect(here, { headers: { "Set-Cookie": await flashNotice(args.request, notice) } });
  }
  const { confirmDeactivations } = form.data;
  const res = await callEndpoint(caller(args), applyImportRun, {
    params: { id },
    body: confirmDeactivations === undefined ? {} : { confirmDeactivations },
    timeoutMs: LONG_CALL_MS,
  });
  const notice = res.ok
    ? {
        kind: res.data.status === "applied" ? ("success" as const) : ("error" as const),
        text:
          res.data.status === "applied"
            ? t("admin.imports.applied")
            : t("admin.imports.cannotApply"),
      }
    : { kind: "error" as const, text: res.message };
  const to = res.ok ? `/admin/imports/runs/${res.data.id}` : here;
  return redirect(to, { headers: { "Set-Cookie": await flashNotice(args.request, notice) } });
}

export async function importRunDownload(args: LoaderFunctionArgs) {
  await requireAdmin(args.request);
  const id = runId(args.params);
  const report = dataOr404(
    await callEndpoint(caller(args), exportImportRun, { params: { id }, timeoutMs: LONG_CALL_MS }),
    { loadError: t("admin.imports.loadError"), notFound: t("admin.imports.runNotFound") },
  );
  return csvResponse(
    toCsv(importReportCsvRows(report.rows, report.kind)),
    `import-${id.slice(0, 8)}`,
  );
}
