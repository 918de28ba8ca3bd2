import { and, eq, or, type SQL, sql } from "drizzle-orm";
import { MESSAGES } from "@neonlab/shared/messages";
import type { ConnectionActionResult, Relationship } from "@neonlab/shared/schemas/community";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, forbidden, notFound } from "../../errors.ts";
import type { RunInTransaction } from "../../transaction.ts";
import { profileRows } from "../identity/service.ts";
import { connections, userBlocks } from "./schema.ts";

const pair = (a: string, b: string) =>
  or(
    and(eq(connections.senderId, a), eq(connections.receiverId, b)),
    and(eq(connections.senderId, b), eq(connections.receiverId, a)),
  );

const NO_USER = "There is no user with that id.";

async function userExists(db: Db, id: string) {
  const rows = await db
    .select({ id: profileRows.table.id })
    .from(profileRows.table)
    .where(eq(profileRows.table.id, id));
  return rows.length > 0;
}

async function blockBetween(db: Db, me: string, other: string) {
  const rows = await db
    .select({ userId: userBlocks.userId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.userId, me), eq(userBlocks.blockedId, other)),
        and(eq(userBlocks.userId, other), eq(userBlocks.blockedId, me)),
      ),
    );
  return { iBlocked: rows.some((r) => r.userId === me), theyBlocked: rows.some((r) => r.userId === other) };
}

/**
 * How `viewer` stands with `other` (a user id, or a column holding one) as one SQL expression: self, blocked (by
 * the viewer), connected, outgoing or incoming (a request pending either way), else none. The rule's one home:
 * the profile's button reads it for one user, the people search for each row of a page.
 */
export const relationshipOf = (viewer: string, other: SQL) => sql<Relationship>`case
    when ${other} = ${viewer}::text then 'self'
    when exists (select 1 from ${userBlocks} b where b.user_id = ${viewer}::text and b.blocked_id = ${other})
      then 'blocked'
    else coalesce((
      select case when c.status = 'accepted' then 'connected' when c.sender_id = ${viewer}::text then 'outgoing'
        else 'incoming' end
      from ${connections} c
      where least(c.sender_id, c.receiver_id) = least(${viewer}::text, ${other})
        and greatest(c.sender_id, c.receiver_id) = greatest(${viewer}::text, ${other})), 'none')
  end`;

/** How `me` stands with `other` (the profile's button). */
export async function relationship(db: Db, me: string, other: string): Promise<Relationship> {
  const [row] = await db.select({ relationship: relationshipOf(me, sql`${other}::text`) }).from(sql`(select 1) as one`);
  return row!.relationship;
}

/** Why a request between these two can not be sent (the row already there says). */
function refusal(row: { senderId: string; status: string }, me: string) {
  if (row.status === "accepted") return conflict("You are already connected with this user.");
  if (row.senderId === me) return conflict("You already sent a connection request to this user.");
  return conflict("This user already sent you a connection request: accept that one instead.");
}

const result = (message: string, rel: Relationship): ConnectionActionResult => ({ message, relationship: rel });

/** POST users/connections?friendId=: a request from `me` to `friendId`. */
export async function requestConnection(transaction: RunInTransaction, me: string, friendId: string) {
  if (friendId === me) throw badRequest("You can not send a connection request to yourself.");
  return transaction(async ({ db, publish }) => {
    if (!(await userExists(db, friendId))) throw notFound(NO_USER);
    const { iBlocked, theyBlocked } = await blockBetween(db, me, friendId);
    if (iBlocked) throw conflict("You blocked this user. Unblock them first.");
    if (theyBlocked) throw forbidden("This user does not accept connection requests from you.");
    const [existing] = await db.select().from(connections).where(pair(me, friendId));
    if (existing) throw refusal(existing, me);
    const inserted = await db
      .insert(connections)
      .values({ senderId: me, receiverId: friendId })
      .onConflictDoNothing()
      .returning({ id: connections.id });
    if (inserted.length === 0) {
      // A request crossed this one (the pair's unique index): say which.
      const [row] = await db.select().from(connections).where(pair(me, friendId));
      throw row ? refusal(row, me) : conflict("Try again in a moment.");
    }
    await publish("connection.requested", { senderId: me, receiverId: friendId });
    return result(MESSAGES.connectionSent, "outgoing");
  });
}

