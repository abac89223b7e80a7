/**
 * The messages of validation problems (docs/decisions.md): every problem
 * becomes one `<path> <text>` message, all joined with `; ` in a 400
 * VALIDATION_FAILED. Used by the rate request's validation (./rate/validate.ts)
 * and the webhook registration; a module of its own so the webhook functions
 * do not import (and build, at their cold start) the rate request's schema.
 */
import type * as z from '../zod';
import { AppError, type ErrorDetail } from '../errors';

/** Past this many problems the message stops listing them; a body that broken needs no more detail. */
export const MAX_REPORTED_PROBLEMS = 50;

/** The name used for the body itself in messages. */
const ROOT = 'body';

/** Extra words for an unknown property that integrators are known to send. */
const UNKNOWN_PROPERTY_HINTS: Record<string, string> = {
  'shippingNotificationOptions.unsubscribe': 'unsubscribe is not accepted; list only the statuses to notify in shippingNotificationStatuses',
};

type PathKey = PropertyKey;

/** `packages.pieces[0].weight`; keys that are not identifiers are bracketed and quoted. */
export const formatPath = (path: readonly PathKey[]): string => {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out === '' ? ROOT : out;
};

const kindOf = (input: unknown): string => {
  if (input === null) return 'null';
  // JSON's 1e999 parses to Infinity: "must be a number, got number" would puzzle the caller.
  if (typeof input === 'number' && !Number.isFinite(input)) return String(input);
  if (Array.isArray(input)) return 'array';
  return typeof input;
};

const withArticle = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);
/** `a string, a boolean or an object`. */
const eitherOf = (nouns: readonly string[]) => {
  const named = nouns.map(withArticle);
  return named.length < 2 ? named.join('') : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
};

/** The problems of each option of a union, when every one of them is the option's own type and nothing deeper. */
const rootTypesOnly = (options: readonly (readonly z.core.$ZodIssue[])[]): string[] | undefined => {
  const expected: string[] = [];
  for (const problems of options) {
    const [only] = problems;
    if (problems.length !== 1 || only?.code !== 'invalid_type' || only.path.length > 0) return undefined;
    expected.push(only.expected);
  }
  return expected;
};
const plural = (n: number | bigint, noun: string) => `${n} ${noun}${Number(n) === 1 ? '' : 's'}`;

const FORMAT_NAMES: Record<string, string> = { email: 'e-mail address', uuid: 'UUID', url: 'URL', datetime: 'ISO date-time' };

/**
 * The text of one issue, without its path. Passed to zod as the per-parse
 * error map, so messages written on the schema itself (country code, currency,
 * date) take precedence.
 */
export const issueText = (issue: z.core.$ZodRawIssue): string => {
  // A missing enum is reported by zod as a wrong value; both mean the field is absent.
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int') return 'must be an integer';
      return `must be ${withArticle(issue.expected)}, got ${kindOf(issue.input)}`;
    case 'too_small': {
      const { minimum, inclusive } = issue;
      if (issue.origin === 'string') return `must have at least ${plural(minimum, 'character')}`;
      if (issue.origin === 'array') return `must have at least ${plural(minimum, 'item')}`;
      return `must be ${inclusive ? '>=' : '>'} ${minimum}`;
    }
    case 'too_big': {
      const { maximum, inclusive } = issue;
      if (issue.origin === 'string') return `must have at most ${plural(maximum, 'character')}`;
      if (issue.origin === 'array') return `must have at most ${plural(maximum, 'item')}`;
      return `must be ${inclusive ? '<=' : '<'} ${maximum}`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of: ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return `must be a valid ${FORMAT_NAMES[issue.format] ?? issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'property' : 'properties'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_union': {
      // No option takes a value of this kind: name the kinds they take (a packagingType is a code or an object).
      const expected = rootTypesOnly(issue.errors);
      return expected ? `must be ${eitherOf(expected)}, got ${kindOf(issue.input)}` : 'is invalid';
    }
    default:
      return 'is invalid';
  }
};

/**
 * The option of a union that a value's kind chose: the one whose problems go
 * deeper than its own type (a packagingType object with a code that is not a
 * string), when exactly one does. Its problems are told as they would be
 * without the union; otherwise the union's own message (above).
 */
const chosenOption = (issue: z.core.$ZodIssueInvalidUnion): readonly z.core.$ZodIssue[] | undefined => {
  const options = issue.errors.filter((problems) => rootTypesOnly([problems]) === undefined);
  return options.length === 1 ? options[0] : undefined;
};

/** One detail per problem; an object with several unknown properties gives one per property. */
export const issuesToDetails = (issues: readonly z.core.$ZodIssue[]): Required<ErrorDetail>[] =>
  issues.flatMap((issue): Required<ErrorDetail>[] => {
    const option = issue.code === 'invalid_union' ? chosenOption(issue) : undefined;
    if (option) return issuesToDetails(option.map((problem) => ({ ...problem, path: [...issue.path, ...problem.path] })));
    const path = formatPath(issue.path);
    if (issue.code !== 'unrecognized_keys') return [{ path, message: issue.message }];
    return issue.keys.map((key) => {
      // Own properties only: a key named __proto__ or constructor must not find Object.prototype's.
      const at = formatPath([...issue.path, key]);
      const hint = Object.hasOwn(UNKNOWN_PROPERTY_HINTS, at) ? UNKNOWN_PROPERTY_HINTS[at] : undefined;
      return { path, message: `has unknown property ${JSON.stringify(key)}${hint ? ` (${hint})` : ''}` };
    });
  });

/**
 * The 400 for a list of problems: message `<path> <text>; <path> <text>`,
 * details `[{path, message}]`. A problem said twice (two checks of one field
 * that share their text) is said once.
 */
export const validationError = (problems: Required<ErrorDetail>[]): AppError => {
  const seen = new Set<string>();
  const details = problems.filter((d) => {
    const key = `${d.path}\u0000${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const listed = details.slice(0, MAX_REPORTED_PROBLEMS).map((d) => `${d.path} ${d.message}`);
  if (details.length > MAX_REPORTED_PROBLEMS) listed.push(`and ${details.length - MAX_REPORTED_PROBLEMS} more problems`);
  return new AppError(400, 'VALIDATION_FAILED', listed.join('; '), { details: details.slice(0, MAX_REPORTED_PROBLEMS) });
};
