/**
 * Bounds on parsed JSON that a schema cannot express. Both walk without
 * recursion: JSON.parse accepts nesting tens of thousands of levels deep,
 * where a recursive walk (or JSON.stringify) would overflow the stack.
 */

/**
 * True when `value` nests objects or arrays more than `limit` levels deep
 * (`{}` and `[]` are one level, a scalar none). Stops at the first node past
 * the limit, so the work is bounded by the size of what it has read so far.
 */
export const jsonDepthExceeds = (value: unknown, limit: number): boolean => {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: child, depth: depth + 1 });
  }
  return false;
};

/** Size of `value` as UTF-8 JSON. Call it only on values whose depth is known to be bounded. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
