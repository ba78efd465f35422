// The access log and metrics name a page by its route pattern, as Remix matches it (decision 113);
// the labels of paths already seen are kept, boundedly, because matching every route on every
// request was a measurable share of a page's CPU (decision 166).
import { describe, expect, it } from "vitest";
import type { ServerBuild } from "@remix-run/node";
import { KNOWN_PATHS, routePatterns } from "../../server/observe";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});

const build = {
  routes: {
    root: route("root", undefined, ""),
    "routes/_index": route("routes/_index", "root", undefined, true),
    "routes/programs": route("routes/programs", "root", "programs"),
    "routes/payment.$id": route("routes/payment.$id", "root", "payment/:id"),
    "routes/instructor": route("routes/instructor", "root", "instructor"),
    "routes/instructor.course.$p.$c": route(
      "routes/instructor.course.$p.$c",
      "routes/instructor",
      "course/:programId/:courseId",
    ),
    "routes/$": route("routes/$", "root", "*"),
  },
} as unknown as ServerBuild;

describe("route labels", () => {
  it("name the matched route's pattern, never the URL", () => {
    const labels = routePatterns(build);
    expect(labels.match("/")).toBe("/");
    expect(labels.match("/programs")).toBe("/programs");
    expect(labels.match("/payment/3f1c")).toBe("/payment/:id");
    expect(labels.match("/instructor/course/12/34")).toBe(
      "/instructor/course/:programId/:courseId",
    );
    expect(labels.match("/no/such/page")).toBe("/*");
  });

  it("name a page's data request (single fetch's `.data`) by the page's route, marked as data", () => {
    const labels = routePatterns(build);
    expect(labels.match("/payment/3f1c.data")).toBe("/payment/:id (data)");
    expect(labels.match("/instructor/course/12/34.data")).toBe(
      "/instructor/course/:programId/:courseId (data)",
    );
    // The questionnaire's page, `/`, asks for its data at /_root.data.
    expect(labels.match("/_root.data")).toBe("/ (data)");
    expect(labels.match("/no/such/page.data")).toBe("/* (data)");
    // The page's own label is unchanged by its data requests.
    expect(labels.match("/payment/3f1c")).toBe("/payment/:id");
  });

  it("name Remix's route discovery as itself, not as the page not found (decision 173)", () => {
    const labels = routePatterns(build);
    expect(labels.match("/__manifest")).toBe("/__manifest");
  });

  it("stay right when the same paths come again and after many different ones", () => {
    const labels = routePatterns(build);
    for (let round = 0; round < 3; round++) {
      expect(labels.match("/programs")).toBe("/programs");
      // More distinct paths than are kept: each is still labelled by its own route.
      for (let i = 0; i < KNOWN_PATHS + 50; i++) {
        expect(labels.match(`/payment/${round}-${i}`)).toBe("/payment/:id");
      }
      expect(labels.match("/")).toBe("/");
      expect(labels.match("/elsewhere")).toBe("/*");
    }
  });
});
