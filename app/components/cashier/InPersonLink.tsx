// A link from the cart to the desktop client's payment page; the cart page renders it when the
// session is a desktop one (the page itself checks again and redirects back otherwise).
import { Link } from "@remix-run/react";
import { Button } from "~/ui/mantine/Button";
import { t } from "@domain/messages/fees";

export function InPersonLink({ staff }: { staff: boolean }) {
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
