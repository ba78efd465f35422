// The next page's scripts (decision 161): read from the build's assets manifest, without those
// the current page has already loaded.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { nextPageScripts, PAGE_ROUTES, routesOfLink } from "~/.server/next-page-scripts";

const assets = {
  entry: { module: "/build/entry.js", imports: ["/build/_shared/react.js"] },
  routes: {
    root: {
      module: "/build/root.js",
      imports: ["/build/_shared/react.js", "/build/_shared/ui.js"],
    },
    "routes/programs": {
      module: "/build/routes/programs.js",
      imports: ["/build/_shared/ui.js", "/build/_shared/cards.js", "/build/_shared/countdown.js"],
    },
    "routes/payment.$courseSelectionUUID": {
      module: "/build/routes/payment.js",
      imports: [
        "/build/_shared/react.js",
        "/build/_shared/ui.js",
        "/build/_shared/countdown.js",
        "/build/_shared/card-form.js",
      ],
    },
    "routes/instructor": {
      module: "/build/routes/instructor.js",
      imports: ["/build/_shared/staff.js"],
    },
    "routes/instructor.sign-in": {
      module: "/build/routes/instructor.sign-in.js",
      imports: ["/build/_shared/staff.js", "/build/_shared/zod.js"],
    },
  },
};

describe("nextPageScripts", () => {
  it("names the next page's module and chunks, not the entry's, the root's or the current page's", () => {
    expect(
      nextPageScripts({ assets }, { next: PAGE_ROUTES.payment, current: PAGE_ROUTES.programs }),
    ).toEqual(["/build/routes/payment.js", "/build/_shared/card-form.js"]);
  });

  it("names a chunk shared by the next page's routes once, its layout's included", () => {
    expect(
      nextPageScripts({ assets }, { next: PAGE_ROUTES.staffSignIn, current: PAGE_ROUTES.signIn }),
    ).toEqual([
      "/build/routes/instructor.js",
      "/build/_shared/staff.js",
      "/build/routes/instructor.sign-in.js",
      "/build/_shared/zod.js",
    ]);
  });

  it("names nothing for a route the build does not have, or without a manifest", () => {
    expect(nextPageScripts({ assets }, { next: PAGE_ROUTES.fees, current: [] })).toEqual([]);
    expect(nextPageScripts({}, { next: PAGE_ROUTES.payment, current: [] })).toEqual([]);
  });
});

describe("the pages' routes", () => {
  it("finds a link's page by its path, its query aside", () => {
    expect(routesOfLink("/signin?redirectTo=%2Fprograms")).toEqual(["routes/signin"]);
    expect(routesOfLink("/instructor/sign-in?redirectTo=%2Finstructor%2F")).toEqual([
      "routes/instructor",
      "routes/instructor.sign-in",
    ]);
    expect(routesOfLink("/programs")).toEqual(["routes/programs"]);
    expect(routesOfLink("/register-guest")).toEqual([]);
  });

  it("are the ids of route files that exist, so a renamed page cannot lose its scripts quietly", () => {
    const ids = Object.values(PAGE_ROUTES).flat();
    expect(ids.filter((id) => !existsSync(`app/${id}.tsx`))).toEqual([]);
  });
});
