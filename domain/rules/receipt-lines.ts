// Receipt arithmetic (decision 144): what a payment bought, line by line. A line is one
// item at one price with its quantity; it shows quantity × price, what this payment gave it and
// what it left unpaid, and the lines' amounts paid add up to the payment. Also what a card charge
// is described as to the family and the card processor: the things paid for, not a cart number.

/** One unit bought by a payment: what it is, its price then, and what the payment gave it. */
export interface ReceiptPurchase {
  /** What the unit is (the same fee or registration shares a key). */
  key: string;
  name: string;
  unitCents: number;
  paidCents: number;
}

export interface ReceiptLine {
  key: string;
  name: string;
  quantity: number;
  unitCents: number;
  /** quantity × unitCents */
  lineCents: number;
  /** What the payment gave the line's units together. */
  paidCents: number;
  /** lineCents − paidCents: what this payment left for later. */
  unpaidCents: number;
}

/** The units grouped into lines (same item, same price), sorted by name then price. */
export function receiptLines(purchases: readonly ReceiptPurchase[]): ReceiptLine[] {
  const lines = new Map<string, ReceiptLine>();
  for (const p of purchases) {
    const id = `${p.key}|${p.unitCents}`;
    const line = lines.get(id);
    if (line) {
      line.quantity += 1;
      line.lineCents += p.unitCents;
      line.paidCents += p.paidCents;
      line.unpaidCents = line.lineCents - line.paidCents;
      continue;
    }
    lines.set(id, {
      key: p.key,
      name: p.name,
      quantity: 1,
      unitCents: p.unitCents,
      lineCents: p.unitCents,
      paidCents: p.paidCents,
      unpaidCents: p.unitCents - p.paidCents,
    });
  }
  return [...lines.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.unitCents - b.unitCents,
  );
}

/** A unit of a payment that may be for one of several children (decision 167). */
export interface PersonPurchase extends ReceiptPurchase {
  /** Whose it is (an owner key). */
  personKey: string;
  personName: string | null;
}

export interface PersonReceiptLine extends ReceiptLine {
  personKey: string;
  personName: string | null;
}

/**
 * A household's receipt (decision 167): each child's lines together, the payer's first and then
 * the others by name, each child's lines as `receiptLines` orders them. One person's purchases give
 * exactly `receiptLines`.
 */
export function receiptLinesByPerson(
  purchases: readonly PersonPurchase[],
  payerKey: string,
): PersonReceiptLine[] {
  const people = new Map<string, PersonPurchase[]>();
  for (const p of purchases) people.set(p.personKey, [...(people.get(p.personKey) ?? []), p]);
  const order = [...people.entries()].sort(([ka, a], [kb, b]) =>
    ka === payerKey
      ? -1
      : kb === payerKey
        ? 1
        : (a[0]!.personName ?? ka).localeCompare(b[0]!.personName ?? kb),
  );
  return order.flatMap(([personKey, units]) =>
    receiptLines(units).map((line) => ({
      ...line,
      personKey,
      personName: units[0]!.personName,
    })),
  );
}

/** What the lines got together: the receipt's total paid. */
export function receiptPaidCents(lines: readonly ReceiptLine[]): number {
  return lines.reduce((n, l) => n + l.paidCents, 0);
}

/** Longest description sent with a card charge (short enough for a bank statement's details). */
export const CHARGE_DESCRIPTION_MAX = 200;

/**
 * What a card charge pays for, as the family and the card processor read it: "Science Lab
 * Goggles × 3, Summer Band"; past CHARGE_DESCRIPTION_MAX characters the rest is counted with
 * `more(count)` (the catalogue's words).
 */
export function chargeDescription(
  items: readonly { name: string; quantity: number }[],
  more: (count: number) => string,
): string {
  const names = items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name));
  for (let shown = names.length; shown > 0; shown--) {
    const rest = names.length - shown;
    const text = [...names.slice(0, shown), ...(rest ? [more(rest)] : [])].join(", ");
    if (text.length <= CHARGE_DESCRIPTION_MAX)
      return rest ? text.replace(/, (?=[^,]*$)/, " ") : text;
  }
  return `${names[0]?.slice(0, CHARGE_DESCRIPTION_MAX - 20) ?? ""} ${more(names.length - 1)}`.trim();
}
