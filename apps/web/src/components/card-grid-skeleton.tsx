import { SimpleGrid, Skeleton } from "@mantine/core";
import { loadingStatus } from "./loading-status.ts";

/** Six card-sized placeholders in the catalogue grids' columns, announced as one loading status. */
export function CardGridSkeleton({
  label,
  cardHeight,
  wideFrom = "md",
}: {
  /** What is loading, e.g. "Loading courses". */
  label: string;
  cardHeight: number;
  /** The breakpoint where the grid shows three columns (two from `sm`, one below). */
  wideFrom?: "md" | "lg";
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, [wideFrom]: 3 }} spacing="lg" {...loadingStatus(label)}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} height={cardHeight} />
      ))}
    </SimpleGrid>
  );
}
