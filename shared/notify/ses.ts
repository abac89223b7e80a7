/**
 * Status e-mails through SES v2 (`SendEmail`, simple content with a text and
 * an HTML part), from the stage's EMAIL_FROM, with its configuration set
 * when it has one (delivery events, suppression list). The client is created
 * on the first send, once per container, with the project's timeouts and
 * retries (shared/aws/clients.ts `awsClientConfig('sesv2')`).
 */
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config';
import { lazy } from '../lazy';
import { awsClientConfig, withoutSdkLogging } from '../aws';
import { traced } from '../observability';
import type { EmailMessage, EmailSender } from './email-port';

export const createSesClient = (): SESv2Client => traced(withoutSdkLogging(new SESv2Client(awsClientConfig('sesv2'))));

const ses: SESv2Client = /* @__PURE__ */ lazy(() => createSesClient());

/** SES message tags allow letters, digits, `_` and `-` only. */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 256);

export const createSesSender = (client: Pick<SESv2Client, 'send'> = ses): EmailSender => ({
  send: async (message: EmailMessage) => {
    const from = message.from ?? config.emailFrom;
    if (!from) throw new Error('EMAIL_FROM is not set: the stage gives the sender of status e-mails (lib/stages.ts emailFrom)');
    const configurationSet = config.emailConfigurationSet;
    const out = await client.send(
      new SendEmailCommand({
        FromEmailAddress: from,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          },
        },
        // Delivery and bounce events of the configuration set then name the order and status.
        EmailTags: [
          { Name: 'orderId', Value: tagValue(message.orderId) },
          { Name: 'status', Value: tagValue(message.status) },
        ],
        ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      }),
    );
    // Accepted is what counts: failing here would release the claim and send the e-mail again.
    return { messageId: out.MessageId ?? 'unknown' };
  },
});

export const sesSender: EmailSender = createSesSender();
