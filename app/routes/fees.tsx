// /fees (spec 02 §2 "Fees page"): Assessed Fees, Optional Fees and Previous Purchases as URL
// tabs; guests see only Optional Fees. Everything is a link or a form post.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Alert } from "~/ui/mantine/Alert";
import { Anchor } from "~/ui/mantine/Anchor";
import { Button } from "~/ui/mantine/Button";
import { Group } from "~/ui/mantine/Group";
import { Stack } from "~/ui/mantine/Stack";
import { Text } from "~/ui/mantine/Text";
import { Title } from "~/ui/mantine/Title";
import { t } from "@domain/messages/fees";
import { FeesStyles } from "~/components/fees/FeesStyles";
import { requireFamily } from "~/.server/auth";
import { addFeeFromForm, donationProblem, loadFeesData } from "~/.server/fees";
import { loadSettings } from "~/.server/settings";
import { flashNotice } from "~/.server/session";
import { callApi } from "~/.server/api";
import { OkReply } from "@domain/contract/fees";
import { loadStudentFees, loadCart } from "~/.server/payments";
import { PageDialog } from "~/components/PageDialog";
import {
  FeeCards,
  MoreDialog,
  OptionalFilters,
  QuestionsDialog,
  filterOptional,
  withParams,
} from "~/components/fees/FeesView";

type Tab = "assessed" | "optional" | "purchased";

