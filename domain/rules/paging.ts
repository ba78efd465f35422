// Paging and global search of staff tables, as query parameters so they work without JavaScript
// (spec 02 §9: 40 rows a page for sections and rosters, 100 for the fee report).

export const PAGE_SIZE = { sections: 40, roster: 40, feeReport: 100 } as const;

export interface PageOf<T> {
  rows: T[];
  /** 1-based page actually shown (clamped to the pages that exist). */
  page: number;
  pageCount: number;
  total: number;
  /** 1-based index of the first and last row shown; 0 when there are none. */
  from: number;
  to: number;
}

/** A page number from a query parameter: anything not a positive integer is page 1. */
export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  const n = Number(raw);
  return n >= 1 ? n : 1;
}

export function paginate<T>(items: readonly T[], page: number, size: number): PageOf<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const start = (current - 1) * size;
  const rows = items.slice(start, start + size);
  return {
    rows,
    page: current,
    pageCount,
    total,
    from: rows.length ? start + 1 : 0,
    to: start + rows.length,
  };
}

/** The same URL query with another page; page 1 drops the parameter. */
export function withPage(search: string | URLSearchParams, page: number, key = "page"): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete(key);
  else params.set(key, String(page));
  const s = params.toString();
  return s ? `?${s}` : "?";
}

/**
 * Page numbers to offer as links: the first, the last and two either side of the current page,
 * with null where a run of pages is left out.
 */
export function pageLinks(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set<number>([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= pageCount) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev > 1) out.push(null);
    out.push(p);
    prev = p;
  }
  return out;
}

/** Normalises text for a search: lower case, accents removed, spaces collapsed. */
export function foldForSearch(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Global search: a row matches when every word of the query is found in one of its cells
 * (case and accents ignored). An empty query keeps every row.
 */
export function searchRows<T>(
  rows: readonly T[],
  query: string | null | undefined,
  cells: (row: T) => (string | number | null | undefined)[],
): T[] {
  const words = foldForSearch(query ?? "")
    .split(" ")
    .filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter((row) => {
    const hay = cells(row)
      .filter((c) => c !== null && c !== undefined && c !== "")
      .map((c) => foldForSearch(String(c)))
      .join(" \u0000 ");
    return words.every((w) => hay.includes(w));
  });
}
