/**
 * The local FedEx for a test: a simulator on a fixed clock, a token request,
 * and a simulator with a token already issued (`signedIn`) through which an
 * operation's body is sent as a connector would send it.
 */
import {
  createFedexSimulator,
  type FedexClient,
  type FedexSimAnswer,
  type FedexSimRequest,
  type FedexSimulator,
  type FedexSimulatorOptions,
} from '../../../../local/fedex/simulator';
import { FEDEX_OPERATIONS, type FedexOperation } from '../../../../local/fedex/spec';
import { ACCOUNT, NOW, OTHER_ACCOUNT } from './fixtures';

export const CLIENT: FedexClient = {
  clientId: 'l7-fedex-client-Q1',
  clientSecret: 'fedex-SECRET-9z8y-never-logged',
  accountNumbers: [ACCOUNT],
  children: [{ childKey: 'child-key-42', childSecret: 'child-SECRET-77', accountNumbers: [OTHER_ACCOUNT] }],
};

export const simulatorAt = (options: Partial<FedexSimulatorOptions> = {}, clock: { now: Date } = { now: NOW }) =>
  createFedexSimulator({ clients: [CLIENT], now: () => clock.now, ...options });

/** A form token request for the client (or one of its children). */
export const tokenRequest = (
  fields: Record<string, string> = { grant_type: 'client_credentials', client_id: CLIENT.clientId, client_secret: CLIENT.clientSecret },
): FedexSimRequest => ({
  method: 'POST',
  path: '/oauth/token',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: fields,
});

/** The simulator with a token for the client, and a function that sends one operation's body with it. */
export function signedIn(simulator: FedexSimulator = simulatorAt()) {
  const issued = simulator.send(tokenRequest()).body as { access_token: string };
  const call = (operation: Exclude<FedexOperation, 'token'>, body: unknown, headers: Record<string, string> = {}): FedexSimAnswer =>
    simulator.send({
      method: FEDEX_OPERATIONS[operation].method,
      path: FEDEX_OPERATIONS[operation].path,
      headers: { authorization: `Bearer ${issued.access_token}`, 'content-type': 'application/json', ...headers },
      body: JSON.parse(JSON.stringify(body)) as unknown,
      baseUrl: 'http://127.0.0.1:9',
    });
  return { simulator, call, token: issued.access_token };
}
