import fc from 'fast-check';
import { code128Bars } from '../../../shared/labels/renderers/code128';
import { decodeCode128 } from './inspect';

const asBars = (text: string) => code128Bars(text).bars.map((bar) => ({ x: bar.x, y: 0, width: bar.width, height: 1 }));

describe('Code 128 bars', () => {
  it.each(['794123456780015', '7941234567800155', 'Z12345678901234', 'BOL12345678903', 'CD12345678901', 'A', '1', 'ab-12-CD'])(
    '%s decodes back from its bars (start, check character and stop included)',
    (text) => {
      expect(decodeCode128(asBars(text))).toBe(text);
    },
  );

  it('modules count the symbol from the first bar to the end of the stop pattern', () => {
    const { modules, bars } = code128Bars('794123456780015');
    const last = bars.at(-1)!;
    expect(last.x + last.width).toBe(modules);
    expect(bars[0]!.x).toBe(0);
  });

  it('any letters, digits and hyphens decode back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/), (text) => {
        expect(decodeCode128(asBars(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses what Code 128 cannot encode', () => {
    expect(() => code128Bars('é')).toThrow('ASCII');
  });
});
