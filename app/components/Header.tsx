import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { t } from "@domain/messages/common";
import { cartHref, navigationFor } from "@domain/rules/navigation";
import { isStaffPath } from "@domain/rules/language";
import language from "@domain/messages/compiled/page/language.js";

interface HeaderProps {
  user: {
    student: { userType: "student" | "community_member" | "guest_user"; name: string } | null;
    staff: { role: string[]; displayName: string } | null;
  };
  cartCount: number;
  /** The district's name from its settings, beside the product's title. */
  districtName?: string;
  districtNameLang?: "en";
}

function NavItems({ user, cartCount }: HeaderProps) {
  const items = navigationFor(user);
  const cart = cartHref(user);
  const signedIn = Boolean(user.student || user.staff);
  return (
    <>
      {items.map((item) => (
        <NavLink key={item.href + item.key} to={item.href} prefetch="none">
          {t(item.key)}
        </NavLink>
      ))}
      {cart ? (
        <NavLink to={cart} aria-label={t("nav.cartItems", { count: cartCount })}>
          {t("nav.cart")}
          <span className="cart-badge" aria-hidden="true">
            {cartCount}
          </span>
        </NavLink>
      ) : null}
      {signedIn ? (
        <Form method="post" action="/signout">
          <button type="submit" className="link">
            {t("nav.signOut")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/**
 * The other language, named in itself (decision 170): a plain form, so the whole page (and its
 * scripts) comes again in that language, with JavaScript or without. Staff pages stay English.
 */
function LanguageSwitch() {
  const { pathname, search } = useLocation();
  if (isStaffPath(pathname)) return null;
  const other = language === "en" ? "es" : "en";
  return (
    <form method="post" action="/language" className="app-language">
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button type="submit" className="link" lang={other}>
        {t(`language.switchTo.${other}`)}
      </button>
    </form>
  );
}

/** The cart and its count, at phone width beside the menu rather than inside the drawer. */
function NarrowCart({ user, cartCount }: HeaderProps) {
  const cart = cartHref(user);
  if (!cart) return null;
  return (
    <NavLink
      to={cart}
      className="app-cart-narrow"
      aria-label={t("nav.cartItems", { count: cartCount })}
    >
      {t("nav.cart")}
      <span className="cart-badge" aria-hidden="true">
        {cartCount}
      </span>
    </NavLink>
  );
}

export function Header(props: HeaderProps) {
  // The phone menu closes once a page is chosen: the header stays across pages, and an open
  // menu would cover the new one.
  const drawer = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (drawer.current) drawer.current.open = false;
  }, [key]);
  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link to="/" className="app-logo">
          {/* The light tile stands out on the purple header (the favicon is purple). */}
          <img src="/logo.svg" alt="" width={28} height={28} />
          {t("app.title")}
          {props.districtName ? (
            <span className="app-district" lang={props.districtNameLang}>
              {props.districtName}
            </span>
          ) : null}
        </Link>
        <nav className="app-nav wide" aria-label={t("nav.mainNavigation")}>
          <NavItems {...props} />
        </nav>
        <LanguageSwitch />
        <NarrowCart {...props} />
        <details className="app-drawer" ref={drawer}>
          <summary>{t("nav.menu")}</summary>
          <nav className="app-nav" aria-label={t("nav.mainNavigation")}>
            <NavItems {...props} />
          </nav>
        </details>
      </div>
    </header>
  );
}
