/**
 * The e-mail port (docs/architecture.md: a port where there are two implementations):
 * SES v2 in AWS (./ses.ts), a file outbox in the local runtime (./outbox.ts);
 * ./sender.ts picks one from the configuration.
 */
export type EmailMessage = {
  to: string;
  /** The sender; the stage's EMAIL_FROM when absent. */
  from?: string;
  subject: string;
  text: string;
  html: string;
  /** What the e-mail is about, for the outbox and the delivery events; not shown to the recipient. */
  orderId: string;
  status: string;
};

export type EmailSender = {
  /** Resolves once the e-mail is accepted for delivery; rejects when it was not, so it can be sent again. */
  send(message: EmailMessage): Promise<{ messageId: string }>;
};
