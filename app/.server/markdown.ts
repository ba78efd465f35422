// Markdown from settings and fee descriptions, rendered to sanitised HTML (no raw HTML, no script).
import { remark } from "remark";
import html from "remark-html";

export async function markdownToSafeHtml(markdown: string): Promise<string> {
  const file = await remark().use(html, { sanitize: true }).process(markdown);
  return String(file);
}
