// What `npm run db -- move` reads from a database's catalog: the tables to copy and their columns, the foreign keys
// that order them, the partitions, triggers and sequences. Everything is derived from pg_catalog, so a table a
// module adds later is copied without a change here.

/** Rows of one statement. */
export type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Schemas that are not the app's data: PostgreSQL's own, and drizzle's, whose only table lists the migrations
 * applied (the target's own migrate() writes it).
 */
const NOT_COPIED = ["pg_catalog", "information_schema", "drizzle"];
const notCopied = `(n.nspname = any(array[${NOT_COPIED.map((s) => `'${s}'`).join(", ")}]) or n.nspname like 'pg\\_%')`;

/** A quoted identifier. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
/** `"schema"."name"` of a table or sequence. */
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;
/** `schema.name`, for people. */
export const readable = (key: string) => key.replaceAll('"', "");

export type Column = { name: string; type: string };
export type Table = {
  /** `"schema"."name"`, the table's key everywhere below. */
  key: string;
  schema: string;
  name: string;
  /** Columns written on insert, in order (generated columns are left out: the target computes them). */
  columns: Column[];
  /** A column GENERATED ALWAYS AS IDENTITY: the insert must say OVERRIDING SYSTEM VALUE to keep its values. */
  identityAlways: boolean;
};

/**
 * The tables holding data, outside PostgreSQL's and drizzle's schemas: ordinary and partitioned tables, not their
 * partitions (rows are read and written through the partitioned table).
 */
export async function listTables(query: Query): Promise<Table[]> {
  const rows = await query(`
    select n.nspname as schema, c.relname as name, a.attname as column,
           format_type(a.atttypid, a.atttypmod) as type, a.attidentity = 'a' as identity_always
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
    where c.relkind in ('r', 'p') and not c.relispartition and not ${notCopied}
    order by n.nspname, c.relname, a.attnum`);
  const tables = new Map<string, Table>();
  for (const row of rows) {
    const schema = String(row.schema);
    const name = String(row.name);
    const key = qualified(schema, name);
    const table = tables.get(key) ?? { key, schema, name, columns: [], identityAlways: false };
    table.columns.push({ name: String(row.column), type: String(row.type) });
    table.identityAlways ||= row.identity_always === true;
    tables.set(key, table);
  }
  return [...tables.values()];
}

/** Whether any table outside PostgreSQL's own schemas holds a row (drizzle's included): the tables that do. */
export async function tablesWithRows(query: Query): Promise<{ table: string; rows: number }[]> {
  const tables = await query(`
    select n.nspname as schema, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and not c.relispartition
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    order by 1, 2`);
  const found: { table: string; rows: number }[] = [];
  for (const t of tables) {
    const key = qualified(String(t.schema), String(t.name));
    const [row] = await query(`select count(*)::int as n from ${key}`);
    if (Number(row?.n) > 0) found.push({ table: key, rows: Number(row?.n) });
  }
  return found;
}

export type ForeignKey = {
  /** The constraint's name and the table that holds it (a partition's own constraint is altered there). */
  name: string;
  holder: string;
  /** The referencing and referenced tables, partitions counted as their partitioned table. */
  from: string;
  to: string;
  deferrable: boolean;
};

/** Foreign keys between the copied tables. */
export async function foreignKeys(query: Query): Promise<ForeignKey[]> {
  const rows = await query(`
    select k.conname as name, hn.nspname as holder_schema, h.relname as holder_name,
           fn.nspname as from_schema, f.relname as from_name, tn.nspname as to_schema, t.relname as to_name,
           k.condeferrable as deferrable
    from pg_constraint k
    join pg_class h on h.oid = k.conrelid join pg_namespace hn on hn.oid = h.relnamespace
    join pg_class f on f.oid = coalesce(pg_partition_root(k.conrelid), k.conrelid)
    join pg_namespace fn on fn.oid = f.relnamespace
    join pg_class t on t.oid = coalesce(pg_partition_root(k.confrelid), k.confrelid)
    join pg_namespace tn on tn.oid = t.relnamespace
    where k.contype = 'f' and k.conparentid = 0
    order by 2, 3, 1`);
  return rows.map((row) => ({
    name: String(row.name),
    holder: qualified(String(row.holder_schema), String(row.holder_name)),
    from: qualified(String(row.from_schema), String(row.from_name)),
    to: qualified(String(row.to_schema), String(row.to_name)),
    deferrable: row.deferrable === true,
  }));
}

/**
 * The order to fill `tables` in so that every referenced row is there before the rows that reference it, and the
 * foreign keys that order can not satisfy: a table referencing itself, or a cycle (blogs name their cover image,
 * images name their blog). Those are checked at the end of the transaction instead (deferred).
 */
export function copyOrder(tables: string[], keys: ForeignKey[]): { order: string[]; deferred: ForeignKey[] } {
  const needs = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const key of keys) if (key.from !== key.to && needs.has(key.to)) needs.get(key.from)?.add(key.to);
  const order: string[] = [];
  const placed = new Set<string>();
  const waiting = [...tables].sort();
  while (waiting.length > 0) {
    const unmet = (table: string) => [...(needs.get(table) ?? [])].filter((t) => !placed.has(t)).length;
    // The first table whose referenced tables are all placed; in a cycle, the one that waits for the fewest.
    const next = waiting.reduce((best, table) => (unmet(table) < unmet(best) ? table : best));
    waiting.splice(waiting.indexOf(next), 1);
    order.push(next);
    placed.add(next);
  }
  const position = new Map(order.map((table, i) => [table, i]));
  const deferred = keys.filter(
    (key) => position.has(key.from) && position.has(key.to) && position.get(key.to)! >= position.get(key.from)!,
  );
  return { order, deferred };
}

