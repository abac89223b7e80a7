/**
 * Layout elements (./layout.ts) as ZPL II for a 203 dpi, 4×6 inch printer:
 * one `^XA` … `^XZ` format per label.
 *
 * A caller's text can never become a command. Every field is sent with `^FH`
 * (hexadecimal escapes, indicator `_`): each byte outside printable ASCII and
 * each `^`, `~`, `_` and `\` goes as `_XX`, so field data holds no command
 * prefix and the file is ASCII only. Under `^CI28` the escaped bytes are
 * UTF-8, though text is already folded to what the printer's font can print.
 */
import { code128Bars } from './code128';
import { POINTS_PER_INCH, QUIET_ZONE_MODULES, type Element } from './layout';

export const ZPL_DPI = 203;

const dots = (points: number): number => Math.round((points * ZPL_DPI) / POINTS_PER_INCH);

/** Bytes that must not appear raw in field data: the two command prefixes, the ^FH indicator, and `\`. */
const ESCAPED = new Set([0x5e, 0x7e, 0x5f, 0x5c]);
const utf8 = new TextEncoder();

/** Field data for `^FH^FD…^FS`. */
export function zplFieldData(text: string): string {
  let out = '';
  for (const byte of utf8.encode(text)) {
    out += byte >= 0x20 && byte <= 0x7e && !ESCAPED.has(byte) ? String.fromCharCode(byte) : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The widest bar module, in dots (~25 mil at 203 dpi). */
const MAX_MODULE_DOTS = 5;
const JUSTIFY = { left: 'L', center: 'C', right: 'R' } as const;

/** One label of `size` points. */
export function zplLabel(size: [number, number], elements: Element[]): string {
  const commands = ['^XA', '^CI28', `^PW${dots(size[0])}`, `^LL${dots(size[1])}`, '^LH0,0'];
  for (const e of elements) {
    const origin = `^FO${dots(e.x)},${dots(e.top)}`;
    switch (e.kind) {
      case 'text': {
        const height = dots(e.size);
        commands.push(
          `${origin}^A0N,${height},${height}^FB${dots(e.width)},1,0,${JUSTIFY[e.align]},0${e.inverse ? '^FR' : ''}^FH^FD${zplFieldData(e.text)}^FS`,
        );
        break;
      }
      case 'box': {
        const [width, height] = [Math.max(1, dots(e.width)), Math.max(1, dots(e.height))];
        commands.push(`${origin}^GB${width},${height},${Math.min(width, height)},B,0^FS`);
        break;
      }
      case 'frame':
        commands.push(`${origin}^GB${dots(e.width)},${dots(e.height)},${Math.max(1, dots(e.thickness))},B,0^FS`);
        break;
      case 'barcode': {
        // The printer encodes the symbol (mode A picks the code sets); ours tells its width, to centre it.
        const { modules } = code128Bars(e.value);
        const width = dots(e.width);
        const module = Math.max(1, Math.min(MAX_MODULE_DOTS, Math.floor(width / (modules + 2 * QUIET_ZONE_MODULES))));
        const x = dots(e.x) + Math.max(0, Math.floor((width - modules * module) / 2));
        commands.push(`^FO${x},${dots(e.top)}^BY${module},3,${dots(e.height)}^BCN,${dots(e.height)},N,N,N,A^FH^FD${zplFieldData(e.value)}^FS`);
        break;
      }
    }
  }
  commands.push('^XZ');
  return commands.join('\n');
}
