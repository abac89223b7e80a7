/** Address validation's domain (docs/addresses.md): the built-in rules and the codes of their messages. */
export { validateBuiltin, normaliseAddress } from './builtin';
export { isIsoCountryCode, isoCountryCodes } from './countries';
export { ADDRESS_MESSAGE_CODES, ADDRESS_MESSAGE_CODE_LIST, type AddressMessageCode } from './messages';
export { statesOfZip } from './us-zip3';
