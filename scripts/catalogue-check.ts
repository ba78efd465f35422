// Keeps the catalogue honest across languages (decision 170): a translation has exactly the
// English area's keys; each text parses as ICU MessageFormat; it uses the same arguments (and
// the same kind of each: plain, plural, select); and each plural covers every category the
// language needs. Used by the unit test and by `scripts/check-translation.ts` while writing one.
import { parse, type Token } from "@messageformat/parser";

/** What an ICU text asks of its arguments: name → kind ("arg", "plural", "select", ...). */
function argumentsOf(tokens: Token[], into = new Map<string, string>()): Map<string, string> {
  for (const token of tokens) {
    if (token.type === "argument") {
      if (!into.has(token.arg)) into.set(token.arg, "arg");
    } else if (token.type === "function") {
      into.set(token.arg, token.key);
    } else if (
      token.type === "plural" ||
      token.type === "selectordinal" ||
      token.type === "select"
    ) {
      into.set(token.arg, token.type);
      for (const c of token.cases) argumentsOf(c.tokens, into);
    }
  }
  return into;
}

/** The plural categories a language uses for whole numbers (Spanish also needs "many"). */
export function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

function missingCases(tokens: Token[], needed: readonly string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (token.type !== "plural" && token.type !== "select" && token.type !== "selectordinal") {
      continue;
    }
    const keys = new Set(token.cases.map((c) => c.key));
    if (token.type === "plural") {
      for (const n of needed) if (!keys.has(n)) out.push(`${token.arg}: ${n}`);
    }
    if (!keys.has("other")) out.push(`${token.arg}: other`);
    for (const c of token.cases) out.push(...missingCases(c.tokens, needed));
  }
  return out;
}

/** Problems of one text in one language, alone: it parses, its plurals have every category. */
export function textProblems(text: string, language: string): string[] {
  try {
    const missing = missingCases(parse(text), pluralCategories(language));
    return missing.length ? [`plural forms missing (${missing.join(", ")})`] : [];
  } catch (err) {
    return [`does not parse: ${(err as Error).message}`];
  }
}

/** Every problem of `translation` against the English area `english`, one line each. */
export function translationProblems(
  english: Readonly<Record<string, string>>,
  translation: Readonly<Record<string, string>>,
  language: string,
): string[] {
  const out: string[] = [];
  for (const key of Object.keys(english)) {
    if (!(key in translation)) out.push(`${key}: missing`);
  }
  for (const [key, text] of Object.entries(translation)) {
    const source = english[key];
    if (source === undefined) {
      out.push(`${key}: not an English key`);
      continue;
    }
    const problems = textProblems(text, language);
    out.push(...problems.map((p) => `${key}: ${p}`));
    if (problems.length) continue;
    const want = argumentsOf(parse(source));
    const got = argumentsOf(parse(text));
    for (const [name, kind] of want) {
      if (!got.has(name)) out.push(`${key}: argument {${name}} missing`);
      else if (got.get(name) !== kind) {
        out.push(`${key}: argument {${name}} is ${got.get(name)}, English has ${kind}`);
      }
    }
    for (const name of got.keys()) {
      if (!want.has(name)) out.push(`${key}: argument {${name}} is not in the English text`);
    }
  }
  return out;
}
