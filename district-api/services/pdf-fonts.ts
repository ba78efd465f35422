// Fonts of the PDF reports: a chain of Noto faces, vendored in district-api/fonts (their licences
// and source there), that together cover the scripts a district's families write. Text is split
// into runs, each printed with the first face of the chain that has its letters; pdfkit (fontkit)
// embeds only the glyphs a report uses. A font file is read the first time a report needs it, once
// per process, so starting the server reads none.
import { readFileSync } from "node:fs";
import { create, type Font } from "fontkit";
import { runtimeFolder } from "../runtime-folders";

interface FaceFiles {
  /** What it is there for, in the order of the chain. */
  covers: string;
  /** File names in district-api/fonts. */
  regular: string;
  bold: string;
}

/** The chain, first match wins: Latin (with Vietnamese), Cyrillic, Greek and Devanagari; then Han
 * and kana; then Hangul; then Arabic; then Hebrew. */
const CHAIN: FaceFiles[] = [
  {
    covers: "Latin, Latin Extended, Vietnamese, Cyrillic, Greek, Devanagari",
    regular: "NotoSans_400Regular.ttf",
    bold: "NotoSans_700Bold.ttf",
  },
  {
    covers: "Chinese (Han), Japanese kana",
    regular: "NotoSansSC_400Regular.ttf",
    bold: "NotoSansSC_700Bold.ttf",
  },
  {
    covers: "Korean (Hangul)",
    regular: "NotoSansKR_400Regular.ttf",
    bold: "NotoSansKR_700Bold.ttf",
  },
  {
    covers: "Arabic",
    regular: "NotoSansArabic_400Regular.ttf",
    bold: "NotoSansArabic_700Bold.ttf",
  },
  {
    covers: "Hebrew",
    regular: "NotoSansHebrew_400Regular.ttf",
    bold: "NotoSansHebrew_700Bold.ttf",
  },
];

/** The folder of the font files: district-api/fonts, or its copy beside the compiled server. */
const FONTS = runtimeFolder("fonts");
/** Parsed fonts, by chain index and weight: parsed once and shared by every report, so that
 * fontkit's tables and glyph caches are read once per process. */
const loaded = new Map<string, Font>();

/** One face of the chain (its regular weight answers which characters it has). */
export function faceFont(index: number, bold: boolean): Font {
  const key = `${index}-${bold ? "bold" : "regular"}`;
  let font = loaded.get(key);
  if (!font) {
    const f = CHAIN[index]!;
    const made = create(readFileSync(new URL(bold ? f.bold : f.regular, FONTS)));
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
export function faceFeatures(run: Run): Record<string, boolean> | undefined {
  // Any features make pdfkit lay the run out whole instead of word by word, and fontkit then
  // orders a right-to-left run's glyphs right to left, its words included (a fresh object each
  // time: fontkit fills in the one it is given).
  if (run.rtl) return {};
  const { face: index, text } = run;
  if (index !== 0) return undefined;
  for (const ch of text) if (ch > "\u00ff" && ch.normalize("NFD") !== ch) return { ccmp: false };
  return undefined;
}

export interface Run {
  /** Index into the chain. */
  face: number;
  text: string;
  /** Written right to left (Arabic, Hebrew): laid out whole, its words from right to left. */
  rtl?: boolean;
}

const CONTROL = /\p{Cc}/u;
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
const INVISIBLE = /[\p{Cf}\p{Zl}\p{Zp}]/u;

function firstFaceWith(cp: number): number | undefined {
  for (let i = 0; i < CHAIN.length; i++) if (face(i).hasGlyphForCodePoint(cp)) return i;
  return undefined;
}

/** Letters of the scripts written right to left. */
const RTL_LETTER =
  /(?=\p{L})[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const RTL_LETTERS = new RegExp(RTL_LETTER.source, "gu");
const LTR_LETTER = /\p{L}/u;

function hasLtrLetter(text: string): boolean {
  for (const ch of text) if (LTR_LETTER.test(ch) && !RTL_LETTER.test(ch)) return true;
  return false;
}

/**
 * The runs of a left-to-right line in the order they are drawn, left to right. A right-to-left
 * stretch (from its first to its last Arabic or Hebrew letter, with only spaces, digits and
 * punctuation between them, across faces) is drawn with its runs in reverse order, and each of its
 * runs is marked to be laid out right to left; the spaces and punctuation around it stay in the
 * line's order. This is the part of the Unicode bidirectional algorithm that names and short texts
 * in a left-to-right report need: no embeddings, and digits inside an Arabic run are reversed with
 * it (names have none).
 */
export function inVisualOrder(runs: Run[]): Run[] {
  // Split each run with right-to-left letters into what is before, from and after them.
  const split: Run[] = [];
  for (const run of runs) {
    const letters = [...run.text.matchAll(RTL_LETTERS)];
    if (!letters.length) {
      split.push(run);
      continue;
    }
    const first = letters[0]!.index;
    const lastMatch = letters[letters.length - 1]!;
    let end = lastMatch.index + lastMatch[0].length;
    // Marks (harakat) after the last letter belong to it.
    while (end < run.text.length && /\p{M}/u.test(run.text[end]!)) end++;
    const parts = [
      { text: run.text.slice(0, first), rtl: false },
      { text: run.text.slice(first, end), rtl: true },
      { text: run.text.slice(end), rtl: false },
    ];
    for (const p of parts) if (p.text) split.push({ face: run.face, text: p.text, rtl: p.rtl });
  }
  const out: Run[] = [];
  let i = 0;
  while (i < split.length) {
    if (!split[i]!.rtl) {
      out.push(split[i++]!);
      continue;
    }
    // The stretch ends at the last right-to-left run before a left-to-right letter.
    let end = i;
    for (let j = i + 1; j < split.length && !hasLtrLetter(split[j]!.text); j++) {
      if (split[j]!.rtl) end = j;
    }
    const stretch = split.slice(i, end + 1).map((r) => ({ ...r, rtl: true }));
    out.push(...stretch.reverse());
    i = end + 1;
  }
  return out;
}

/**
 * Splits text into runs of one face each, in the order they are drawn (inVisualOrder). Text is composed (NFC) first, so letters typed with
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
  return inVisualOrder(runs);
}
