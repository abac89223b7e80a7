/** A bench target and how one run measured against it (`npm run bench` prints them all in one table). */
export type Check = { name: string; measured: number; target: number; unit: string; kind: 'max' | 'min'; ok: boolean; note?: string };

export const check = (name: string, measured: number, kind: 'max' | 'min', target: number, unit: string, note?: string): Check => ({
  name,
  measured,
  target,
  unit,
  kind,
  ok: Number.isFinite(measured) && (kind === 'max' ? measured <= target : measured >= target),
  ...(note ? { note } : {}),
});
