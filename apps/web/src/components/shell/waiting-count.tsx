import { Badge, VisuallyHidden } from "@mantine/core";

/** How many wait (the review queue's blogs) on a menu entry: the number, read as "3 waiting". */
export function WaitingCount({ count }: { count: number | null | undefined }) {
  if (count === null || count === undefined) return null;
  return (
    <Badge
      size="sm"
      variant={count > 0 ? "filled" : "outline"}
      color={count > 0 ? "magenta" : "gray"}
      data-waiting-count={count}
    >
      {count}
      <VisuallyHidden> waiting</VisuallyHidden>
    </Badge>
  );
}
