import { Group, Rating, Text, VisuallyHidden } from "@mantine/core";
import type { StarRating } from "@neonlab/shared/schemas/votes";
import { IconStarFilled } from "@tabler/icons-react";
import { useId } from "react";
import { errorMessage } from "../lib/api-client.ts";
import { toast } from "../lib/toasts.ts";
import classes from "./star-rating.module.css";

const ratingsLabel = (count: number) => `${count} ${count === 1 ? "rating" : "ratings"}`;

/** An item's (a course's, a project's) average stars and how many rated it, as text a screen reader reads whole. */
export function RatingSummary({ rating }: { rating: StarRating }) {
  if (rating.average === null) {
    return (
      <Text className={classes.rating} data-rating="none">
        No ratings yet
      </Text>
    );
  }
  return (
    <Group gap={4} className={classes.rating} data-rating={rating.average}>
      <IconStarFilled size={15} aria-hidden="true" className={classes.ratingStar} />
      <span>
        <strong>{rating.average.toFixed(1)}</strong>
        <VisuallyHidden> out of 5</VisuallyHidden>
        {` · ${ratingsLabel(rating.count)}`}
      </span>
    </Group>
  );
}

type RateDone = { onSuccess: () => void; onError: (error: unknown) => void };

/** The caller's own stars on an item (a course, a project): changeable, with a toast either way. */
export function RateStars({
  noun,
  mine,
  rate,
  marker,
}: {
  noun: string;
  mine: number | null;
  rate: (stars: number, done: RateDone) => void;
  /** A data attribute for tests and styles, e.g. data-rate-course. */
  marker: Record<string, string | number>;
}) {
  const labelId = useId();
  return (
    <Group gap="xs" {...marker}>
      <Text size="sm" fw={600} id={labelId}>
        {mine ? "Your rating" : `Rate this ${noun}`}
      </Text>
      <Rating
        value={mine ?? 0}
        // Each star is a 24 px square to point at (the smallest comfortable touch target), not Mantine's 18 px.
        size={24}
        role="radiogroup"
        aria-labelledby={labelId}
        getSymbolLabel={(stars) => `${stars} ${stars === 1 ? "star" : "stars"}`}
        onChange={(stars) =>
          rate(stars, {
            onSuccess: () => toast.success(`You rated this ${noun} ${stars} ${stars === 1 ? "star" : "stars"}.`),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </Group>
  );
}
