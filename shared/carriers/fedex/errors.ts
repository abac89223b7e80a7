/** FedEx's error document (every API's `ErrorResponseVO`) and what an operation makes of an answer. */
import * as z from '../../zod';
import { CarrierError, CarrierRefusal } from '../../domain/carrier';
import type { FedexAnswer } from './api';

export const FEDEX = 'FEDEX';

const errorSchema = z.object({
  errors: z
    .array(z.object({ code: z.optional(z.string().check(z.maxLength(200))), message: z.optional(z.string().check(z.maxLength(2000))) }))
    .check(z.minLength(1)),
});

/** `code: message` of each error FedEx listed (at most five), when the body is its error document. */
export function fedexErrorMessage(body: unknown): string | undefined {
  const parsed = errorSchema.safeParse(body);
  if (!parsed.success) return undefined;
  return (
    parsed.data.errors
      .slice(0, 5)
      .map((e) => [e.code, e.message].filter((part) => part !== undefined && part !== '').join(': '))
      .filter((line) => line !== '')
      .join('; ') || undefined
  );
}

/** The codes of FedEx's errors, when the body is its error document. */
export const fedexErrorCodes = (body: unknown): string[] => {
  const parsed = errorSchema.safeParse(body);
  return parsed.success ? parsed.data.errors.flatMap((e) => (e.code ? [e.code] : [])) : [];
};

/** FedEx's reason of an error answer, or its status. */
export const reasonOf = (answer: FedexAnswer): string => fedexErrorMessage(answer.body) ?? `FedEx answered HTTP ${answer.status}`;

/** The body of a 2xx answer; a 400 or 422 is FedEx refusing the request as sent (CarrierRefusal), any other status a CarrierError. */
export function bodyOf(answer: FedexAnswer, what: string, refusal: (status: number) => boolean = (status) => status === 400 || status === 422): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const reason = reasonOf(answer);
  if (refusal(answer.status)) throw new CarrierRefusal(FEDEX, reason);
  throw new CarrierError(FEDEX, `FedEx could not ${what}: ${reason}`);
}

/** A malformed answer's error: where, and what zod said. */
export function malformed(what: string, error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }): CarrierError {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : '';
  return new CarrierError(FEDEX, `FedEx answered with a malformed ${what}${where}: ${issue?.message ?? 'unreadable'}`);
}
