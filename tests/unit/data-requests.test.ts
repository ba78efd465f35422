// Remix's single fetch asks for a page's data at `<page>.data` (`/_root.data` for `/`): the
// server's gates before Remix read such a request as one for the page itself, as Remix does.
import { describe, expect, it } from "vitest";
import { isDataRequest, pagePathOf } from "../../server/data-requests";
import { pageLanguage } from "@domain/rules/language";

describe("a page's data requests", () => {
  it("are for the page whose path they extend", () => {
    expect(pagePathOf("/instructor/fees.data")).toBe("/instructor/fees");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/admin.data")).toBe("/admin");
    expect(pagePathOf("/admin")).toBe("/admin");
    expect(pagePathOf("/")).toBe("/");
    expect(isDataRequest("/admin.data")).toBe(true);
    expect(isDataRequest("/admin")).toBe(false);
    expect(isDataRequest("/__manifest")).toBe(false);
  });

  it("keep a staff page's data in English whatever the family's choice (decision 170)", () => {
    for (const path of ["/admin.data", "/office.data", "/instructor.data", "/desktop.data"]) {
      expect(
        pageLanguage({ pathname: pagePathOf(path), chosen: "es", acceptLanguage: "es" }),
        path,
      ).toBe("en");
    }
  });
});
