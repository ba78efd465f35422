// Community member accounts: registration (member, profile, guardians, signature in one
// transaction), the profile read and update, and the signature checks.
import { randomInt } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  SIGNATURE_MAX_BYTES,
  type CommunityProfile,
  type RegisterMemberRequest,
} from "@domain/contract/community";
import type { Guardian } from "@domain/forms/community";
import { t } from "@domain/messages";
import type { ApiDeps } from "../deps";
import type { Db } from "../db/client";
import { communityProfiles, guardians, participants } from "../db/schema";
import { ApiError } from "../errors";
import { enqueueMail } from "./mail-queue";
import { lockCommunityRegistration, lockRows } from "./locks";
import { readDistrictName } from "../queries/settings";
import { MEMBER_ID_MAX, MEMBER_ID_MIN } from "@domain/rules/public-limits";
import { mailboxAdmits } from "./public-limits";

type RegisterValue = z.output<typeof RegisterMemberRequest>;
type UpdateValue = Omit<RegisterValue, "digitalSignature"> & { digitalSignature?: string };

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG bytes of a base64 or data-URL signature, or a 400 when it is not a small PNG. */
export function decodeSignature(value: string): Buffer {
  const bare = value.replace(/^data:image\/png;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(bare)) {
    throw new ApiError(400, t("community.signatureInvalid"));
  }
  const bytes = Buffer.from(bare, "base64");
  const isPng =
    bytes.length > 24 &&
    bytes.subarray(0, 8).equals(PNG_MAGIC) &&
    bytes.subarray(12, 16).toString("latin1") === "IHDR";
  if (!isPng || bytes.length > SIGNATURE_MAX_BYTES) {
    throw new ApiError(400, t("community.signatureInvalid"));
  }
  return bytes;
}

function guardianRow(participantId: number, g: Guardian, position: number) {
  return {
    participantId,
    position,
    nameFirst: g.nameFirst,
    nameLast: g.nameLast,
    relationship: g.relationship,
    relationshipOther: g.relationshipOther ?? null,
    phone1: g.phone1,
    phone1Type: g.phone1Type,
    phone2: g.phone2 ?? null,
    phone2Type: g.phone2Type ?? null,
    email: g.email ?? null,
  };
}

/** A new member ID drawn at random from the members' range (decision 137). */
function randomMemberId(): number {
  return randomInt(MEMBER_ID_MIN, MEMBER_ID_MAX + 1);
}

/**
 * Registers a community member. A new person gets the member with guardians and signature,
 * and their ID by e-mail. Someone already registered (the same person, decision 020) is not
 * registered again, and the caller is not told: the member on file is e-mailed their ID with
 * the spec's "already exists" words instead, unless their mailbox has had its share of mail
 * today (decision 137). `png` is the signature decodeSignature accepted.
 */
export async function registerMember(
  deps: ApiDeps,
  body: RegisterValue,
  png: Buffer,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockCommunityRegistration(tx);
    const district = await readDistrictName(tx, deps.districtName);
    // Same person: same first and last name (case-insensitive) and birth date (decision 020).
    const [existing] = await tx
      .select({ id: participants.id, email: participants.email })
      .from(participants)
      .where(
        and(
          eq(participants.kind, "community_member"),
          eq(sql`lower(${participants.nameFirst})`, body.nameFirst.toLowerCase()),
          eq(sql`lower(${participants.nameLast})`, body.nameLast.toLowerCase()),
          eq(participants.dob, body.dob),
        ),
      )
      .limit(1);
    if (existing) {
      if (existing.email && (await mailboxAdmits(tx, existing.email, deps.clock.now()))) {
        await enqueueMail(tx, {
          kind: "member-exists",
          participantId: existing.id,
          ownerKey: `community_member:${existing.id}`,
          to: existing.email,
          subject: t("community.existsMailSubject"),
          text: t("community.existsMailBody", { id: existing.id, district }),
        });
      }
      return;
    }
    // A drawn ID may be taken (a member, or a student the district imported): draw again.
    let memberId: number | undefined;
    for (let draw = 0; memberId === undefined && draw < 20; draw++) {
      const [row] = await tx
        .insert(participants)
        .values({
          id: randomMemberId(),
          kind: "community_member",
          nameFirst: body.nameFirst,
          nameLast: body.nameLast,
          dob: body.dob,
          grade: body.grade,
          gender: body.gender,
          email: body.email,
          createdAt: deps.clock.now(),
        })
        .onConflictDoNothing({ target: participants.id })
        .returning({ id: participants.id });
      memberId = row?.id;
    }
    if (memberId === undefined) throw new ApiError(503, t("register.highDemand"));
    await tx.insert(communityProfiles).values({
      participantId: memberId,
      address: body.address,
      city: body.city,
      state: body.state,
      zip: body.zip,
      homePhone: body.homePhone,
      printedSignature: body.printedSignature,
      signaturePng: png,
      updatedAt: deps.clock.now(),
    });
    await tx.insert(guardians).values(body.guardians.map((g, i) => guardianRow(memberId, g, i)));
    // The member ID mail commits with the member (decision 130). No typed names in it: the
    // address may be anyone's (decision 137).
    await enqueueMail(tx, {
      kind: "member-id",
      participantId: memberId,
      ownerKey: `community_member:${memberId}`,
      to: body.email,
      subject: t("community.mailSubject"),
      text: t("community.mailBody", { id: memberId, district }),
    });
  });
}

