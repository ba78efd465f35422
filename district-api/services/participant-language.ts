// A family's language on their record (decision 171): set by their own sign-in when they choose
// it, read when mail to them is written.
import { eq, sql } from "drizzle-orm";
import type { TokenClaims } from "@domain/contract/identity";
import { t } from "@domain/messages";
import { isLanguage, type Language } from "@domain/rules/language";
import { displayLanguage } from "@domain/messages/language";
import type { Exec } from "../db/client";
import { participants } from "../db/schema";
import type { ApiDeps } from "../deps";
import { ApiError } from "../errors";
import { inLanguage } from "../language";

/** PUT /v1/participant/language: a student's or community member's own sign-in only. */
export async function setParticipantLanguage(
  deps: ApiDeps,
  claims: TokenClaims,
  language: Language,
): Promise<{ language: Language }> {
  if ((claims.kind !== "student" && claims.kind !== "community_member") || claims.cashier) {
    throw new ApiError(403, t("error.forbidden"));
  }
  // Only a change writes (the same choice again, or at every sign-in, costs a read).
  await deps.db.execute(
    sql`update participants set language = ${language}
        where id = ${Number(claims.sub)} and language <> ${language}`,
  );
  return { language };
}

/** The language mail to a participant is written in; English for anyone else. */
export async function participantLanguage(
  db: Exec,
  participantId: number | null | undefined,
): Promise<Language> {
  if (!participantId) return "en";
  const [row] = await db
    .select({ language: participants.language })
    .from(participants)
    .where(eq(participants.id, participantId));
  return isLanguage(row?.language) ? row.language : "en";
}

/**
 * Composes mail to a participant in their record's language, whoever's request sends it (a
 * waitlist offer freed by another family, an office's refund); to anyone else (a guest) in the
 * request's language.
 */
export async function inReaderLanguage<T>(
  db: Exec,
  participantId: number | null | undefined,
  compose: () => Promise<T>,
): Promise<T> {
  const language = participantId ? await participantLanguage(db, participantId) : displayLanguage();
  return inLanguage(language, compose);
}
