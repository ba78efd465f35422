// The detail dialog of an activity card, reached by URL (?detail=…) so it works without JavaScript.
import { Stack, Text } from "~/ui";
import type { Course } from "@domain/contract/programs";
import { formatUsd, toCents } from "@domain/rules/money";
import { t } from "@domain/messages/programs";
import { PageDialog } from "~/components/PageDialog";
import { formatCourseDates } from "./format";
import { programsOpener } from "./openers";
import { districtTextLang } from "~/components/district-text";

function Row({
  label,
  value,
  lang,
}: {
  label: string;
  value: string | null | undefined;
  lang?: "en";
}) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} lang={lang}>
        {value}
      </Text>
    </div>
  );
}

export function CourseDetails({ course, closeHref }: { course: Course; closeHref: string }) {
  return (
    <PageDialog
      title={t("card.detailsOf", { name: course.name })}
      closeHref={closeHref}
      closeLabel={t("card.close")}
      openerId={programsOpener.details(course.courseSelectionUUID)}
    >
      <Stack gap="xs">
        {course.description ? (
          <Text size="sm" lang={districtTextLang(course.spanish, "description")}>
            {course.description}
          </Text>
        ) : null}
        <Stack component="dl" gap={6} m={0}>
          <Row
            label={t("card.program")}
            value={course.programName}
            lang={districtTextLang(course.spanish, "programName")}
          />
          <Row label={t("card.term")} value={course.term} />
          <Row
            label={t("card.section")}
            value={`${course.courseNumber} · ${course.sectionNumber}`}
          />
          <Row label={t("card.dates")} value={formatCourseDates(course)} />
          <Row label={t("card.days")} value={course.meetingDays.replaceAll(",", ", ")} />
          <Row label={t("card.time")} value={course.meetingTime} />
          <Row label={t("card.delivery")} value={course.deliveryMethod} />
          <Row label={t("card.school")} value={course.school?.fullName} />
          <Row label={t("card.credits")} value={course.credits ? String(course.credits) : null} />
          <Row
            label={t("card.cost")}
            value={
              course.originalCost > 0 ? formatUsd(toCents(course.originalCost)) : t("card.free")
            }
          />
          <Row
            label={t("card.paid")}
            value={course.paidAmount > 0 ? formatUsd(toCents(course.paidAmount)) : null}
          />
          <Row
            label={t("card.courseCredits")}
            value={course.courseCredits > 0 ? formatUsd(toCents(course.courseCredits)) : null}
          />
          <Row label={t("card.seats")} value={String(course.seatsAvailable)} />
          <Row
            label={t("card.notes")}
            value={course.notes}
            lang={districtTextLang(course.spanish, "notes")}
          />
        </Stack>
      </Stack>
    </PageDialog>
  );
}
