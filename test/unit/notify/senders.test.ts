/**
 * The e-mail senders (shared/notify/): SES v2 with its text and HTML parts,
 * sender and configuration set; the local file outbox (one private JSON file
 * per e-mail, written whole, listed in sending order); and the choice between
 * them, made at send time from the configuration.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { createOutboxSender, listOutbox, LOCAL_SENDER } from '../../../shared/notify/outbox';
import { createSesSender } from '../../../shared/notify/ses';
import type { EmailMessage } from '../../../shared/notify/email-port';

const message: EmailMessage = {
  to: 'buyer@example.com',
  subject: 'Your shipment is on its way: 794612345678',
  text: 'Your shipment is on its way.\n',
  html: '<p>Your shipment is on its way.</p>',
  orderId: '7d3f2c1a-4b5e-4f60-8a71-92b3c4d5e6f7',
  status: 'intransit',
};

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe('SES sender', () => {
  const ses = mockClient(SESv2Client);
  beforeEach(() => ses.reset());

  it('sends simple content with a text and an HTML part, from EMAIL_FROM, with the configuration set', async () => {
    process.env.EMAIL_FROM = 'shipping@notifications.example.com';
    process.env.EMAIL_CONFIGURATION_SET = 'shipping-dev';
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
    await expect(createSesSender(new SESv2Client({ region: 'us-east-1' })).send(message)).resolves.toEqual({ messageId: 'ses-1' });
    const calls = ses.commandCalls(SendEmailCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual({
      FromEmailAddress: 'shipping@notifications.example.com',
      Destination: { ToAddresses: ['buyer@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
      EmailTags: [
        { Name: 'orderId', Value: message.orderId },
        { Name: 'status', Value: 'intransit' },
      ],
      ConfigurationSetName: 'shipping-dev',
    });
  });

  it('names no configuration set when the stage gives none, and takes the message sender over EMAIL_FROM', async () => {
    process.env.EMAIL_FROM = 'shipping@notifications.example.com';
    delete process.env.EMAIL_CONFIGURATION_SET;
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-2' });
    await createSesSender(new SESv2Client({ region: 'us-east-1' })).send({ ...message, from: 'other@example.com' });
    const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(input.FromEmailAddress).toBe('other@example.com');
    expect(input).not.toHaveProperty('ConfigurationSetName');
  });

  it('refuses to send without a sender, before calling SES', async () => {
    delete process.env.EMAIL_FROM;
    await expect(createSesSender(new SESv2Client({ region: 'us-east-1' })).send(message)).rejects.toThrow(/EMAIL_FROM is not set/);
    expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('creates its client on the first send, not at import, and once per container', async () => {
    process.env.EMAIL_FROM = 'shipping@notifications.example.com';
    const created = jest.fn();
    let module: typeof import('../../../shared/notify/ses') | undefined;
    jest.isolateModules(() => {
      jest.doMock('@aws-sdk/client-sesv2', () => {
        const actual = jest.requireActual<typeof import('@aws-sdk/client-sesv2')>('@aws-sdk/client-sesv2');
        return {
          ...actual,
          SESv2Client: class extends actual.SESv2Client {
            constructor(...args: ConstructorParameters<typeof actual.SESv2Client>) {
              super(...args);
              created();
            }

            // A fresh copy of the SDK module: aws-sdk-client-mock does not reach it, so the class answers itself.
            override send = (async () => ({ MessageId: 'ses-3' })) as never;
          },
        };
      });
      module = jest.requireActual<typeof import('../../../shared/notify/ses')>('../../../shared/notify/ses');
    });
    jest.dontMock('@aws-sdk/client-sesv2');
    expect(created).not.toHaveBeenCalled();
    await expect(module!.sesSender.send(message)).resolves.toEqual({ messageId: 'ses-3' });
    await module!.sesSender.send(message);
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('passes a refusal of SES on, so the e-mail can be sent again', async () => {
    process.env.EMAIL_FROM = 'shipping@notifications.example.com';
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Throttling'), { name: 'TooManyRequestsException' }));
    await expect(createSesSender(new SESv2Client({ region: 'us-east-1' })).send(message)).rejects.toThrow('Throttling');
  });
});

describe('outbox', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'outbox-')), 'outbox');
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  const at = (iso: string) => () => new Date(iso);

  it('writes one private JSON file per e-mail, named by the time sent, with the whole message', async () => {
    const sent = await createOutboxSender(dir, { clock: at('2026-05-04T22:00:03.118Z'), newId: () => 'id-1' }).send(message);
    expect(sent).toEqual({ messageId: 'outbox-id-1' });
    const files = readdirSync(dir);
    expect(files).toEqual(['2026-05-04T22-00-03.118Z-outbox-id-1.json']);
    const file = path.join(dir, files[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...message, from: LOCAL_SENDER, sentAt: '2026-05-04T22:00:03.118Z', messageId: 'outbox-id-1' });
  });

  it('lists the e-mails oldest first, without bodies; an outbox never written is empty', async () => {
    expect(listOutbox(dir)).toEqual([]);
    await createOutboxSender(dir, { clock: at('2026-05-04T23:00:00.000Z') }).send({ ...message, status: 'delivered', subject: 'delivered' });
    await createOutboxSender(dir, { clock: at('2026-05-04T22:00:00.000Z'), from: 'shipping@localhost.test' }).send(message);
    writeFileSync(path.join(dir, '.half-written.json.tmp'), '{');
    expect(listOutbox(dir)).toEqual([
      { to: 'buyer@example.com', subject: message.subject, orderId: message.orderId, status: 'intransit', sentAt: '2026-05-04T22:00:00.000Z' },
      { to: 'buyer@example.com', subject: 'delivered', orderId: message.orderId, status: 'delivered', sentAt: '2026-05-04T23:00:00.000Z' },
    ]);
  });

  it('a file that is not an outbox e-mail fails the listing, naming it', async () => {
    await createOutboxSender(dir).send(message);
    writeFileSync(path.join(dir, 'stray.json'), '{"to":"x"}');
    expect(() => listOutbox(dir)).toThrow(/stray\.json is not an outbox e-mail/);
  });
});

describe('the sender of a container', () => {
  it('writes to the outbox when EMAIL_OUTBOX_DIR is set, read at send time, and never loads the SES module', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-choice-'));
    try {
      let loadedSes = false;
      let sender: typeof import('../../../shared/notify/sender') | undefined;
      jest.isolateModules(() => {
        jest.doMock('../../../shared/notify/ses', () => {
          loadedSes = true;
          return { sesSender: { send: jest.fn() } };
        });
        sender = jest.requireActual<typeof import('../../../shared/notify/sender')>('../../../shared/notify/sender');
      });
      process.env.EMAIL_OUTBOX_DIR = dir;
      process.env.EMAIL_FROM = 'shipping@notifications.example.com';
      await sender!.emailSender.send(message);
      expect(loadedSes).toBe(false);
      expect(listOutbox(dir)).toEqual([expect.objectContaining({ to: 'buyer@example.com', status: 'intransit' })]);
      const [name] = readdirSync(dir);
      expect(JSON.parse(readFileSync(path.join(dir, name!), 'utf8')).from).toBe('shipping@notifications.example.com');
    } finally {
      rmSync(dir, { recursive: true, force: true });
      jest.dontMock('../../../shared/notify/ses');
    }
  });

  it('goes through SES otherwise', async () => {
    const send = jest.fn().mockResolvedValue({ messageId: 'ses-9' });
    let sender: typeof import('../../../shared/notify/sender') | undefined;
    jest.isolateModules(() => {
      jest.doMock('../../../shared/notify/ses', () => ({ sesSender: { send } }));
      sender = jest.requireActual<typeof import('../../../shared/notify/sender')>('../../../shared/notify/sender');
    });
    delete process.env.EMAIL_OUTBOX_DIR;
    await expect(sender!.emailSender.send(message)).resolves.toEqual({ messageId: 'ses-9' });
    expect(send).toHaveBeenCalledWith(message);
    jest.dontMock('../../../shared/notify/ses');
  });
});
