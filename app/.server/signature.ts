// Signatures given without the drawing pad: a typed signature rendered to PNG here on the server
// (a small built-in bitmap font, slanted like handwriting), or an uploaded PNG checked by its
// magic bytes and size. Also the multipart upload handler of the signature forms.
import { PNG } from "pngjs";
import type { UploadHandler } from "@remix-run/node";
import { SIGNATURE_MAX_BYTES } from "@domain/contract/community";
import { t } from "@domain/messages/pages";
import { SIGNATURE_FORM_MAX } from "./body-limits";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// 5×7 glyphs, one string of 35 bits per character, top row first.
const FONT: Record<string, string> = {
  A: "01110100011000111111100011000110001",
  B: "11110100011000111110100011000111110",
  C: "01110100011000010000100001000101110",
  D: "11110100011000110001100011000111110",
  E: "11111100001000011110100001000011111",
  F: "11111100001000011110100001000010000",
  G: "01110100011000010111100011000101111",
  H: "10001100011000111111100011000110001",
  I: "01110001000010000100001000010001110",
  J: "00111000100001000010000101001001100",
  K: "10001100101010011000101001001010001",
  L: "10000100001000010000100001000011111",
  M: "10001110111010110101100011000110001",
  N: "10001100011100110101100111000110001",
  O: "01110100011000110001100011000101110",
  P: "11110100011000111110100001000010000",
  Q: "01110100011000110001101011001001101",
  R: "11110100011000111110101001001010001",
  S: "01111100001000001110000010000111110",
  T: "11111001000010000100001000010000100",
  U: "10001100011000110001100011000101110",
  V: "10001100011000110001100010101000100",
  W: "10001100011000110101101011010101010",
  X: "10001100010101000100010101000110001",
  Y: "10001100011000101010001000010000100",
  Z: "11111000010001000100010001000011111",
  "0": "01110100011001110101110011000101110",
  "1": "00100011000010000100001000010001110",
  "2": "01110100010000100010001000100011111",
  "3": "11111000100010000010000011000101110",
  "4": "00010001100101010010111110001000010",
  "5": "11111100001111000001000011000101110",
  "6": "00110010001000011110100011000101110",
  "7": "11111000010001000100010000100001000",
  "8": "01110100011000101110100011000101110",
  "9": "01110100011000101111000010001001100",
  "-": "00000000000000011111000000000000000",
  ".": "00000000000000000000000000110001100",
  "'": "00100001000100000000000000000000000",
  " ": "00000000000000000000000000000000000",
};
const BOX = "11111100011000110001100011000111111";

const SCALE = 4;
const SLANT = 0.3; // pixels of rightward shift per pixel of height: an italic hand
const MARGIN = 16;

/** Renders a typed name as a dark-blue, slanted signature on white; a few KB of PNG. */
export function renderTypedSignature(text: string): Buffer {
  const chars = [
    ...text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .slice(0, 60),
  ];
  const glyphW = 5 * SCALE;
  const glyphH = 7 * SCALE;
  const advance = glyphW + SCALE;
  const width = Math.max(1, chars.length) * advance + 2 * MARGIN + Math.ceil(glyphH * SLANT);
  const height = glyphH + 2 * MARGIN;
  const png = new PNG({ width, height });
  png.data.fill(255);
  chars.forEach((ch, n) => {
    const bits = FONT[ch] ?? BOX;
    for (let row = 0; row < 7; row++) {
      for (let col = 0; col < 5; col++) {
        if (bits[row * 5 + col] !== "1") continue;
        for (let py = 0; py < SCALE; py++) {
          const y = MARGIN + row * SCALE + py;
          const shift = Math.round((glyphH - (row * SCALE + py)) * SLANT);
          for (let px = 0; px < SCALE; px++) {
            const x = MARGIN + n * advance + col * SCALE + px + shift;
            const i = (y * width + x) * 4;
            png.data[i] = 16;
            png.data[i + 1] = 32;
            png.data[i + 2] = 96;
            png.data[i + 3] = 255;
          }
        }
      }
    }
  });
  return PNG.sync.write(png);
}

/** True for PNG bytes (magic and an IHDR chunk first) within the signature size limit. */
export function isAcceptablePng(bytes: Buffer): boolean {
  return (
    bytes.length > 24 &&
    bytes.length <= SIGNATURE_MAX_BYTES &&
    bytes.subarray(0, 8).equals(PNG_MAGIC) &&
    bytes.subarray(12, 16).toString("latin1") === "IHDR"
  );
}

export function pngDataUrl(bytes: Buffer): string {
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

/** The PNG of a data URL, or null when it is not an acceptable PNG. */
export function pngFromDataUrl(value: string): Buffer | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(value.trim());
  if (!m) return null;
  const bytes = Buffer.from(m[1]!, "base64");
  return isAcceptablePng(bytes) ? bytes : null;
}

