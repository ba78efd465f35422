import { Form, Link, useLocation } from "@remix-run/react";

/** The strip's words come written by the server (app/.server/household.ts, `householdView`). */
export interface HouseholdView {
  /** The strip's name for screen readers. */
  label: string;
  /** "Showing Mason": whose programs, fees and registrations every family page shows. */
  showing: string;
  /**
   * The other linked children: the value a switch names each by, and its button's words. None at
   * a cashier's register, which keeps its child on screen (decision 167).
   */
  others: { value: string; switchLabel: string }[];
  /** The "Add another child" link's words, unless the sign-in is full. */
  add: string | null;
  /** What waits in the other children's carts, on the cart page (said by the server). */
  waiting?: string;
  /** The words of the button that brings those carts into this one (decision 167). */
  gather?: string | null;
}

/**
 * Whose programs, fees and registrations are on screen, the switch to another linked child and the
 * way to add one (decision 165). Plain posts and links: it works without JavaScript. Plain markup
 * styled in app.css, as it is on every family page. The form is there for the switches or for the
 * gather alone (a register has no switches, decision 167).
 */
export function HouseholdBar({ household }: { household: HouseholdView }) {
  const { pathname, search } = useLocation();
  return (
    <nav className="household-bar" aria-label={household.label}>
      <div className="household-bar-inner">
        <strong>{household.showing}</strong>
        {household.others.length || household.gather ? (
          <Form method="post" action="/household/switch" className="household-switch">
            <input type="hidden" name="from" value={`${pathname}${search}`} />
            {household.others.map((child) => (
              <button key={child.value} type="submit" name="child" value={child.value}>
                {child.switchLabel}
              </button>
            ))}
            {household.waiting ? <p className="household-waiting">{household.waiting}</p> : null}
            {/* Same form, its own address: what waits elsewhere comes into this cart. */}
            {household.gather ? (
              <button type="submit" formAction="/household/cart">
                {household.gather}
              </button>
            ) : null}
          </Form>
        ) : null}
        {household.add ? <Link to="/household/add">{household.add}</Link> : null}
      </div>
    </nav>
  );
}
