// Demo community member 200001 (created by the core seed): address, signature and two guardians.
import { PNG } from "pngjs";
import type { Db } from "../client";
import { communityProfiles, guardians } from "../schema";

export const DEMO_MEMBER_ID = 200001;

/** A small wavy line standing in for a drawn signature. */
function demoSignature(): Buffer {
  const png = new PNG({ width: 300, height: 100 });
  png.data.fill(255);
  for (let x = 20; x < 280; x++) {
    const y = Math.round(50 + 20 * Math.sin(x / 15));
    for (let dy = -1; dy <= 1; dy++) {
      const i = ((y + dy) * png.width + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = 20;
    }
  }
  return PNG.sync.write(png);
}

export async function seedCommunity(db: Db): Promise<void> {
  await db.insert(communityProfiles).values({
    participantId: DEMO_MEMBER_ID,
    address: "100 Main Street",
    city: "Springfield",
    state: "Illinois",
    zip: "62701",
    homePhone: "+12175550100",
    printedSignature: "Jordan Rivera",
    signaturePng: demoSignature(),
  });
  await db.insert(guardians).values([
    {
      participantId: DEMO_MEMBER_ID,
      position: 0,
      nameFirst: "Casey",
      nameLast: "Rivera",
      relationship: "Other",
      relationshipOther: "Spouse",
      phone1: "+12175550101",
      phone1Type: "Mobile",
      phone2: "+12175550102",
      phone2Type: "Work",
      email: "casey.rivera@example.org",
    },
    {
      participantId: DEMO_MEMBER_ID,
      position: 1,
      nameFirst: "Maria",
      nameLast: "Rivera",
      relationship: "Mother",
      relationshipOther: null,
      phone1: "+12175550103",
      phone1Type: "Home",
      phone2: null,
      phone2Type: null,
      email: null,
    },
  ]);
}
