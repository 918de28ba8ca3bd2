import { formatMoney } from "@neonlab/shared/format";

// The packs' shape belongs to the payments module (GET stripe/currency-product); the shop reads the few
// fields it shows and skips anything it can not read, so it never breaks on a shape it does not know.

export type CurrencyPack = { priceId: string; neonbits: number; price: string | null; name: string };

type Raw = Record<string, unknown>;
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === "string" && v ? v : null);

function priceText(raw: Raw): string | null {
  const text = str(raw.priceLabel) ?? str(raw.formattedPrice) ?? str(raw.displayPrice);
  if (text) return text;
  const cents = num(raw.unitAmount) ?? num(raw.unit_amount) ?? num(raw.amount);
  const currency = str(raw.currency);
  if (cents === null || !currency) return null;
  try {
    return formatMoney(cents, currency);
  } catch {
    return null;
  }
}

function readPack(value: unknown): CurrencyPack | null {
  if (typeof value !== "object" || value === null) return null;
  const raw = value as Raw;
  const price = (typeof raw.price === "object" && raw.price !== null ? raw.price : {}) as Raw;
  const priceId = str(raw.priceId) ?? str(raw.price_id) ?? str(price.id) ?? str(raw.id);
  const neonbits = num(raw.neonbits) ?? num(raw.neonBits) ?? num(raw.quantity) ?? num(raw.amountNeonbits);
  if (!priceId || neonbits === null) return null;
  return {
    priceId,
    neonbits,
    price: (typeof raw.price === "string" ? raw.price : null) ?? priceText(raw) ?? priceText(price),
    name: str(raw.name) ?? `${neonbits} NeonBits`,
  };
}

/** The packs in an answer that is a list, or an object holding one (prices: GET stripe/currency-product's; products, packs, items, data). */
export function readPacks(answer: unknown): CurrencyPack[] {
  const obj = (typeof answer === "object" && answer !== null ? answer : {}) as Raw;
  const list = Array.isArray(answer)
    ? answer
    : (([obj.prices, obj.products, obj.packs, obj.items, obj.data].find(Array.isArray) as unknown[] | undefined) ?? []);
  return list.map(readPack).filter((p): p is CurrencyPack => p !== null);
}
