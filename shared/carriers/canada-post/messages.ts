/**
 * Canada Post's error answer (messages.xsd): a `messages` document of
 * `message` elements, each a code (Canada Post's: `8064`, `AA004`, `Server`)
 * and a description. `bodyOf` turns an answer into its body or the port's
 * error: a 4xx is Canada Post refusing the request as sent (CarrierRefusal
 * with its codes and words), anything else a CarrierError.
 */
import * as z from '../../zod';
import { CarrierError, CarrierRefusal } from '../../domain/carrier';
import type { CanadaPostAnswer } from './api';
import { CANADAPOST, readXml } from './xml';

export type CanadaPostMessage = { code: string; description: string };

const messagesSchema = z.object({
  messages: z.union([z.literal(''), z.object({ message: z.optional(z.array(z.object({ code: z.string(), description: z.string() }))) })]),
});

const isXml = (answer: Pick<CanadaPostAnswer, 'contentType' | 'body'>) =>
  /xml/i.test(answer.contentType) || answer.body.subarray(0, 64).toString('utf8').trimStart().startsWith('<');

/** The messages of an error answer; none when its body is not Canada Post's messages document. */
export function messagesOf(answer: Pick<CanadaPostAnswer, 'contentType' | 'body'>): CanadaPostMessage[] {
  if (answer.body.length === 0 || !isXml(answer)) return [];
  try {
    const parsed = messagesSchema.safeParse(readXml(answer.body.toString('utf8'), 'an error'));
    if (!parsed.success || parsed.data.messages === '') return [];
    return (parsed.data.messages.message ?? []).map((m) => ({ code: m.code.trim(), description: m.description.trim() }));
  } catch {
    return [];
  }
}

/** "8064: A shipment can only be void…" (every message), or the status when there is none. */
export const reasonOf = (answer: CanadaPostAnswer): string => {
  const messages = messagesOf(answer);
  return messages.length > 0
    ? messages
        .map((m) => `${m.code}: ${m.description}`)
        .join('; ')
        .slice(0, 500)
    : `Canada Post answered HTTP ${answer.status}`;
};

export const hasCode = (answer: CanadaPostAnswer, code: string): boolean => messagesOf(answer).some((m) => m.code === code);

/** The body of a 2xx answer as text. A 4xx is a CarrierRefusal with Canada Post's reason, anything else a CarrierError. */
export function bodyOf(answer: CanadaPostAnswer, what: string): string {
  if (answer.status >= 200 && answer.status < 300) return answer.body.toString('utf8');
  const reason = reasonOf(answer);
  if (answer.status >= 400 && answer.status < 500) throw new CarrierRefusal(CANADAPOST, `Canada Post refused to ${what}: ${reason}`);
  throw new CarrierError(CANADAPOST, `Canada Post could not ${what}: ${reason}`);
}

/** A zod failure as the port's error: the answer's place and what is wrong, never the answer. */
export const malformed = (what: string, error: z.core.$ZodError): CarrierError => {
  const issue = error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return new CarrierError(CANADAPOST, `Canada Post answered with a malformed ${what}${where}: ${issue?.message ?? 'unreadable'}`);
};
