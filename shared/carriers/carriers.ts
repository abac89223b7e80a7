/**
 * The carriers of the service. A carrier is a folder (`./<carrier>/`: its
 * connector in index.ts, its profile in profile.ts) and one line here;
 * nothing else names it (docs/contributing.md, "Adding a carrier"). The
 * registry (./registry.ts) derives every list from these lines, in the
 * order of the carrier codes.
 */
export { profile as carrierX } from './carrier-x/profile';
export { profile as carrierY } from './carrier-y/profile';
export { profile as carrierZ } from './carrier-z/profile';
export { profile as carrierF } from './carrier-f/profile';
export { profile as ups } from './ups/profile';
export { profile as canadaPost } from './canada-post/profile';
export { profile as fedex } from './fedex/profile';
