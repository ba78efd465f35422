// Reading a page action's posted form.
import { t } from "../../domain/messages";

/**
 * The posted form of a Remix action, or a 400 when the body is not a form (a JSON or garbled
 * body makes request.formData() throw, which would otherwise be a 500).
 */
export async function readFormData(request: globalThis.Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
