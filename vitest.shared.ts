import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

export const alias = {
  "~": path.join(root, "app"),
  "@domain": path.join(root, "domain"),
};
