/**
 * Code 128 bars of a tracking or bill of lading number, from JsBarcode's
 * encoder (code sets A/B/C and their switches, check character, stop). Only
 * the module pattern is taken: the PDF draws the bars as vector rectangles,
 * crisp at any scale. The encoder is imported by its own path, ~11 KB bundled.
 */
import { CODE128 } from 'jsbarcode/bin/barcodes/CODE128';

/** Bars in modules (the narrowest bar's width), left to right, without quiet zones. */
export type Code128 = { modules: number; bars: Array<{ x: number; width: number }> };

export function code128Bars(text: string): Code128 {
  const encoder = new CODE128(text, {});
  if (!encoder.valid()) throw new Error('Code 128 encodes ASCII only');
  const pattern = encoder.encode().data;
  const bars: Code128['bars'] = [];
  for (const run of pattern.matchAll(/1+/g)) bars.push({ x: run.index, width: run[0].length });
  return { modules: pattern.length, bars };
}
