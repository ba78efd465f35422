// The activity cards of /programs and /my-registrations, or the page's "nothing here" text.
//
// The cards are plain links and forms (decision 094). With JavaScript, one click and one submit
// handler here turn them into client-side navigations, as Remix's <Link> and <Form> do, instead
// of a router-aware component per link and form of a hundred cards.
import type { FormEvent, MouseEvent } from "react";
import { useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { ActivityCard } from "./ActivityCard";
import type { CardData } from "./card-data";

interface Props {
  cards: CardData[];
  /** Where a card's actions come back to. */
  back: string;
  detailHref: (courseSelectionUUID: string) => string;
  /** Shown when there are no courses and the list did not fail to load. */
  emptyText: string | null;
}

/** The same-site path a plain left click on a link goes to, or null when the browser should act. */
function clientHref(e: MouseEvent<HTMLElement>): { href: string; link: Element } | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) {
    return null;
  }
  const link = (e.target as Element).closest?.("a[href]");
  if (!link || !e.currentTarget.contains(link) || link.hasAttribute("download")) return null;
  const target = link.getAttribute("target");
  if (target && target !== "_self") return null;
  const href = link.getAttribute("href") ?? "";
  return href.startsWith("/") && !href.startsWith("//") ? { href, link } : null;
}

export function ActivityGrid({ cards, back, detailHref, emptyText }: Props) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const busyId =
    navigation.state !== "idle" ? navigation.formData?.get("courseSelectionUUID") : undefined;
  if (!cards.length) return emptyText ? <p className="ac-empty">{emptyText}</p> : null;

  const onClick = (e: MouseEvent<HTMLElement>) => {
    const to = clientHref(e);
    if (!to) return;
    e.preventDefault();
    // The detail dialog opens over the list where it is (as <Link preventScrollReset> did).
    navigate(to.href, { preventScrollReset: to.link.classList.contains("ac-link") });
  };
  const onSubmit = (e: FormEvent<HTMLElement>) => {
    const form = e.target;
    if (e.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter;
    submit(submitter instanceof HTMLButtonElement ? submitter : form, {
      preventScrollReset: true,
    });
  };

  return (
    // The handlers only take over what the links and forms inside already do (keyboard included).
    <div className="ac-grid" onClick={onClick} onSubmit={onSubmit}>
      {cards.map((c, i) => (
        <ActivityCard
          key={c.id}
          card={c}
          back={back}
          detailHref={detailHref(c.id)}
          headingId={`ac-${i}`}
          busy={busyId === c.id}
        />
      ))}
    </div>
  );
}
