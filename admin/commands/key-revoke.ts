import { defineCommand } from '../command';

export const keyRevoke = defineCommand({
  kind: 'key-revoke',
  words: 'key revoke',
  options: { 'key-id': { type: 'string', value: 'ID', required: true, description: 'the key id key create printed' } },
  help: ['-> {"keyId","active":false}'],
  build: (v) => ({ keyId: v['key-id'] }),
  run: async ({ keyId }) => {
    const { revokeApiKey } = await import('../../shared/store/api-keys');
    return revokeApiKey(keyId);
  },
});
