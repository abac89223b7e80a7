/** UPS's answers: the body of a success, the reason of a refusal or an error (./operations.ts, ./rate-operation.ts). */
import { CarrierError, CarrierRefusal } from '../../domain/carrier';
import type { UpsAnswer } from './api';
import { UPS, upsErrorMessage } from './oauth';

/** UPS's reason from an error answer, or its status. */
export const reasonOf = (answer: UpsAnswer) => upsErrorMessage(answer.body) ?? `UPS answered HTTP ${answer.status}`;

/**
 * The body of a 2xx answer. A 4xx is UPS refusing the request as sent
 * (CarrierRefusal with its reason) when `refusal` says so, else a CarrierError.
 */
export function bodyOf(answer: UpsAnswer, what: string, refusal: (status: number) => boolean = (status) => status === 400 || status === 422): unknown {
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const reason = reasonOf(answer);
  if (refusal(answer.status)) throw new CarrierRefusal(UPS, reason);
  throw new CarrierError(UPS, `UPS could not ${what}: ${reason}`);
}
