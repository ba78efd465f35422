import type {} from "./.server/context";
import {
  json,
  type HeadersFunction,
  type LinksFunction,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import uiStyles from "./styles/ui.css?url";
import appStyles from "./styles/app.css?url";
import { t } from "@domain/messages/common";
import language from "@domain/messages/compiled/page/language.js";
import { commitSession, getSession, validStaff, validStudent } from "./.server/session";
import { loadCartCount } from "./.server/cart-count";
import { readStatus } from "./.server/maintenance";
import { loadDistrict } from "./.server/settings";
import { cartsWaiting, householdView } from "./.server/household";
import { Header } from "./components/Header";
import { NoticeBar } from "./components/NoticeBar";
import { HouseholdBar } from "./components/household/HouseholdBar";
import { NotFound } from "./components/NotFound";
import { useNonce } from "./components/nonce";
import { useDocumentTitle } from "./components/page-title";
import { DesktopBridge } from "./islands/DesktopBridge";
import { SessionKeepAlive } from "./islands/SessionKeepAlive";
import { MaintenanceWatch } from "./islands/MaintenanceWatch";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: uiStyles },
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * A page shown by the error boundary keeps the headers of the response that was thrown for it:
 * a 503 whose data could not be read says when to try again (Retry-After).
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const out = new Headers();
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request);
  const student = validStudent(session);
  const staff = validStaff(session);
  const notice = session.get("notice") ?? null;
  const [cartCount, status, district] = await Promise.all([
    loadCartCount(request, context, staff ? "staff" : student ? "student" : null),
    readStatus(context.apiBaseUrl, context.statusPollMs),
    loadDistrict(context),
  ]);
  return json(
    {
      user: {
        student: student
          ? {
              userType: student.userType,
              studentId: student.studentId,
              name: `${student.nameFirst} ${student.nameLast}`.trim(),
              expires: student.expires,
              desktop: Boolean(student.desktop),
            }
          : null,
        staff: staff
          ? {
              role: staff.role,
              employeeID: staff.employeeID,
              displayName: staff.displayName,
              expires: staff.expires,
              desktop: Boolean(staff.desktop),
            }
          : null,
      },
      notice,
      // The strip goes with the family's navigation: a staff session beside it shows the staff's.
      household:
        student && !staff
          ? householdView(
              session,
              new URL(request.url).pathname === "/cart"
                ? await cartsWaiting({ request, context })
                : "",
            )
          : null,
      cartCount,
      district,
      maintenance: { start: status.start, end: status.end, state: status.state },
      environment: context.environment ?? { demo: false, simulatedPayments: false },
    },
    notice ? { headers: { "Set-Cookie": await commitSession(session) } } : undefined,
  );
}

/**
 * The questionnaire's steps (`/`, `/?persona=…`) are one page whose steps change nothing the root
 * shows: moving between them does not ask the server for the root's data again, a round trip of
 * a second on a slow phone (decision 161). A post, a revalidation (the same URL) and every other
 * page load it as before.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const betweenSteps =
    !formMethod &&
    currentUrl.pathname === "/" &&
    nextUrl.pathname === "/" &&
    currentUrl.search !== nextUrl.search;
  return betweenSteps ? false : defaultShouldRevalidate;
};

export type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const title = useDocumentTitle();
  return (
    <html lang={language} data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#631d79" />
        <title>{title}</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The generic loading view (spec 01 §2 "Loading ..."): shown while a page loads with JavaScript. */
function LoadingIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="app-loading" role="status" data-active="true">
      {t("app.loading")}
    </div>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  const signedIn = Boolean(data.user.student || data.user.staff);
  return (
    <Document>
      <LoadingIndicator />
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      {data.environment.demo || data.environment.simulatedPayments ? (
        <aside className="environment-banner" aria-label={t("app.environmentLabel")}>
          {t(data.environment.demo ? "app.demoBanner" : "app.simulatedPaymentsBanner")}
        </aside>
      ) : null}
      <Header
        user={data.user}
        cartCount={data.cartCount}
        districtName={data.district.name}
        districtNameLang={data.district.nameLang}
      />
      {data.household ? <HouseholdBar household={data.household} /> : null}
      {/* Before the content: on a phone it sits under the header, in the flow (app.css). */}
      {data.notice ? <NoticeBar notice={data.notice} /> : null}
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <DesktopBridge signedIn={signedIn} />
      <SessionKeepAlive
        expires={[data.user.student?.expires, data.user.staff?.expires].filter(
          (e): e is number => typeof e === "number",
        )}
      />
      <MaintenanceWatch start={data.maintenance.start} end={data.maintenance.end} />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refused post (400) says what was wrong with it, e.g. the field the form does not have; a
  // page whose data could not be read (503) says which.
  const refusal =
    isRouteErrorResponse(error) &&
    (error.status === 400 || error.status === 503) &&
    typeof error.data === "string"
      ? error.data
      : null;
  return (
    <Document>
      <main id="main" className="app-main">
        {notFound ? <NotFound /> : <p role="alert">{refusal ?? t("error.generic")}</p>}
      </main>
    </Document>
  );
}
