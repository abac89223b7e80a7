import { clip, clipWithEllipsis, ECHO_MAX, echoed } from '../../../shared/domain/text-clipping';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('clip and clipWithEllipsis', () => {
  it('keep text that fits as it is', () => {
    expect(clip('Montréal', 8)).toBe('Montréal');
    expect(clipWithEllipsis('📦📦', 4)).toBe('📦📦');
  });

  it('cut at the limit, one unit earlier when the limit falls inside an emoji', () => {
    expect(clip('abcdef', 3)).toBe('abc');
    expect(clip('a📦b', 2)).toBe('a');
    expect(clip('ab📦', 4)).toBe('ab📦');
    expect(clip('📦📦📦', 3)).toBe('📦');
    expect(clip('📦', 0)).toBe('');
  });

  it('never leave a lone surrogate, at any limit', () => {
    const text = 'a📦bc😀😀d𝄞e';
    for (let max = 0; max <= text.length + 1; max++) {
      expect(clip(text, max)).not.toMatch(loneSurrogate);
      expect(clip(text, max).length).toBeLessThanOrEqual(max);
      expect(clip(text, max).length).toBeGreaterThanOrEqual(max - 1);
      if (max >= 1) {
        expect(clipWithEllipsis(text, max)).not.toMatch(loneSurrogate);
        expect(clipWithEllipsis(text, max).length).toBeLessThanOrEqual(max);
      }
    }
  });

  it('end a cut text with an ellipsis', () => {
    expect(clipWithEllipsis('abcdef', 4)).toBe('abc…');
    expect(clipWithEllipsis('ab📦cd', 4)).toBe('ab…');
  });
});

describe('echoed', () => {
  it('repeats a value of up to 64 characters whole', () => {
    expect(ECHO_MAX).toBe(64);
    expect(echoed('CARRIERF')).toBe('CARRIERF');
    expect(echoed('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('repeats the first 64 of a longer one and an ellipsis, one fewer when the 64th is half an emoji', () => {
    expect(echoed('x'.repeat(10_000))).toBe(`${'x'.repeat(64)}…`);
    expect(echoed(`${'x'.repeat(63)}📦${'y'.repeat(100)}`)).toBe(`${'x'.repeat(63)}…`);
    expect(echoed(`${'x'.repeat(62)}📦${'y'.repeat(100)}`)).toBe(`${'x'.repeat(62)}📦…`);
    expect(echoed('📦'.repeat(5_000))).not.toMatch(loneSurrogate);
  });
});
