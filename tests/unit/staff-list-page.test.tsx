// The staff list pages' one shape (app/components/staff/StaffListPage.tsx), rendered on the server
// as the pages first are: the heading, the GET form named as the page names it (a search landmark
// only when told), then the load error, or the "none found" text, or the captioned table, and the
// Pager keeping the query on its links. The browser tests find these by role and label.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { MantineProvider } from "@mantine/core";
import { t } from "@domain/messages/staff";
import { StaffListPage, type StaffList } from "~/components/staff/StaffListPage";
import { theme } from "~/theme";

interface Person {
  id: number;
  name: string;
  seen: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: "Ada", seen: "2026-01-02 09:00" },
  { id: 2, name: "Bo", seen: "2026-01-03 10:00" },
];

/** The page at `url`, rendered on the server inside a router and Mantine, as the app does. */
async function render(url: string, page: ReactElement): Promise<string> {
  const handler = createStaticHandler([{ path: "/list", element: page }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error("the route answered a Response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}

function People({
  list,
  loadError,
  role,
}: {
  list: StaffList<Person> | null;
  loadError?: string;
  role?: "search";
}) {
  return (
    <StaffListPage
      title="People"
      intro="Find someone."
      form={{
        role,
        label: "Find people",
        fields: (
          <>
            <input name="q" aria-label="Name" />
            <button type="submit">Search</button>
          </>
        ),
      }}
      loadError={loadError}
      list={list}
      empty="Nobody found."
      minWidth={600}
      rowKey={(p) => p.id}
      columns={[
        { header: "Name", cell: (p) => <a href={`/people/${p.id}`}>{p.name}</a> },
        { header: "Seen", cell: (p) => p.seen, nowrap: true },
      ]}
    >
      <section aria-label="More">after the list</section>
    </StaffListPage>
  );
}

const cells = (html: string, tag: "th" | "td") =>
  [...html.matchAll(new RegExp(`<${tag}[^>]*>(.*?)</${tag}>`, "g"))].map((m) =>
    m[1]!.replace(/<[^>]+>/g, ""),
  );

describe("StaffListPage", () => {
  it("draws the heading, the GET form, the captioned table and the Pager keeping the query", async () => {
    const html = await render(
      "/list?q=a&page=2",
      <People role="search" list={{ rows: PEOPLE, caption: "2 found", page: 2, pageCount: 3 }} />,
    );
    expect(html).toMatch(/<h1[^>]*>People<\/h1>/);
    expect(html).toContain(">Find someone.</p>");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*role="search"[^>]*aria-label="Find people"/);
    expect(html).toMatch(/<caption[^>]*>2 found<\/caption>/);
    expect(cells(html, "th")).toEqual(["Name", "Seen"]);
    expect(cells(html, "td")).toEqual(["Ada", "2026-01-02 09:00", "Bo", "2026-01-03 10:00"]);
    expect(html).toContain('<td style="white-space:nowrap"');
    expect(html).toContain('href="/people/1"');
    expect(html).toContain(`aria-label="People – ${t("staff.paging.label")}"`);
    expect(html).toContain('href="/list?q=a&amp;page=3"');
    expect(html).toContain('href="/list?q=a"');
    expect(html).not.toContain('role="alert"');
    // The page's other sections come after the list.
    expect(html.indexOf("after the list")).toBeGreaterThan(html.indexOf("</table>"));
  });

  it("a filter form is no search landmark", async () => {
    const html = await render("/list", <People list={{ rows: PEOPLE, page: 1, pageCount: 1 }} />);
    expect(html).toMatch(/<form[^>]*aria-label="Find people"/);
    expect(html).not.toContain('role="search"');
    expect(html).not.toContain("<caption");
    // One page: no Pager.
    expect(html).not.toContain("<nav");
  });

  it("says none were found, and still pages back from past the last page", async () => {
    const html = await render(
      "/list?page=4",
      <People role="search" list={{ rows: [], caption: "0 found", page: 4, pageCount: 2 }} />,
    );
    expect(html).toContain(">Nobody found.</p>");
    expect(html).not.toContain("<table");
    expect(html).toContain('rel="prev"');
  });

  it("shows the load error instead of the list", async () => {
    const html = await render(
      "/list",
      <People role="search" list={null} loadError="The people could not be read." />,
    );
    expect(html).toMatch(/role="alert"[^>]*>.*The people could not be read\./);
    expect(html).not.toContain("<table");
    expect(html).not.toContain("Nobody found.");
    expect(html).toMatch(/<form[^>]*role="search"/);
  });
});
