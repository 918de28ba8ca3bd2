import { Anchor, Avatar, Loader } from "@mantine/core";
import type { UserCard } from "@neonlab/shared/schemas/community";
import { Suspense } from "react";
import { Link } from "react-router";
import { useSession } from "../../../lib/session.tsx";
import { ConnectionButton } from "../../connections/index.ts";
import classes from "./blogs.module.css";

/** Who wrote it: avatar, name, profile link and, for another signed-in reader, the connect button. */
export function AuthorCard({ author }: { author: UserCard }) {
  const session = useSession();
  const other = session.profile && session.profile.id !== author.id;
  return (
    <aside className={`nl-panel ${classes.authorCard}`} aria-label="About the author" data-author={author.username}>
      <Avatar src={author.avatar} alt="" size={64} radius={64} name={author.display_name} color="initials" />
      <div className={classes.authorText}>
        <p className="nl-eyebrow">Written by</p>
        <Anchor component={Link} to={`/profile/${author.username}`} className={classes.authorName}>
          {author.display_name}
        </Anchor>
        <span className={classes.username}>@{author.username}</span>
      </div>
      {other && (
        <div className={classes.authorAction}>
          <Suspense fallback={<Loader size="xs" aria-label="Loading the connection" />}>
            <ConnectionButton userId={author.id} name={author.display_name} />
          </Suspense>
        </div>
      )}
    </aside>
  );
}
