import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// The mailbox an address reaches (product rules notes, "Referrals: one mailbox, one reward"): lower case, the
// local part up to its first "+", and for gmail.com and googlemail.com (one provider) without dots. Two addresses
// with one mailbox are one person to the referral rules. The rule lives here in two forms, this function and
// its SQL twin below for reading the users table; address.test.ts holds both to one table.

const GMAIL = ["gmail.com", "googlemail.com"];

export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const local = lower.slice(0, at).split("+")[0]!;
  const domain = lower.slice(at + 1);
  return GMAIL.includes(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}

/** `normalizeAddress` as SQL, for an address column or value. */
export function normalizedAddressSql(address: SQLWrapper): SQL {
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
