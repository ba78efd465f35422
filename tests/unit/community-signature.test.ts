// Signatures given without the pad: typed names rendered to PNG, uploads checked by magic bytes.
import { describe, expect, it } from "vitest";
import { PNG } from "pngjs";
import {
  isAcceptablePng,
  pngDataUrl,
  pngFromDataUrl,
  renderTypedSignature,
  resolveSignature,
  TOO_LARGE,
} from "~/.server/signature";

function inked(png: PNG): number {
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (png.data[i]! < 128) n++;
  return n;
}

describe("renderTypedSignature", () => {
  it("draws a PNG whose width grows with the name, with ink on it", () => {
    const short = PNG.sync.read(renderTypedSignature("Al"));
    const long = PNG.sync.read(renderTypedSignature("Alexandra Smith-Jones"));
    expect(long.width).toBeGreaterThan(short.width);
    expect(inked(short)).toBeGreaterThan(50);
    expect(isAcceptablePng(renderTypedSignature("Zoë O'Brien 3rd."))).toBe(true);
  });
});

describe("upload checks", () => {
  const png = renderTypedSignature("Pat");
  it("accepts a PNG and refuses other bytes and oversize", () => {
    expect(isAcceptablePng(png)).toBe(true);
    expect(isAcceptablePng(Buffer.from("GIF89a................................"))).toBe(false);
    expect(isAcceptablePng(Buffer.concat([png, Buffer.alloc(210 * 1024)]))).toBe(false);
  });
  it("round-trips a data URL and refuses others", () => {
    expect(pngFromDataUrl(pngDataUrl(png))?.equals(png)).toBe(true);
    expect(pngFromDataUrl("data:image/jpeg;base64,AAAA")).toBeNull();
    expect(
      pngFromDataUrl(
        `data:image/png;base64,${Buffer.from("not png at all, no").toString("base64")}`,
      ),
    ).toBeNull();
  });
  it("resolves drawn, then uploaded, then typed", async () => {
    const file = new File([new Uint8Array(png)], "s.png", { type: "image/png" });
    expect(
      await resolveSignature({ digitalSignature: pngDataUrl(png), signatureTyped: "X" }),
    ).toMatchObject({ status: "ok", source: "drawn" });
    expect(await resolveSignature({ signatureFile: file, signatureTyped: "X" })).toMatchObject({
      status: "ok",
      source: "upload",
    });
    expect(await resolveSignature({ signatureTyped: "Pat" })).toMatchObject({
      status: "ok",
      source: "typed",
    });
    expect(
      await resolveSignature({
        signatureFile: new File([new TextEncoder().encode("hello world, not a png")], "x.png"),
      }),
    ).toEqual({ status: "invalid" });
    expect(await resolveSignature({ signatureFile: TOO_LARGE })).toEqual({ status: "invalid" });
    expect(await resolveSignature({ digitalSignature: "data:text/html;base64,PHA+" })).toEqual({
      status: "invalid",
    });
    expect(await resolveSignature({})).toEqual({ status: "none" });
  });
});
