// Build assets are content-hashed and never change: each is gzipped once, at the highest level,
// and kept in memory, instead of being compressed again on every request as a stream (which is
// also less tight: about 2-3 % more bytes). Issue 9: every kilobyte counts on a slow phone.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { constants, gzip } from "node:zlib";
import { promisify } from "node:util";
import type { RequestHandler } from "express";

const gzipAsync = promisify(gzip);
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

export function precompressedAssets(dir: string): RequestHandler {
  const root = path.resolve(dir);
  const cache = new Map<string, Promise<Buffer>>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!/\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""))) return next();
    const type = TYPES[path.extname(req.path)];
    const file = path.join(root, req.path);
    if (!type || !file.startsWith(root + path.sep)) return next();
    let entry = cache.get(file);
    if (!entry) {
      entry = readFile(file).then((body) =>
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 }),
      );
      cache.set(file, entry);
      // Only files that exist stay in the cache (its size is bounded by the build).
      entry.catch(() => cache.delete(file));
    }
    entry.then(
      (gz) => {
        res.setHeader("Content-Type", type);
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Vary", "Accept-Encoding");
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
        res.setHeader("Content-Length", String(gz.length));
        res.end(req.method === "HEAD" ? undefined : gz);
      },
      () => next(),
    );
  };
}
