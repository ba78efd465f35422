// The build's scripts and stylesheets are sent compressed once: brotli to browsers that take it
// (every current one: 12-15 % fewer bytes than gzip on a slow phone, decision 161), gzip to the
// others, and at once: no visitor waits for brotli's slow highest level.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "../../server/precompressed-assets";

let dir: string;
let server: Server;
let base: string;
// A script of some size, as a build's chunk is.
const SCRIPT = Array.from({ length: 1000 }, (_, i) => `export const v${i} = "${i % 7}";`).join(
  "\n",
);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "assets-"));
  await writeFile(path.join(dir, "chunk.js"), SCRIPT);
  await writeFile(path.join(dir, "other.js"), SCRIPT.replaceAll("v", "w"));
  const app = express();
  app.use("/build", precompressedAssets(dir));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function get(file: string, acceptEncoding: string) {
  const res = await request(`${base}/build/${file}`, {
    headers: { "accept-encoding": acceptEncoding },
  });
  return {
    encoding: res.headers["content-encoding"],
    cacheControl: String(res.headers["cache-control"]),
    body: Buffer.from(await res.body.arrayBuffer()),
  };
}

describe("the build's assets", () => {
  it("are sent as brotli to a browser that takes it, once it is ready, and as gzip meanwhile", async () => {
    const first = await get("chunk.js", "gzip, deflate, br, zstd");
    // The first asks for a compression that takes time: it is not kept waiting.
    expect(["gzip", "br"]).toContain(first.encoding);
    let res = first;
    for (let i = 0; i < 500 && res.encoding !== "br"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      res = await get("chunk.js", "gzip, deflate, br, zstd");
    }
    expect(res.encoding).toBe("br");
    expect(brotliDecompressSync(res.body).toString("utf8")).toBe(SCRIPT);
    expect(res.body.length).toBeLessThan((await get("chunk.js", "gzip")).body.length);
    expect(res.cacheControl).toContain("immutable");
  });

  it("are sent as gzip to a browser that takes no brotli", async () => {
    await get("other.js", "br");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await get("other.js", "gzip, deflate");
    expect(res.encoding).toBe("gzip");
    expect(gunzipSync(res.body).toString("utf8")).toBe(SCRIPT.replaceAll("v", "w"));
  });
});