/** Marks an upload that went over the limit; its bytes are dropped, never buffered. */
export const TOO_LARGE = "too-large";
/** Limits of a signature form post: a text field (a drawn signature's data URL), what is kept in
 * memory, and what is read at all (an over-large upload is read and dropped, not kept). */
const FIELD_MAX = 400_000;
const KEPT_MAX = 1_500_000;
const READ_MAX = SIGNATURE_FORM_MAX;

export class FormTooLargeError extends Error {}

/**
 * Keeps text fields and a file of at most the signature limit in memory. An over-large file
 * becomes the TOO_LARGE marker (so the form can say so beside the field and keep what was
 * typed); a post over the limits is refused with FormTooLargeError.
 */
export function signatureUploadHandler(): UploadHandler {
  let kept = 0;
  let read = 0;
  return async ({ filename, contentType, data }) => {
    const isFile = typeof filename === "string";
    const cap = isFile ? SIGNATURE_MAX_BYTES : FIELD_MAX;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of data) {
      read += chunk.byteLength;
      if (read > READ_MAX) throw new FormTooLargeError();
      size += chunk.byteLength;
      if (size <= cap) {
        kept += chunk.byteLength;
        if (kept > KEPT_MAX) throw new FormTooLargeError();
        chunks.push(chunk);
      }
    }
    const over = size > cap;
    if (isFile) {
      if (!filename && size === 0) return undefined;
      if (over) return TOO_LARGE;
      return new File([Buffer.concat(chunks)], filename || "signature.png", { type: contentType });
    }
    if (over) throw new FormTooLargeError();
    return Buffer.concat(chunks).toString("utf8");
  };
}

/** Reads the form of a request: multipart (upload) or urlencoded. */
export async function readSignatureForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (!type.startsWith("multipart/form-data")) return await request.formData();
    const { unstable_parseMultipartFormData } = await import("@remix-run/node");
    return await unstable_parseMultipartFormData(request, signatureUploadHandler());
  } catch (err) {
    // A body that is not a whole form (cut short, a broken boundary) is bad input: 400, and the
    // action goes no further, so nothing is written.
    if (err instanceof FormTooLargeError) throw err;
    throw new Response(t("error.badRequest"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

export type SignatureSource = {
  digitalSignature?: string;
  signatureTyped?: string;
  signatureFile?: unknown;
};

export type ResolvedSignature =
  | { status: "none" }
  | { status: "invalid" }
  | { status: "ok"; dataUrl: string; source: "drawn" | "upload" | "typed" };

/**
 * The signature given, as a PNG data URL: drawn (or carried over from an earlier post),
 * uploaded, or typed, in that order.
 */
export async function resolveSignature(v: SignatureSource): Promise<ResolvedSignature> {
  if (typeof v.digitalSignature === "string" && v.digitalSignature) {
    const bytes = pngFromDataUrl(v.digitalSignature);
    return bytes
      ? { status: "ok", dataUrl: pngDataUrl(bytes), source: "drawn" }
      : { status: "invalid" };
  }
  if (v.signatureFile === TOO_LARGE) return { status: "invalid" };
  if (v.signatureFile instanceof Blob && v.signatureFile.size > 0) {
    const bytes = Buffer.from(await v.signatureFile.arrayBuffer());
    return isAcceptablePng(bytes)
      ? { status: "ok", dataUrl: pngDataUrl(bytes), source: "upload" }
      : { status: "invalid" };
  }
  if (typeof v.signatureTyped === "string" && v.signatureTyped.trim()) {
    const png = renderTypedSignature(v.signatureTyped.trim());
    return { status: "ok", dataUrl: pngDataUrl(png), source: "typed" };
  }
  return { status: "none" };
}

/** The signature fields of a posted form, as given (before schema parsing). */
export function signatureSource(formData: FormData): SignatureSource {
  const get = (name: string) => formData.get(name) ?? undefined;
  return {
    digitalSignature: (get("digitalSignature") as string | undefined) ?? undefined,
    signatureTyped: (get("signatureTyped") as string | undefined) ?? undefined,
    signatureFile: get("signatureFile"),
  };
}

/**
 * The member form as the district API takes it: the signature's input fields (drawn, typed,
 * uploaded) give way to the one resolved PNG, or to nothing when the signature is unchanged.
 */
export function memberBody<
  T extends { digitalSignature?: unknown; signatureTyped?: unknown; signatureFile?: unknown },
>(value: T, signature: ResolvedSignature) {
  const { digitalSignature: _d, signatureTyped: _t, signatureFile: _f, ...member } = value;
  return signature.status === "ok" ? { ...member, digitalSignature: signature.dataUrl } : member;
}
