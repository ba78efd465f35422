// The text a PDF shows, as a reader extracts it (pdf.js): one line per line of text on the page,
// pages separated by a blank line. Works for standard and embedded (subset, Identity-H) fonts.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

interface TextPiece {
  str: string;
  hasEOL?: boolean;
  transform?: number[];
}

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = "";
      let lastY: number | undefined;
      for (const item of content.items as TextPiece[]) {
        if (!("str" in item)) continue;
        const y = item.transform?.[5];
        if (lastY !== undefined && y !== undefined && Math.abs(y - lastY) > 1) text += "\n";
        text += item.str;
        if (item.hasEOL) text += "\n";
        if (y !== undefined) lastY = y;
      }
      pages.push(text);
    }
    return pages.join("\n\n");
  } finally {
    await doc.destroy();
  }
}
