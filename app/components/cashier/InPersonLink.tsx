// A link from the cart to the desktop client's payment page; the cart page renders it when the
// session is a desktop one. A desktop session that may not take in-person payments gets no link
// but the reason (decision 102); the page itself checks again and redirects back otherwise.
import { Link } from "@remix-run/react";
import { Button, Text } from "~/ui";
import { t } from "@domain/messages/fees";

export function InPersonLink({
  staff,
  offer,
}: {
  staff: boolean;
  offer: { allowed: boolean; reason: string | null } | null;
}) {
  if (!offer?.allowed) {
    return offer?.reason ? (
      <Text size="sm" c="dimmed" role="note">
        {offer.reason}
      </Text>
    ) : null;
  }
  return (
    <Button
      component={Link}
      to={staff ? "/instructor/cart/in-person" : "/cart/in-person"}
      variant="light"
    >
      {t("cashier.link")}
    </Button>
  );
}
