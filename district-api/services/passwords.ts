import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number) => Promise<Buffer>;

/** "scrypt$<salt hex>$<hash hex>" */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32);
  return `scrypt$${salt.toString("hex")}$${hash.toString("hex")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split("$");
  if (scheme !== "scrypt" || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, "hex");
  const actual = await scrypt(password, Buffer.from(saltHex, "hex"), expected.length);
  return timingSafeEqual(actual, expected);
}

// Compared against when there is no stored hash, with the same parameters as a real one, so an
// unknown username costs the same time as a known one (decision 136). Made once, at start, so
// the first unknown name is not slower either.
const dummyHash: Promise<string> = hashPassword(randomBytes(16).toString("hex"));

/**
 * Whether `password` matches `stored`; with no stored hash (no such account, or one without a
 * password yet) it still derives one key, against a dummy hash, and answers false.
 */
export async function passwordMatches(
  password: string,
  stored: string | null | undefined,
): Promise<boolean> {
  if (stored) return verifyPassword(password, stored);
  await verifyPassword(password, await dummyHash);
  return false;
}
