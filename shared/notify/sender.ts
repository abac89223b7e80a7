/**
 * The container's e-mail sender: the file outbox when EMAIL_OUTBOX_DIR is set
 * (the local runtime), SES otherwise. Decided at each send, not at import, and
 * the SES module (its client and the SDK it pulls in) is loaded only on the
 * first e-mail that goes through SES, never by the local runtime.
 */
import { config } from '../config';
import { createOutboxSender } from './outbox';
import type { EmailSender } from './email-port';

export const emailSender: EmailSender = {
  send: async (message) => {
    const outboxDir = config.emailOutboxDir;
    if (outboxDir) return createOutboxSender(outboxDir, { ...(config.emailFrom ? { from: config.emailFrom } : {}) }).send(message);
    return (await import('./ses')).sesSender.send(message);
  },
};
