// Demo data of this area (filled in by the issue that builds it).
import type { Db } from "../client";

export async function seedFeeRequests(_db: Db): Promise<void> {}
