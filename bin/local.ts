/**
 * The local runtime (`npm start`, local/runtime.ts, docs/architecture.md):
 * DynamoDB Local, s3rver and every function of the function list in this
 * process, the HTTP ones behind a local API Gateway on 127.0.0.1:PORT.
 * Everything it starts listens on 127.0.0.1 only, and everything it writes
 * under DATA_DIR is private to the user (umask 077, DATA_DIR 0700). Ctrl-C,
 * SIGTERM or SIGHUP, or the exit of what started it (up to npm or
 * LOCAL_WATCH_PID), stops it after the requests in flight (local/stop.ts).
 */
import { allowRequireOfEsmOnlyPackages } from '../local/esm-only-packages';
import { runLocalRuntime } from '../local/runtime';

// The handlers are required as CommonJS; middy 7 is ESM-only.
allowRequireOfEsmOnlyPackages();
// Everything written under DATA_DIR (s3rver's label files, demo.json, runtime.json, DynamoDB Local's database) is the user's alone.
process.umask(0o077);
runLocalRuntime();
