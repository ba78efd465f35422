// "One child or all" on My Registrations and Previous Purchases (decision 165): the choice of whose
// list is shown, and each other linked child's list, read-only, with the switch that puts that
// child on screen to act on it. Plain links and posts; the texts come from the page's catalogue.
import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";

export function ChildScope(p: {
  label: string;
  onlyLabel: string;
  allLabel: string;
  onlyHref: string;
  allHref: string;
  all: boolean;
}) {
  return (
    <nav className="child-scope" aria-label={p.label}>
      <Link to={p.onlyHref} aria-current={p.all ? undefined : "page"}>
        {p.onlyLabel}
      </Link>
      <Link to={p.allHref} aria-current={p.all ? "page" : undefined}>
        {p.allLabel}
      </Link>
    </nav>
  );
}

export function LinkedChildSection(p: {
  childKey: string;
  heading: string;
  /** Why the list could not be read, said in its place as an alert. */
  error: string | null;
  /** How many entries the list has, and what is said when there are none. */
  count: number;
  emptyText: string;
  switchLabel: string;
  /** Where the switch stays (a family list, decision 165). */
  from: string;
  children: ReactNode;
}) {
  const headingId = `linked-${p.childKey.replace(/\W/g, "-")}-${p.from.replace(/\W/g, "")}`;
  return (
    <section aria-labelledby={headingId} className="linked-child">
      <h2 id={headingId}>{p.heading}</h2>
      {p.error ? (
        <p role="alert">{p.error}</p>
      ) : p.count ? (
        <ul>{p.children}</ul>
      ) : (
        <p>{p.emptyText}</p>
      )}
      <Form method="post" action="/household/switch">
        <input type="hidden" name="from" value={p.from} />
        <button type="submit" name="child" value={p.childKey} className="linked-switch">
          {p.switchLabel}
        </button>
      </Form>
    </section>
  );
}
