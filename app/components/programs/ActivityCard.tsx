// An activity card: what the course is, its state and the actions of spec 01 §4 "Card action by
// state". Every action is a plain link or form post; questions and confirmations are pages.
//
// Plain elements styled by app.css, no Mantine component, Remix <Link> or <Form> per card
// (decision 094): /programs renders a hundred cards or more and each of those costs server time
// and markup. ActivityGrid turns the cards' link clicks and form posts into client-side
// navigations when JavaScript runs, as <Link> and <Form> would.
import { memo } from "react";
import { Alert } from "~/ui";
import type { CardAction } from "@domain/rules/card-actions";
import { t } from "@domain/messages/programs";
import { PaymentCountdown } from "~/islands/PaymentCountdown";
import type { CardData } from "./card-data";
import { programsOpener } from "./openers";

interface Props {
  card: CardData;
  /** The page to come back to after an action (path and query). */
  back: string;
  /** Link that opens the detail dialog. */
  detailHref: string;
  /** id of the card's heading, unique in the page. */
  headingId: string;
  /** One of this card's actions is being posted. */
  busy: boolean;
}

type Look = "filled" | "outline" | "outline-red" | "light-red";

function ActionControl({
  action,
  card,
  back,
  busy,
  controlId,
}: {
  action: CardAction;
  card: CardData;
  back: string;
  busy: boolean;
  /** The card's first action carries the id its dialogs give the focus back to. */
  controlId: string | undefined;
}) {
  const id = card.id;
  const backParam = `back=${encodeURIComponent(back)}`;
  const link = (href: string, look: Look = "filled") => (
    <a href={href} id={controlId} className="ac-button" data-look={look}>
      {action.label}
    </a>
  );
  const post = (intent: string, look: Look = "filled", reason?: string) => (
    <form method="post" action="/programs">
      <input type="hidden" name="courseSelectionUUID" value={id} />
      <input type="hidden" name="status" value={card.status} />
      <input type="hidden" name="back" value={back} />
      {reason ? <input type="hidden" name="reason" value={reason} /> : null}
      <button
        type="submit"
        id={controlId}
        name="intent"
        value={intent}
        className="ac-button"
        data-look={look}
        disabled={busy}
        data-loading={busy || undefined}
        aria-busy={busy || undefined}
      >
        {action.label}
      </button>
    </form>
  );
  switch (action.kind) {
    case "register":
      return card.questions
        ? link(`/programs/questions/${id}?intent=register&${backParam}`)
        : post("register");
    case "joinWaitlist":
      return card.questions
        ? link(`/programs/questions/${id}?intent=waitlist&${backParam}`, "outline")
        : post("waitlist", "outline");
    case "leaveWaitlist":
      return link(`/programs/confirm-remove/${id}?${backParam}`, "outline-red");
    case "cancel":
      return link(`/programs/confirm-cancel/${id}?${backParam}`, "light-red");
    case "pay":
      return link(`/payment/${id}`);
    case "cart":
      return link("/cart");
  }
}

export const ActivityCard = memo(function ActivityCard({
  card,
  back,
  detailHref,
  headingId,
  busy,
}: Props) {
  return (
    <article
      aria-labelledby={headingId}
      className="activity-card"
      data-registration-error={card.failed}
    >
      <h3 className="ac-title" id={headingId} lang={card.nameLang}>
        {card.name}
      </h3>
      <p className="ac-dimmed">{card.meta}</p>
      <p lang={card.programLang}>{card.program}</p>
      <p>{card.dates}</p>
      {card.schedule ? <p>{card.schedule}</p> : null}
      <p className="ac-cost">{card.cost}</p>
      {card.school ? <p>{card.school}</p> : null}
      <a href={detailHref} id={programsOpener.details(card.id)} className="ac-text ac-link">
        {t("card.details")}
        <span className="visually-hidden" lang={card.nameLang}>{` ${card.name}`}</span>
      </a>
      <div className="ac-fill" />
      {card.state ? (
        // A card with no action left (registered, the check awaited) gives the focus that comes
        // back from a dialog to what it now says.
        <p
          className="ac-state"
          id={card.actions.length ? undefined : programsOpener.action(card.id)}
          tabIndex={card.actions.length ? undefined : -1}
        >
          {card.state}
        </p>
      ) : null}
      {card.paidSoFar ? <p>{card.paidSoFar}</p> : null}
      {card.failedReason ? <p className="ac-error">{card.failedReason}</p> : null}
      {card.balanceDue ? (
        <Alert color="yellow" p="xs" title={card.balanceDue.title}>
          <span lang={card.balanceDue.messageLang}>{card.balanceDue.message}</span>
        </Alert>
      ) : null}
      {card.countdown ? (
        <PaymentCountdown
          courseSelectionUUID={card.id}
          deadline={card.countdown.deadline}
          initial={card.countdown.initial}
          extendable={card.countdown.extendable}
          back={back}
        />
      ) : null}
      <div className="ac-actions">
        {card.actions.map((a, i) => (
          <ActionControl
            key={a.kind}
            action={a}
            card={card}
            back={back}
            busy={busy}
            controlId={i === 0 ? programsOpener.action(card.id) : undefined}
          />
        ))}
      </div>
    </article>
  );
});
