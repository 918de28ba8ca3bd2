/** "2 d 3 h", "1 h 4 min", "59 min 12 s", "12 s": time left until `end` at `now`; "0 s" once past. */
export function timeLeft(end: number, now: number): string {
  const total = Math.max(0, Math.floor((end - now) / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${s} s`;
  return `${s} s`;
}
