// Demo data of this area (filled in by the issue that builds it).
import type { Db } from "../client";

export async function seedFees(_db: Db): Promise<void> {}
