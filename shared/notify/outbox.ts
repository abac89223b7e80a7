/**
 * The local runtime's e-mail "sender": each e-mail becomes one JSON file in a
 * directory (the local runtime's DATA_DIR/outbox, read by `admin outbox
 * list`), instead of going out. Files are written whole (temporary file, then
 * rename) and private (0600: they hold addresses); their names start with the
 * time sent, so a directory listing is in sending order.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from '../zod';
import type { EmailMessage, EmailSender } from './email-port';

export const outboxFileSchema = z.object({
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  orderId: z.string(),
  status: z.string(),
  sentAt: z.string(),
  messageId: z.string(),
});
export type OutboxFile = z.infer<typeof outboxFileSchema>;

/** What `admin outbox list` prints of each e-mail. */
export type OutboxEntry = Pick<OutboxFile, 'to' | 'subject' | 'orderId' | 'status' | 'sentAt'>;

/** Where the outbox e-mails say they are from when the local runtime gives no EMAIL_FROM. */
export const LOCAL_SENDER = 'shipping@localhost';

export type OutboxOptions = { from?: string; clock?: () => Date; newId?: () => string };

/** A sender that writes each e-mail to `dir` (created 0700 when missing). */
export const createOutboxSender = (dir: string, { from = LOCAL_SENDER, clock = () => new Date(), newId = randomUUID }: OutboxOptions = {}): EmailSender => ({
  send: async (message: EmailMessage) => {
    const sentAt = clock().toISOString();
    const messageId = `outbox-${newId()}`;
    const file: OutboxFile = { ...message, from: message.from ?? from, sentAt, messageId };
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // `:` is not allowed in Windows file names; the ISO time stays sortable without it.
    const name = `${sentAt.replace(/:/g, '-')}-${messageId}.json`;
    const temporary = path.join(dir, `.${name}.tmp`);
    writeFileSync(temporary, `${JSON.stringify(outboxFileSchema.parse(file), null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path.join(dir, name));
    return { messageId };
  },
});

/** The e-mails in `dir`, oldest first; none when it does not exist. A file that is not an outbox e-mail fails loudly. */
export const listOutbox = (dir: string): OutboxEntry[] => {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  return names
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const parsed = outboxFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) throw new Error(`${file} is not an outbox e-mail: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
      const { to, subject, orderId, status, sentAt } = parsed.data;
      return { to, subject, orderId, status, sentAt };
    })
    .sort((a, b) => (a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : 0));
};
