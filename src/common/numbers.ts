/**
 * A whole number with its thousands grouped as the app's English texts write them: 100000 -> "100,000".
 * Not `toLocaleString`: its first call in a page builds ICU's number formatter (37-84 ms in Chromium on a
 * 2-core machine), and the Passwords page's count line would pay that before its first cards.
 */
export function groupThousands(value: number): string {
  if (!Number.isSafeInteger(value)) return String(value);
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}
