/**
 * Cutting text to a length a store or a carrier's field allows, without ever
 * keeping half of a character: a character outside the Basic Multilingual
 * Plane (an emoji, some CJK) is two UTF-16 units, and `slice` between them
 * leaves a lone surrogate, text that is not valid Unicode (a carrier may
 * refuse it, a client shows a replacement character).
 */

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/** `text` cut to at most `max` UTF-16 units, one fewer when the cut would split a surrogate pair. */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  return text.slice(0, max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max);
};

/** `text` as it is when it fits in `max` UTF-16 units; otherwise clipped and ending with an ellipsis, within `max`. */
export const clipWithEllipsis = (text: string, max: number): string => (text.length <= max ? text : `${clip(text, max - 1)}…`);

/** How much of a caller's value an error message repeats: the longest code or id (docs/decisions.md, "Limits of a request"). */
export const ECHO_MAX = 64;

/** A caller's value as an error message repeats it: whole up to ECHO_MAX UTF-16 units, else its first ECHO_MAX (never half an emoji) and an ellipsis. */
export const echoed = (value: string): string => (value.length <= ECHO_MAX ? value : `${clip(value, ECHO_MAX)}…`);
