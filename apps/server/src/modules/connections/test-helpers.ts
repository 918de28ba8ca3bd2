import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.ts";
import type { DbAccess } from "../../transaction.ts";
import { users } from "../identity/accounts/schema.ts";
import { createProfile } from "../identity/profiles/service.ts";
import { connections } from "./schema.ts";

/** A user with a profile, written straight to the database (no session): the other end of a request. */
export async function makeStranger({ db, transaction }: DbAccess, name = "Stranger") {
  const id = randomUUID();
  const email = `${id}@example.test`;
  await db.insert(users).values({ id, name, email, emailVerified: true });
  await createProfile(transaction, { id, name, email });
  return id;
}

/** A connection row between two users, as if requested (and accepted). */
export async function connect(db: Db, senderId: string, receiverId: string, status: "pending" | "accepted") {
  await db
    .insert(connections)
    .values({ senderId, receiverId, status, acceptedAt: status === "accepted" ? new Date() : null });
}
