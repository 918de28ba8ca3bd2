import { Anchor, Button, Group, Text } from "@mantine/core";
import type { Blog, BlogVoteType } from "@neonlab/shared/schemas/blogs";
import { IconArrowBigDown, IconArrowBigDownFilled, IconArrowBigUp, IconArrowBigUpFilled } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { saveReturnPath } from "../../../lib/return-path.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toasts.ts";
import { useVoteBlog } from "../api/blogs.ts";
import classes from "./blogs.module.css";
import { formatCount } from "@neonlab/shared/format";

/** Up and down votes: one per reader, changeable (pressing the other one moves it). Signed out: a sign-in link. */
export function VoteButtons({ blog }: { blog: Blog }) {
  const { status } = useSession();
  const location = useLocation();
  const vote = useVoteBlog(blog);
  const { up, down, mine } = blog.votes;
  const cast = (type: BlogVoteType) => {
    if (mine === type) return;
    vote.mutate(type, { onError: (error) => toast.error(errorMessage(error)) });
  };
  const signedIn = status === "signed-in";
  return (
    <Group gap="xs" role="group" aria-label="Vote on this blog" className={classes.votes} data-votes={blog.votes.score}>
      <Button
        variant={mine === "up" ? "filled" : "default"}
        leftSection={mine === "up" ? <IconArrowBigUpFilled size={18} /> : <IconArrowBigUp size={18} />}
        aria-pressed={mine === "up"}
        disabled={!signedIn}
        loading={vote.isPending && vote.variables === "up"}
        onClick={() => cast("up")}
      >
        <span className={classes.visuallyHidden}>Vote up: </span>
        {formatCount(up)}
      </Button>
      <Button
        variant={mine === "down" ? "filled" : "default"}
        color={mine === "down" ? "magenta" : undefined}
        leftSection={mine === "down" ? <IconArrowBigDownFilled size={18} /> : <IconArrowBigDown size={18} />}
        aria-pressed={mine === "down"}
        disabled={!signedIn}
        loading={vote.isPending && vote.variables === "down"}
        onClick={() => cast("down")}
      >
        <span className={classes.visuallyHidden}>Vote down: </span>
        {formatCount(down)}
      </Button>
      {!signedIn && status !== "loading" && (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to="/login" onClick={() => saveReturnPath(location.pathname)}>
            Sign in
          </Anchor>{" "}
          to vote
        </Text>
      )}
    </Group>
  );
}
