// Size limits of the web app's posted bodies (decision 103), applied by the server before a page
// reads anything (server/web-body-limit.ts). The district API under /v1 has its own limit (its
// JSON parser answers 413).
import { IMPORT_FILE_LIMIT_MB, IMPORT_MAX_FILES } from "../../domain/contract/admin-imports";

/** Every form of the web app but the signature forms: a few KB of fields at most. */
export const WEB_BODY_MAX = 256 * 1024;

/**
 * The signature forms: a drawn signature as a PNG data URL (at most 400,000 characters) or an
 * uploaded PNG of at most 200 KB, beside the other fields. 2 MiB leaves room for both and lets a
 * somewhat too large picture reach the form, which then says so beside the field.
 */
export const SIGNATURE_FORM_MAX = 2 * 1024 * 1024;

const SIGNATURE_FORMS = new Set(["/register-community-member", "/edit-profile"]);

const MIB = 1024 * 1024;

/**
 * The administration's import uploads (decision 124): the page's multipart post carries up to
 * IMPORT_MAX_FILES files of IMPORT_FILE_LIMIT_MB each (and a little framing); the upload with
 * progress posts one file at a time as its raw body. Only administrators get past the page's
 * guard, and the upload handler still refuses a file over its limit beside the field.
 */
const IMPORT_UPLOADS = new Map<string, number>([
  ["/admin/imports", IMPORT_MAX_FILES * IMPORT_FILE_LIMIT_MB * MIB + MIB],
  ["/admin/imports/files", IMPORT_FILE_LIMIT_MB * MIB],
]);

/** The limit of a post to `path` of the web app. */
export function bodyLimitFor(path: string): number {
  const upload = IMPORT_UPLOADS.get(path.replace(/\/+$/, ""));
  if (upload) return upload;
  return SIGNATURE_FORMS.has(path) ? SIGNATURE_FORM_MAX : WEB_BODY_MAX;
}
