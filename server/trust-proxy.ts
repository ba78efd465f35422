// TRUST_PROXY, read the way Express reads its `trust proxy` setting (decision 135): `true` or
// `false`, a number of proxies in front (hops), or addresses, subnets (CIDR, or an IPv4 netmask)
// and the names loopback, linklocal, uniquelocal, separated by commas. Express itself would read
// the text "true" as an address (and crash) and "1" as the address 0.0.0.1, so the text is
// turned into the value Express means before it is set.
import { isIP } from "node:net";
import type { TrustProxy } from "../district-api/http/app";

export type { TrustProxy };

const NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function validEntry(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const [address = "", range, ...extra] = entry.split("/");
  const family = isIP(address);
  if (!family || extra.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // An IPv4 netmask: contiguous ones, e.g. 255.255.0.0.
  if (family !== 4 || isIP(range) !== 4) return false;
  const bits = range
    .split(".")
    .map((o) => Number(o).toString(2).padStart(8, "0"))
    .join("");
  return /^1*0*$/.test(bits);
}

/** The value for Express's `trust proxy`, or null when `text` is none of what it accepts. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return Number.isSafeInteger(hops) ? hops : null;
  }
  const entries = value.split(",").map((e) => e.trim());
  return entries.length && entries.every(validEntry) ? entries : null;
}
