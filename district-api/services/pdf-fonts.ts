// Fonts of the PDF reports: a chain of Noto faces from npm packages that together cover the scripts
// a district's families write. Text is split into runs, each printed with the first face of the
// chain that has its letters; pdfkit (fontkit) embeds only the glyphs a report uses. A font file is
// read the first time a report needs it, once per process, so starting the server reads none.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { create, type Font } from "fontkit";

interface FaceFiles {
  /** What it is there for, in the order of the chain. */
  covers: string;
  regular: string;
  bold: string;
}

/** The chain, first match wins: Latin (with Vietnamese), Cyrillic, Greek and Devanagari; then Han
 * and kana; then Hangul; then Arabic; then Hebrew. */
const CHAIN: FaceFiles[] = [
  {
    covers: "Latin, Latin Extended, Vietnamese, Cyrillic, Greek, Devanagari",
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  {
    covers: "Chinese (Han), Japanese kana",
    regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  {
    covers: "Korean (Hangul)",
    regular: "@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf",
  },
  {
    covers: "Arabic",
    regular: "@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf",
  },
  {
    covers: "Hebrew",
    regular: "@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-hebrew/700Bold/NotoSansHebrew_700Bold.ttf",
  },
];

const require = createRequire(import.meta.url);
/** Parsed fonts, by chain index and weight: parsed once and shared by every report, so that
 * fontkit's tables and glyph caches are read once per process. */
const loaded = new Map<string, Font>();

/** One face of the chain (its regular weight answers which characters it has). */
export function faceFont(index: number, bold: boolean): Font {
  const key = `${index}-${bold ? "bold" : "regular"}`;
  let font = loaded.get(key);
  if (!font) {
    const f = CHAIN[index]!;
    const made = create(readFileSync(require.resolve(bold ? f.bold : f.regular)));
    if (!("hasGlyphForCodePoint" in made)) throw new Error("A report font is a collection.");
    font = made;
    loaded.set(key, font);
  }
  return font;
}

const face = (index: number) => faceFont(index, false);

/** Where the text of a line sits, as a share of the font size below the line's top: the first
 * face's ascent, so that runs in different faces share one baseline. */
export function baselineShare(): number {
  const f = face(0);
  return f.ascent / f.unitsPerEm;
}

/**
 * OpenType features to turn off for a run. Noto Sans decomposes nine letters (ǹ ḿ ṃ ṅ ṣ ẹ ị ọ ụ,
 * Vietnamese among them) into a base letter and a combining mark ("ccmp"); pdfkit would then map
 * the base letter's glyph to the composed letter in the text a reader extracts, and the mark to
 * nothing. Composed (NFC) text needs no such step, so such runs print the precomposed glyphs.
 * Other runs keep the defaults, which pdfkit caches word by word.
 */
export function faceFeatures(index: number, text: string): Record<string, boolean> | undefined {
  if (index !== 0) return undefined;
  for (const ch of text) if (ch > "\u00ff" && ch.normalize("NFD") !== ch) return { ccmp: false };
  return undefined;
}

export interface Run {
  /** Index into the chain. */
  face: number;
  text: string;
}

const CONTROL = /\p{Cc}/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/u;

function firstFaceWith(cp: number): number | undefined {
  for (let i = 0; i < CHAIN.length; i++) if (face(i).hasGlyphForCodePoint(cp)) return i;
  return undefined;
}

/**
 * Splits text into runs of one face each. Text is composed (NFC) first, so letters typed with
 * combining marks print as the composed letter; control characters become spaces (tab, line
 * breaks) or are dropped; a character no face has prints as "?". Spaces, digits, punctuation and
 * marks stay in the run they are in when its face has them, so a name is one run where it can be.
 */
export function fontRuns(input: string): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  const push = (index: number, ch: string) => {
    if (current && current.face === index) current.text += ch;
    else {
      current = { face: index, text: ch };
      runs.push(current);
    }
  };
  for (let ch of input.normalize("NFC")) {
    if (CONTROL.test(ch)) {
      if (!/[\t\n\r]/.test(ch)) continue;
      ch = " ";
    }
    const cp = ch.codePointAt(0)!;
    if (current && NEUTRAL.test(ch) && face(current.face).hasGlyphForCodePoint(cp)) {
      current.text += ch;
      continue;
    }
    const index = firstFaceWith(cp);
    if (index !== undefined) push(index, ch);
    else if (!INVISIBLE.test(ch)) push(current?.face ?? 0, "?");
  }
  return runs;
}