export async function readProfile(db: Db, memberId: number): Promise<CommunityProfile> {
  const [p] = await db
    .select()
    .from(participants)
    .leftJoin(communityProfiles, eq(communityProfiles.participantId, participants.id))
    .where(and(eq(participants.id, memberId), eq(participants.kind, "community_member")));
  if (!p) throw new ApiError(404, t("error.notFound"));
  const rows = await db
    .select()
    .from(guardians)
    .where(eq(guardians.participantId, memberId))
    .orderBy(asc(guardians.position), asc(guardians.id));
  const member = p.participants;
  const profile = p.community_profiles;
  const png = profile?.signaturePng;
  return {
    studentId: String(member.id),
    nameFirst: member.nameFirst,
    nameLast: member.nameLast,
    dob: member.dob,
    grade: (member.grade as CommunityProfile["grade"]) ?? null,
    gender: member.gender ?? null,
    address: profile?.address ?? null,
    city: profile?.city ?? null,
    state: profile?.state ?? null,
    zip: profile?.zip ?? null,
    homePhone: profile?.homePhone ?? null,
    email: member.email,
    printedSignature: profile?.printedSignature ?? null,
    digitalSignature: png ? `data:image/png;base64,${png.toString("base64")}` : null,
    guardians: rows.map((g) => ({
      id: g.id,
      nameFirst: g.nameFirst,
      nameLast: g.nameLast,
      relationship: g.relationship,
      relationshipOther: g.relationshipOther,
      phone1: g.phone1,
      phone1Type: g.phone1Type,
      phone2: g.phone2,
      phone2Type: g.phone2Type,
      email: g.email,
    })),
  };
}

/**
 * Saves the profile. Guardians with an id of this member are updated, those without are added,
 * and this member's guardians missing from the list are removed; another member's id is a 400.
 * `png` is a new signature decodeSignature accepted, or null to keep the one on file.
 */
export async function updateProfile(
  deps: ApiDeps,
  memberId: number,
  body: UpdateValue,
  png: Buffer | null,
) {
  await deps.db.transaction(async (tx) => {
    // The registration lock first, then the member (docs/architecture.md lock order).
    await lockCommunityRegistration(tx);
    const [member] = await lockRows<{ id: number }>(
      tx,
      "participant",
      sql`select id from participants where id = ${memberId} and kind = 'community_member'`,
    );
    if (!member) throw new ApiError(404, t("error.notFound"));
    // A change into another member's names and birth date is saved like any other: refusing it
    // would tell a signed-in member that person's birth date (decision 137).
    await tx
      .update(participants)
      .set({
        nameFirst: body.nameFirst,
        nameLast: body.nameLast,
        dob: body.dob,
        grade: body.grade,
        gender: body.gender,
        email: body.email,
      })
      .where(eq(participants.id, memberId));
    const profile = {
      address: body.address,
      city: body.city,
      state: body.state,
      zip: body.zip,
      homePhone: body.homePhone,
      printedSignature: body.printedSignature,
      updatedAt: deps.clock.now(),
      ...(png ? { signaturePng: png } : {}),
    };
    await tx
      .insert(communityProfiles)
      .values({ participantId: memberId, ...profile })
      .onConflictDoUpdate({ target: communityProfiles.participantId, set: profile });

    const current = await tx
      .select({ id: guardians.id })
      .from(guardians)
      .where(eq(guardians.participantId, memberId));
    const owned = new Set(current.map((g) => g.id));
    const kept = new Set<number>();
    for (const g of body.guardians) {
      if (g.id !== undefined && (!owned.has(g.id) || kept.has(g.id))) {
        throw new ApiError(400, t("error.badRequest"), "guardians: unknown guardian id");
      }
      if (g.id !== undefined) kept.add(g.id);
    }
    for (const old of current) {
      if (!kept.has(old.id)) await tx.delete(guardians).where(eq(guardians.id, old.id));
    }
    for (const [i, g] of body.guardians.entries()) {
      const values = guardianRow(memberId, g, i);
      if (g.id !== undefined) {
        await tx.update(guardians).set(values).where(eq(guardians.id, g.id));
      } else {
        await tx.insert(guardians).values(values);
      }
    }
  });
  return readProfile(deps.db, memberId);
}
