import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { exportSection, iso, isoOrNull, timestamp } from "../../export-section.ts";
import { profileRows } from "../identity/service.ts";
import { connections, userBlocks } from "./schema.ts";

/** The other person of a row: their public names only (never their id, e-mail or anything private). */
const person = { username: z.string(), displayName: z.string() };
const other = { username: profileRows.card.username, displayName: profileRows.card.displayName };

/**
 * Connection requests the user sent and received, with their state (an `accepted` one is a connection;
 * declined, cancelled and removed ones are not kept), and the people they blocked.
 */
export const connectionsExportSection = exportSection({
  key: "connections",
  title: "Connections and blocks",
  schema: z.object({
    requests: z.array(
      z.object({
        direction: z.enum(["sent", "received"]),
        ...person,
        state: z.enum(["pending", "accepted"]),
        requestedAt: timestamp,
        acceptedAt: timestamp.nullable(),
      }),
    ),
    blocks: z.array(z.object({ ...person, at: timestamp })),
  }),
  async collect(db, userId) {
    // Sent: the other person is the receiver; received: the sender.
    const requests = async (direction: "sent" | "received") => {
      const [mine, theirs] =
        direction === "sent"
          ? [connections.senderId, connections.receiverId]
          : [connections.receiverId, connections.senderId];
      const rows = await db
        .select({ ...other, state: connections.status, at: connections.createdAt, acceptedAt: connections.acceptedAt })
        .from(connections)
        .innerJoin(profileRows.table, eq(profileRows.table.id, theirs))
        .where(eq(mine, userId))
        .orderBy(asc(connections.createdAt), asc(connections.id));
      return rows.map((r) => ({
        direction,
        username: r.username,
        displayName: r.displayName,
        state: r.state,
        requestedAt: iso(r.at),
        acceptedAt: isoOrNull(r.acceptedAt),
      }));
    };
    const blocks = await db
      .select({ ...other, at: userBlocks.createdAt })
      .from(userBlocks)
      .innerJoin(profileRows.table, eq(profileRows.table.id, userBlocks.blockedId))
      .where(eq(userBlocks.userId, userId))
      .orderBy(asc(userBlocks.createdAt));
    return {
      requests: [...(await requests("sent")), ...(await requests("received"))],
      blocks: blocks.map((b) => ({ username: b.username, displayName: b.displayName, at: iso(b.at) })),
    };
  },
});
