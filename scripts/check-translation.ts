// Checks translated areas while they are written (decision 170):
//   npx tsx scripts/check-translation.ts fees common [--lang es]
// prints every missing or extra key, argument that differs, text that does not parse and plural
// missing a category, or "ok". The unit test (tests/unit/catalogue-languages.test.ts) checks all.
import { pathToFileURL } from "node:url";
import path from "node:path";
import { translationProblems } from "./catalogue-check";

const args = process.argv.slice(2);
const langAt = args.indexOf("--lang");
const language = langAt >= 0 ? args[langAt + 1]! : "es";
const areas = args.filter((a, i) => a !== "--lang" && (langAt < 0 || i !== langAt + 1));
let bad = 0;
for (const area of areas) {
  const load = async (lang: string) => {
    const mod = (await import(
      pathToFileURL(path.resolve("domain/messages", lang, `${area}.ts`)).href
    )) as Record<string, Record<string, string>>;
    // The area's export is its name in camelCase (fees-page → feesPage).
    const name = area.replace(/-(\w)/g, (_w, c: string) => c.toUpperCase());
    const texts = mod[name];
    if (!texts) throw new Error(`domain/messages/${lang}/${area}.ts does not export ${name}`);
    return texts;
  };
  const problems = translationProblems(await load("en"), await load(language), language);
  for (const p of problems) console.log(`${area} ${p}`);
  bad += problems.length;
}
console.log(bad ? `${bad} problems` : "ok");
process.exitCode = bad ? 1 : 0;
