/**
 * Fault injection of the sandbox network, per carrier (docs/decisions.md, rating), so the
 * rating fan-out can be exercised against slow, failing and broken carriers.
 * Read from SANDBOX_FAULTS (JSON) or passed in by tests, e.g.
 * `{"CARRIERY":{"latencyMs":5000},"CARRIERZ":{"error":"http500","failRate":0.5}}`.
 *
 * - latencyMs: the carrier answers after this delay (cut short by abort).
 * - error: how a failing call fails: `timeout` never answers (until aborted),
 *   `http500` is an HTTP 500, `malformed` is an answer that is not a rate
 *   response, `late` does what it was asked (books the pickup) and then never
 *   answers, as a carrier answering after our timeout (for a call that
 *   changes nothing it is `timeout`). Default `http500`.
 * - operations: the calls it applies to (`rate`, `ship`, `track`, `cancel`,
 *   `pickupAvailability`, `pickupCreate`, `pickupFind`, `pickupCancel`);
 *   every call when absent.
 * - failRate: share of calls that fail, 0..1. Default 1 when `error` is given,
 *   else 0. 0 and 1 are deterministic; in between a random draw decides.
 */
import * as z from '../../zod';

/** The calls of a sandbox carrier a fault may be limited to. */
export const SANDBOX_OPERATIONS = ['rate', 'ship', 'track', 'cancel', 'pickupAvailability', 'pickupCreate', 'pickupFind', 'pickupCancel'] as const;
export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];

export const sandboxFaultSchema = z.strictObject({
  latencyMs: z.optional(z.number().check(z.int(), z.gte(0))),
  failRate: z.optional(z.number().check(z.gte(0), z.lte(1))),
  error: z.optional(z.enum(['timeout', 'http500', 'malformed', 'late'])),
  operations: z.optional(z.array(z.enum(SANDBOX_OPERATIONS))),
});
export type SandboxFault = z.infer<typeof sandboxFaultSchema>;

export const sandboxFaultsSchema = z.record(z.string(), sandboxFaultSchema).check(
  z.superRefine((faults, ctx) => {
    for (const key of Object.keys(faults)) {
      if (!/^[A-Z0-9_]+$/.test(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a carrier code' });
    }
  }),
);
export type SandboxFaults = z.infer<typeof sandboxFaultsSchema>;

/** Parses SANDBOX_FAULTS; empty or unset means no faults. A bad value fails loudly at start. */
export function parseSandboxFaults(raw: string | undefined): SandboxFaults {
  if (raw === undefined || raw.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error('SANDBOX_FAULTS is not valid JSON');
  }
  const parsed = sandboxFaultsSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ');
    throw new Error(`SANDBOX_FAULTS is not valid: ${problems}`);
  }
  return parsed.data;
}

/** Whether this call (of `operation`) fails; `random` is drawn only when the rate is strictly between 0 and 1. */
export function callFails(fault: SandboxFault | undefined, random: () => number, operation?: SandboxOperation): boolean {
  if (!fault) return false;
  if (fault.operations && operation && !fault.operations.includes(operation)) return false;
  const rate = fault.failRate ?? (fault.error ? 1 : 0);
  if (rate >= 1) return true;
  if (rate <= 0) return false;
  return random() < rate;
}
