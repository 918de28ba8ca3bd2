// Numbers and money as the English UI prints them. Written out for whole numbers and the common currencies
// instead of asking Intl.NumberFormat: a page's first Intl number format loads the engine's locale data, one
// task of 40-90 ms on a two-core machine (more on a cheap phone) in the middle of the page's start. Anything
// else goes to Intl, whose output these match (format.test.ts compares them).

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** 12345 → "12,345", as `Intl.NumberFormat("en-US")` prints it. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return new Intl.NumberFormat("en-US").format(value);
  const digits = String(Math.abs(value)).replace(GROUPS, ",");
  return value < 0 ? `-${digits}` : digits;
}

const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/** Minor units for people: 999 usd → "$9.99", as `Intl.NumberFormat("en-US", { style: "currency" })` prints it. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  const symbol = SYMBOLS[code];
  if (symbol === undefined || !Number.isSafeInteger(amount)) {
    return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(amount / 100);
  }
  const cents = Math.abs(amount);
  const text = `${symbol}${formatCount(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
  return amount < 0 ? `-${text}` : text;
}