export type Partition = { key: string; parent: string; bound: string; level: number };

/** Partitions of the copied tables, parents before children, with their bounds (`FOR VALUES …`, `DEFAULT`). */
export async function partitions(query: Query): Promise<Partition[]> {
  const rows = await query(`
    select n.nspname as schema, c.relname as name, pn.nspname as parent_schema, p.relname as parent_name,
           pg_get_expr(c.relpartbound, c.oid) as bound,
           (select count(*) from pg_partition_ancestors(c.oid))::int as level
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_inherits i on i.inhrelid = c.oid
    join pg_class p on p.oid = i.inhparent join pg_namespace pn on pn.oid = p.relnamespace
    where c.relispartition and c.relkind in ('r', 'p') and not ${notCopied}
    order by level, 1, 2`);
  return rows.map((row) => ({
    key: qualified(String(row.schema), String(row.name)),
    parent: qualified(String(row.parent_schema), String(row.parent_name)),
    bound: String(row.bound),
    level: Number(row.level),
  }));
}

export type Trigger = { table: string; name: string; enabled: "O" | "A" | "R" };

/** The app's own triggers (not the ones PostgreSQL makes for foreign keys) that are enabled, on the copied tables. */
export async function userTriggers(query: Query): Promise<Trigger[]> {
  const rows = await query(`
    select n.nspname as schema, c.relname as name, g.tgname as trigger, g.tgenabled::text as enabled
    from pg_trigger g
    join pg_class c on c.oid = g.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where not g.tgisinternal and g.tgenabled <> 'D' and not ${notCopied}
    order by 1, 2, 3`);
  return rows.map((row) => ({
    table: qualified(String(row.schema), String(row.name)),
    name: String(row.trigger),
    enabled: String(row.enabled) as Trigger["enabled"],
  }));
}

export type Sequence = { key: string; lastValue: string | null; startValue: string };

/** Sequences in the copied schemas (serial and identity columns' included) and where each stands. */
export async function sequences(query: Query): Promise<Sequence[]> {
  const rows = await query(`
    select s.schemaname as schema, s.sequencename as name, s.last_value::text as last_value,
           s.start_value::text as start_value
    from pg_sequences s join pg_namespace n on n.nspname = s.schemaname
    where not ${notCopied}
    order by 1, 2`);
  return rows.map((row) => ({
    key: qualified(String(row.schema), String(row.name)),
    lastValue: row.last_value === null ? null : String(row.last_value),
    startValue: String(row.start_value),
  }));
}