function pickTab(url: URL, guest: boolean): Tab {
  if (guest) return "optional";
  const tab = url.searchParams.get("tab");
  if (url.searchParams.has("purchased") || tab === "purchased" || tab === "2") return "purchased";
  const category = url.searchParams.get("category");
  if (tab === "optional" || tab === "1" || (category && category.length < 30)) return "optional";
  return "assessed";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const s = await requireFamily(request);
  const guest = s.userType === "guest_user";
  const url = new URL(request.url);
  const data = await loadFeesData({ request, context }, "student", { assessed: !guest });
  const settings = await loadSettings(context);
  const category = url.searchParams.get("category") ?? "";
  return json({
    guest,
    tab: pickTab(url, guest),
    data,
    category: category.length < 30 ? category : "",
    search: url.searchParams.get("q") ?? "",
    more: url.searchParams.get("more"),
    questions: url.searchParams.get("questions"),
    // The partial-payments dialog shows on arrival (no tab chosen yet) when some fee is partial.
    partialDialog:
      !guest &&
      data.partialCount > 0 &&
      !url.searchParams.has("tab") &&
      !url.searchParams.has("purchased") &&
      !url.searchParams.has("category") &&
      !url.searchParams.has("more") &&
      !url.searchParams.has("questions"),
    partialMessage: settings?.partiallyCompletedPaymentMessage ?? "",
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const s = await requireFamily(request);
  const formData = await request.formData();
  const url = new URL(request.url);
  const caller = { request, context };
  if (formData.get("intent") === "addAll" && s.userType !== "guest_user") {
    const [fees, cart] = await Promise.all([
      loadStudentFees(caller, "student"),
      loadCart(caller, "student"),
    ]);
    if (fees.ok) {
      const inCart = new Set(cart.ok ? cart.data.cartItems.map((i) => i.assessedFeeId) : []);
      for (const a of fees.data) {
        if (a.selfAssessed || a.status === "paid" || inCart.has(a.id)) continue;
        await callApi(caller, {
          path: "/v1/fees/add-to-cart",
          method: "PUT",
          auth: "student",
          timeoutMs: 10_000,
          body: { feeId: a.fee.id, assessedFeeId: a.id },
          reply: OkReply,
        });
      }
    }
    return redirect(`${url.pathname}${url.search}`, {
      headers: {
        "Set-Cookie": await flashNotice(request, { kind: "success", text: t("fees.addedNotice") }),
      },
    });
  }
  const donation = formData.get("donationAmount");
  if (typeof donation === "string") {
    const feeId = Number(formData.get("feeId"));
    const data = await loadFeesData(caller, "student", { assessed: false });
    const fee = data.optional.find((c) => c.fee.id === feeId)?.fee;
    const problem = fee ? donationProblem(donation, fee.amount) : t("fees.error.notFound");
    if (problem) return json({ error: { feeId, message: problem } }, { status: 400 });
  }
  const result = await addFeeFromForm(caller, "student", formData);
  if (!result.ok)
    return json({ error: { feeId: result.feeId, message: result.message } }, { status: 400 });
  url.searchParams.delete("questions");
  return redirect(`${url.pathname}${url.search}`, {
    headers: {
      "Set-Cookie": await flashNotice(request, { kind: "success", text: t("fees.addedNotice") }),
    },
  });
}

export default function FeesPage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const params = new URLSearchParams();
  if (d.tab !== "assessed") params.set("tab", d.tab);
  if (d.category) params.set("category", d.category);
  if (d.search) params.set("q", d.search);
  const base = "/fees";
  const close = withParams(base, params, {});
  const tabs: { id: "assessed" | "optional" | "purchased"; label: string }[] = d.guest
    ? [{ id: "optional", label: t("fees.tab.optional") }]
    : [
        { id: "assessed", label: t("fees.tab.assessed") },
        { id: "optional", label: t("fees.tab.optional") },
        { id: "purchased", label: t("fees.tab.purchased") },
      ];
  const allCards = [...d.data.optional, ...d.data.assessed, ...d.data.purchased];
  const moreCard = d.more ? allCards.find((c) => String(c.fee.id) === d.more) : null;
  const questionCard = d.questions
    ? d.data.optional.find((c) => String(c.fee.id) === d.questions)
    : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  // A refused add with questions is shown (and focused) in the questions dialog, not the card.
  const cardError = questionCard ? null : error;
  const optional = filterOptional(d.data.optional, d.search, d.category);
  return (
    <Stack>
      <FeesStyles />
      <Title order={1}>{t("fees.title")}</Title>
      {d.guest ? (
        <Text size="sm">
          {t("fees.guestLinkBefore")}{" "}
          <Anchor component={Link} to="/signin?redirectTo=%2Ffees">
            {t("fees.guestLink")}
          </Anchor>
          .
        </Text>
      ) : null}
      <nav aria-label={t("fees.tabs")} className="fee-tabs">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.id === "assessed" ? "/fees?tab=assessed" : `/fees?tab=${tab.id}`}
            aria-current={d.tab === tab.id ? "page" : undefined}
            className={d.tab === tab.id ? "fee-tab fee-tab-active" : "fee-tab"}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {d.data.loadError ? (
        <Alert color="red" role="alert">
          {t("fees.error.fetch")}
        </Alert>
      ) : null}
      {error &&
      !questionCard &&
      !d.data.optional.concat(d.data.assessed).some((c) => c.fee.id === error.feeId) ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : null}
      {d.tab === "assessed" ? (
        <Stack>
          <Form method="post" action="/fees?tab=assessed">
            <input type="hidden" name="intent" value="addAll" />
            <Button
              type="submit"
              disabled={d.data.allOutstandingInCart}
              loading={
                navigation.state === "submitting" && navigation.formData?.get("intent") === "addAll"
              }
            >
              {t("fees.addAll")}
            </Button>
          </Form>
          {d.data.assessed.length ? (
            <FeeCards cards={d.data.assessed} base={base} params={params} error={cardError} />
          ) : (
            <Text>{t("fees.noneAssessed")}</Text>
          )}
        </Stack>
      ) : null}
      {d.tab === "optional" ? (
        <Stack>
          <OptionalFilters
            base={base}
            categories={d.data.categories}
            category={d.category}
            search={d.search}
            tab="optional"
          />
          {optional.length ? (
            <FeeCards
              cards={optional}
              base={base}
              params={params}
              error={cardError}
              showOptionalChip
            />
          ) : (
            <Text>{t("fees.none")}</Text>
          )}
        </Stack>
      ) : null}
      {d.tab === "purchased" ? (
        d.data.purchased.length ? (
          <FeeCards cards={d.data.purchased} base={base} params={params} />
        ) : (
          <Text>{t("fees.nonePurchased")}</Text>
        )
      ) : null}
      {moreCard ? <MoreDialog card={moreCard} closeHref={close} /> : null}
      {questionCard ? (
        <QuestionsDialog
          card={questionCard}
          closeHref={close}
          action={withParams(base, params, { questions: String(questionCard.fee.id) })}
          error={error?.feeId === questionCard.fee.id ? error.message : null}
        />
      ) : null}
      {d.partialDialog ? (
        <PageDialog
          title={t("fees.partial.title")}
          closeHref="/fees?tab=assessed"
          closeLabel={t("fees.partial.close")}
        >
          <Text size="sm" mb="md">
            {d.partialMessage}
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to="/fees?tab=assessed" variant="default">
              {t("fees.partial.close")}
            </Button>
            <Button component={Link} to="/fees?tab=purchased">
              {t("fees.partial.view")}
            </Button>
          </Group>
        </PageDialog>
      ) : null}
    </Stack>
  );
}
