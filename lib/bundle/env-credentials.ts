/**
 * Stands in for `@aws-sdk/credential-provider-node` in every function bundle
 * (the alias in lib/bundling.ts): the SDK clients' default credentials are
 * the environment's, and nothing else.
 *
 * Lambda hands a function its role's credentials in AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN and sets no AWS_PROFILE, so
 * the SDK's default chain answers from its first link, `fromEnv`, which is
 * exactly this. The other links (SSO, login, shared ini files,
 * credential_process, web identity, container and instance metadata) never
 * run there, yet with the STS/SSO clients they build they were 135 KB of
 * every bundle, and their ES module import of `node:http` (whose module view
 * loads undici on Node 24) made half of the baseline's cold import: about
 * 120 ms before, 60 ms after, on a 2-core machine. (Lambda SnapStart would
 * serve credentials from a container endpoint instead; it does not exist for
 * Node.js, and a function using it would need this alias gone.)
 *
 * Only bundles see this module: the admin CLI, the local runtime and the tests
 * run unbundled (tsx, Jest) and keep the full default chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** Same signature as the default chain's `defaultProvider`, the one name the clients' runtime configs import. */
export const defaultProvider = (init: Parameters<typeof fromEnv>[0] = {}) => fromEnv(init);
