// The giveaway's draw, the same code on the server (which draws) and in the browser (which lets
// anyone check it). docs/decisions/020. Web Crypto's SHA-256: Node 22+ and every current browser.

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

/** SHA-256 of a UTF-8 text, as 64 lower-case hex digits. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
}

/** The entries' hash: SHA-256 of the tickets sorted (code-unit order) and joined by "\n". */
export function entriesHash(tickets: readonly string[]): Promise<string> {
  return sha256Hex(sortTickets(tickets).join("\n"));
}

export const sortTickets = (tickets: readonly string[]) => [...tickets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The winning tickets, in order: for draw i = 0, 1, …, h = SHA-256("<seed>:<entries hash>:<i>") read
 * as a 256-bit number picks index h mod n of the tickets still in the draw (sorted), which leaves it.
 * Nobody can steer it: the seed's hash was published before any entry, and the entries' hash fixes the list.
 */
export async function drawWinners(seed: string, tickets: readonly string[], count: number): Promise<string[]> {
  const remaining = sortTickets(tickets);
  const listHash = await entriesHash(remaining);
  const winners: string[] = [];
  for (let i = 0; i < count && remaining.length > 0; i++) {
    const h = await sha256Hex(`${seed}:${listHash}:${i}`);
    const index = Number(BigInt(`0x${h}`) % BigInt(remaining.length));
    winners.push(remaining.splice(index, 1)[0]!);
  }
  return winners;
}