/** DELETE users/cancel-connection-request?friendId=: the sender takes their pending request back. */
export async function cancelRequest(transaction: RunInTransaction, me: string, friendId: string) {
  return transaction(async ({ db, publish }) => {
    const gone = await db
      .delete(connections)
      .where(and(eq(connections.senderId, me), eq(connections.receiverId, friendId), eq(connections.status, "pending")))
      .returning({ id: connections.id });
    if (gone.length === 0) throw notFound("There is no pending request of yours to this user.");
    await publish("connection.cancelled", { senderId: me, receiverId: friendId });
    return result(MESSAGES.connectionCanceled, "none");
  });
}

/** PATCH users/accept-connection-request?friendId=: exactly one of any number of concurrent accepts wins. */
export async function acceptRequest(transaction: RunInTransaction, me: string, friendId: string) {
  return transaction(async ({ db, publish }) => {
    const accepted = await db
      .update(connections)
      .set({ status: "accepted", acceptedAt: new Date() })
      .where(and(eq(connections.senderId, friendId), eq(connections.receiverId, me), eq(connections.status, "pending")))
      .returning({ id: connections.id });
    if (accepted.length === 0) {
      const [row] = await db.select().from(connections).where(pair(me, friendId));
      if (row?.status === "accepted") throw conflict("You are already connected with this user.");
      throw notFound("There is no pending request from this user (it may have been cancelled).");
    }
    await publish("connection.accepted", { senderId: friendId, receiverId: me });
    return result(MESSAGES.connectionAccepted, "connected");
  });
}

/** DELETE users/decline-connection-request?friendId=: the receiver says no. */
export async function declineRequest(transaction: RunInTransaction, me: string, friendId: string) {
  return transaction(async ({ db, publish }) => {
    const gone = await db
      .delete(connections)
      .where(and(eq(connections.senderId, friendId), eq(connections.receiverId, me), eq(connections.status, "pending")))
      .returning({ id: connections.id });
    if (gone.length === 0) throw notFound("There is no pending request from this user (it may have been cancelled).");
    await publish("connection.declined", { senderId: friendId, receiverId: me });
    return result(MESSAGES.connectionDeclined, "none");
  });
}

/** DELETE users/connections?friendId=: either side ends an accepted connection. */
export async function removeConnection(transaction: RunInTransaction, me: string, friendId: string) {
  return transaction(async ({ db, publish }) => {
    const gone = await db
      .delete(connections)
      .where(and(pair(me, friendId), eq(connections.status, "accepted")))
      .returning({ senderId: connections.senderId, receiverId: connections.receiverId });
    const [row] = gone;
    if (!row) throw notFound("You are not connected with this user.");
    await publish("connection.removed", row);
    return result(MESSAGES.connectionRemoved, "none");
  });
}

/** Blocks `other`: any connection or request between the two ends, and their requests are refused. */
export async function blockUser(transaction: RunInTransaction, me: string, other: string) {
  if (other === me) throw badRequest("You can not block yourself.");
  return transaction(async ({ db, publish }) => {
    if (!(await userExists(db, other))) throw notFound(NO_USER);
    await db.insert(userBlocks).values({ userId: me, blockedId: other }).onConflictDoNothing();
    const gone = await db
      .delete(connections)
      .where(pair(me, other))
      .returning({ senderId: connections.senderId, receiverId: connections.receiverId, status: connections.status });
    for (const { status, ...ends } of gone) {
      await publish(status === "accepted" ? "connection.removed" : "connection.cancelled", ends);
    }
    return result("User blocked", "blocked");
  });
}

export async function unblockUser(db: Db, me: string, other: string) {
  const gone = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.userId, me), eq(userBlocks.blockedId, other)))
    .returning({ id: userBlocks.blockedId });
  if (gone.length === 0) throw notFound("You have not blocked this user.");
  return result("User unblocked", "none");
}

/** account.deleted: every connection, request and block of the user, either way. */
export async function deleteConnectionsOf(tx: Db, userId: string) {
  await tx.delete(connections).where(or(eq(connections.senderId, userId), eq(connections.receiverId, userId)));
  await tx.delete(userBlocks).where(or(eq(userBlocks.userId, userId), eq(userBlocks.blockedId, userId)));
}
