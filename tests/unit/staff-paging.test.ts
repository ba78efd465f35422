import { describe, expect, it } from "vitest";
import {
  PAGE_SIZE,
  foldForSearch,
  pageLinks,
  paginate,
  parsePage,
  searchRows,
  withPage,
} from "@domain/rules/paging";

const items = Array.from({ length: 95 }, (_, i) => i + 1);

describe("page sizes", () => {
  it("follow the spec: 40 sections, 40 roster rows, 100 fee report rows", () => {
    expect(PAGE_SIZE).toEqual({ sections: 40, roster: 40, feeReport: 100 });
  });
});

describe("parsePage", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["0", 1],
    ["-3", 1],
    ["abc", 1],
    ["2.5", 1],
    ["3", 3],
    ["9999999999", 1],
  ])("%j is page %i", (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe("paginate", () => {
  it("cuts 40 rows a page and reports the range", () => {
    expect(paginate(items, 1, 40)).toMatchObject({
      page: 1,
      pageCount: 3,
      total: 95,
      from: 1,
      to: 40,
    });
    const last = paginate(items, 3, 40);
    expect(last.rows).toEqual(items.slice(80));
    expect(last).toMatchObject({ from: 81, to: 95 });
  });
  it("clamps a page past the end to the last page", () => {
    expect(paginate(items, 10, 40).page).toBe(3);
    expect(paginate(items, 10, 100)).toMatchObject({ page: 1, pageCount: 1, to: 95 });
  });
  it("has one empty page when there is nothing", () => {
    expect(paginate([], 2, 40)).toEqual({
      rows: [],
      page: 1,
      pageCount: 1,
      total: 0,
      from: 0,
      to: 0,
    });
  });
});

describe("withPage", () => {
  it("keeps other parameters and drops page 1", () => {
    expect(withPage("q=ann&status=canceled", 2)).toBe("?q=ann&status=canceled&page=2");
    expect(withPage("q=ann&page=4", 1)).toBe("?q=ann");
    expect(withPage("", 1)).toBe("?");
  });
});

describe("pageLinks", () => {
  it("shows the ends and the neighbours, with gaps", () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageLinks(1, 1)).toEqual([1]);
  });
});

describe("searchRows", () => {
  const rows = [
    { id: 100021, name: "Zoë García", grade: "7" },
    { id: 100022, name: "Liam Able", grade: "8" },
    { id: 200001, name: "Jordan Rivera", grade: "Adult" },
  ];
  const cells = (r: (typeof rows)[number]) => [r.id, r.name, r.grade];
  it("matches any cell, ignoring case and accents, every word", () => {
    expect(searchRows(rows, "zoe", cells).map((r) => r.id)).toEqual([100021]);
    expect(searchRows(rows, "GARCIA 7", cells).map((r) => r.id)).toEqual([100021]);
    expect(searchRows(rows, "2000", cells).map((r) => r.id)).toEqual([200001]);
    expect(searchRows(rows, "able 7", cells)).toEqual([]);
  });
  it("keeps everything for an empty query", () => {
    expect(searchRows(rows, "  ", cells)).toHaveLength(3);
    expect(searchRows(rows, null, cells)).toHaveLength(3);
  });
  it("folds text", () => {
    expect(foldForSearch("  Zoë   GARCÍA ")).toBe("zoe garcia");
  });
});
