import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";

// The mailbox an address reaches (product rules notes, "Referrals: one mailbox, one reward"): lower case, the
// local part up to its first "+", and for gmail.com and googlemail.com (one provider) without dots. Two addresses
// with one mailbox are one person to the referral rules. The rule is this one SQL expression: the users table is
// searched by it, and two given addresses are compared by it too.

const GMAIL = ["gmail.com", "googlemail.com"];

/** The mailbox of an address column or value, as SQL. */
export function mailboxSql(address: SQLWrapper): SQL {
  const lower = sql`lower(${address})`;
  const local = sql`split_part(substring(${lower} from '^(.*)@'), '+', 1)`;
  const domain = sql`substring(${lower} from '@([^@]*)$')`;
  return sql`(case
    when strpos(${lower}, '@') = 0 then ${lower}
    when ${domain} in (${sql.join(
      GMAIL.map((d) => sql`${d}`),
      sql`, `,
    )}) then replace(${local}, '.', '') || '@gmail.com'
    else ${local} || '@' || ${domain}
  end)`;
}

/** An address given as a value, for mailboxSql. */
export const addressValue = (address: string) => sql`${address}::text`;

/** The mailbox `address` reaches. */
export async function mailboxOf(db: Db, address: string): Promise<string> {
  const result = await db.execute(sql`select ${mailboxSql(addressValue(address))} as mailbox`);
  return (result as unknown as { rows: { mailbox: string }[] }).rows[0]?.mailbox ?? "";
}
