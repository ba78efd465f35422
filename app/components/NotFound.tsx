import { Title, Text } from "@mantine/core";
import { t } from "@domain/messages";

export function NotFound() {
  return (
    <section className="center-narrow">
      <Title order={1}>{t("notFound.title")}</Title>
      <Text mt="sm">{t("notFound.body")}</Text>
    </section>
  );
}
