// The catalogue is kept honest across languages (decision 170): every Spanish area
// has exactly the English area's keys, each text parses as ICU MessageFormat with the same
// arguments, and every plural has the forms the language needs; the checker itself is tried on
// bad translations so it can fail.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pluralCategories, textProblems, translationProblems } from "../../scripts/catalogue-check";

const MESSAGES = path.resolve(__dirname, "../../domain/messages");
const areaName = (file: string) => file.replace(/-(\w)/g, (_w, c: string) => c.toUpperCase());
const spanishAreas = readdirSync(path.join(MESSAGES, "es"))
  .filter((f) => f.endsWith(".ts"))
  .map((f) => f.slice(0, -3));

async function area(language: string, file: string): Promise<Record<string, string>> {
  const mod = (await import(`../../domain/messages/${language}/${file}.ts`)) as Record<
    string,
    Record<string, string>
  >;
  return mod[areaName(file)]!;
}

describe("the Spanish catalogue", () => {
  it("covers the family's areas", () => {
    expect(spanishAreas.sort()).toEqual(
      [
        "api-replies",
        "common",
        "community",
        "fees",
        "fees-page",
        "guest-receipts",
        "household",
        "mail",
        "payment-dialog",
        "programs",
        "receipts",
        "refunds-family",
      ].sort(),
    );
  });

  it.each(spanishAreas)("%s: the English keys, arguments and plural forms", async (file) => {
    expect(translationProblems(await area("en", file), await area("es", file), "es")).toEqual([]);
  });

  it("every English text parses and has its plural forms", async () => {
    const english = readdirSync(path.join(MESSAGES, "en")).map((f) => f.slice(0, -3));
    const problems: string[] = [];
    for (const file of english) {
      for (const [key, text] of Object.entries(await area("en", file))) {
        problems.push(...textProblems(text, "en").map((p) => `${file} ${key}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it("no key is in two areas (a page's `t` merges several)", async () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const f of readdirSync(path.join(MESSAGES, "en"))) {
      const file = f.slice(0, -3);
      for (const key of Object.keys(await area("en", file))) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${file}`);
        seen.set(key, file);
      }
    }
    expect(twice).toEqual([]);
  });
});

describe("the checker", () => {
  const english = {
    a: "Hello {name}",
    b: "{count, plural, one {# item} other {# items}}",
    c: "Plain",
  };
  it("finds a missing key, an extra key, a changed argument and a missing plural form", () => {
    expect(
      translationProblems(
        english,
        {
          a: "Hola {nombre}",
          b: "{count, plural, one {# artículo} other {# artículos}}",
          d: "Extra",
        },
        "es",
      ),
    ).toEqual([
      "c: missing",
      "a: argument {name} missing",
      "a: argument {nombre} is not in the English text",
      "b: plural forms missing (count: many)",
      "d: not an English key",
    ]);
  });
  it("finds a text that does not parse and an argument of another kind", () => {
    expect(translationProblems({ a: "{n} items" }, { a: "{n, plural, other {#}" }, "es")).toEqual([
      expect.stringMatching(/^a: does not parse/),
    ]);
    expect(
      translationProblems(
        { a: "{n} items" },
        { a: "{n, plural, one {#} many {#} other {#}}" },
        "es",
      ),
    ).toEqual(["a: argument {n} is plural, English has arg"]);
  });
  it("knows Spanish needs one, many and other", () => {
    expect(pluralCategories("es").sort()).toEqual(["many", "one", "other"]);
  });
});
