// "All children" on My Registrations (decision 165): whose registrations are shown, and each other
// linked child's registrations, read-only, with the switch that puts that child on screen to act.
import { Form, Link } from "@remix-run/react";
import { t } from "@domain/messages/programs";
import type { CardData } from "./card-data";

export function WhoseRegistrations({ onScreen, all }: { onScreen: string; all: boolean }) {
  return (
    <nav className="whose-registrations" aria-label={t("programs.whoseRegistrations")}>
      <Link to="/my-registrations" aria-current={all ? undefined : "page"}>
        {t("programs.childOnly", { name: onScreen })}
      </Link>
      <Link to="/my-registrations?show=all" aria-current={all ? "page" : undefined}>
        {t("programs.allChildren")}
      </Link>
    </nav>
  );
}

export function LinkedChildRegistrations({
  child,
}: {
  child: { key: string; name: string; error: string | null; cards: CardData[] };
}) {
  const headingId = `registrations-of-${child.key.replace(/\W/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="linked-registrations">
      <h2 id={headingId}>{t("programs.registrationsOf", { name: child.name })}</h2>
      {child.error ? (
        <p role="alert">{child.error}</p>
      ) : child.cards.length === 0 ? (
        <p className="ac-empty">{t("programs.childNoRegistrations", { name: child.name })}</p>
      ) : (
        <ul>
          {child.cards.map((card) => (
            <li key={card.id}>
              <strong>{card.name}</strong>
              <span>{card.program}</span>
              <span>{card.dates}</span>
              {card.schedule ? <span>{card.schedule}</span> : null}
              {card.state ? <span>{card.state}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action="/household/switch">
        <input type="hidden" name="from" value="/my-registrations" />
        <button type="submit" name="child" value={child.key} className="linked-switch">
          {t("household.switchTo", { name: child.name })}
        </button>
      </Form>
    </section>
  );
}
