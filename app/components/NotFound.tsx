import { Text, Title } from "~/ui";
import { t } from "@domain/messages/common";

export function NotFound() {
  return (
    <section className="center-narrow">
      <Title order={1}>{t("notFound.title")}</Title>
      <Text mt="sm">{t("notFound.body")}</Text>
    </section>
  );
}
