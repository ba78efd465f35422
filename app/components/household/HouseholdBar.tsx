import { Form, Link, useLocation } from "@remix-run/react";
import { t } from "@domain/messages/common";

export interface HouseholdView {
  /** The first name of the child on screen: every family page is theirs. */
  onScreen: string;
  /** The other linked children, each with the value a switch names them by. */
  others: { value: string; name: string }[];
  full: boolean;
}

/**
 * Whose programs, fees and registrations are on screen, the switch to another linked child and the
 * way to add one (decision 165). Plain posts and links: it works without JavaScript. Plain markup
 * styled in app.css, as it is on every family page.
 */
export function HouseholdBar({ household }: { household: HouseholdView }) {
  const { pathname, search } = useLocation();
  return (
    <nav className="household-bar" aria-label={t("household.label")}>
      <div className="household-bar-inner">
        <strong>{t("household.showing", { name: household.onScreen })}</strong>
        {household.others.length > 0 ? (
          <Form method="post" action="/household/switch" className="household-switch">
            <input type="hidden" name="from" value={`${pathname}${search}`} />
            {household.others.map((child) => (
              <button key={child.value} type="submit" name="child" value={child.value}>
                {t("household.switchTo", { name: child.name })}
              </button>
            ))}
          </Form>
        ) : null}
        {household.full ? null : (
          <Link to="/household/add" prefetch="none">
            {t("household.add")}
          </Link>
        )}
      </div>
    </nav>
  );
}
