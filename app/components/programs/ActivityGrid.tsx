// The activity cards of /programs and /my-registrations, or the page's "nothing here" text.
import { SimpleGrid } from "~/ui/mantine/SimpleGrid";
import { Text } from "~/ui/mantine/Text";
import type { Course } from "@domain/contract/programs";
import { ActivityCard } from "./ActivityCard";

interface Props {
  courses: Course[];
  /** Where a card's actions come back to. */
  back: string;
  detailHref: (courseSelectionUUID: string) => string;
  now: number;
  /** Shown when there are no courses and the list did not fail to load. */
  emptyText: string | null;
}

export function ActivityGrid({ courses, back, detailHref, now, emptyText }: Props) {
  if (!courses.length) return emptyText ? <Text>{emptyText}</Text> : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {courses.map((c) => (
        <ActivityCard
          key={c.courseSelectionUUID}
          course={c}
          back={back}
          detailHref={detailHref(c.courseSelectionUUID)}
          now={now}
        />
      ))}
    </SimpleGrid>
  );
}
