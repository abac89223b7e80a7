import { listOutbox } from '../../shared/notify/outbox';
import { dataPaths } from '../../local/runtime-files';
import { defineCommand } from '../command';
import { AdminError } from '../errors';

export const outboxList = defineCommand({
  kind: 'outbox-list',
  words: 'outbox list',
  options: {},
  help: [
    '-> [{"to","subject","orderId","status","sentAt"}]   (local only: the status e-mails',
    '   the local stack wrote to DATA_DIR/outbox instead of sending them, oldest first)',
  ],
  build: () => ({}),
  // A deployed stage has no outbox to list: its e-mails went out through SES.
  run: async (_command, { target }) => {
    if (target?.kind === 'local') return listOutbox(target.runtime.outboxDir ?? dataPaths(target.dataDir).outbox);
    const local = 'outbox list is local only: it lists the e-mails a running npm start wrote to DATA_DIR/outbox.';
    if (!target) throw new AdminError(`${local} Start npm start with the same DATA_DIR.`);
    throw new AdminError(
      `${local} The stage of ${target.tableName} sends status e-mails through SES: see the delivery events of its SES ` +
        'configuration set and the "status e-mail sent" lines of its notify function logs.',
    );
  },
});
