// Where to mail a check (spec 02 §2): the district's payee and address come from its settings
// (decision 119), which the root loader reads for every page.
import { Text } from "~/ui";
import { t } from "@domain/messages/fees";
import { useRootData } from "~/root";

export function MailAddress() {
  const district = useRootData()?.district;
  return (
    <Text size="sm">
      {t("paymentDialog.mailAddress", {
        payableTo: district?.payableTo ?? t("settings.default.checkPayableTo"),
        address: district?.address ?? t("settings.default.checkMailingAddress"),
      })}
    </Text>
  );
}
