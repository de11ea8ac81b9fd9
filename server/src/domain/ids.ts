/** The sandbox's record ids (products, orders, extensions, schedules) are positive integers: anything else names nothing. */
export function parseId(raw: string): number | undefined {
  if (!/^\d{1,9}$/.test(raw.trim())) return undefined;
  const n = Number(raw.trim());
  return n > 0 ? n : undefined;
}
