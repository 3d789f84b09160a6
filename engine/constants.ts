// Business constants of the form engine (forms spec §5, §9). Device monitoring
// bounds live in engine/device/monitoring.ts.

/** Lookup and settings page size. */
export const LOOKUP_PAGE_SIZE = 100;
/** File input default maximum size in bytes (80 MB). */
export const MAX_FILE_SIZE = 83886080;
/** Password generator length. */
export const PASSWORD_LENGTH = 16;
/** Keys that add a list-input item by default. */
export const LIST_ADD_KEYS: readonly string[] = ['Enter', ','];
/** Company data credit count: 1 to 14 characters. */
export const CREDIT_COUNT_MAX_LENGTH = 14;
/** Company data purchase: 1 credit gives 2 GB. */
export const GB_PER_DATA_CREDIT = 2;
/** Role names in the invite list are cut to 45 characters. */
export const ROLE_NAME_MAX_LENGTH = 45;
/** Parameter limit constant. */
export const PARAMETER_LIMIT = 200;
/** Batch size. */
export const BATCH_SIZE = 2000;
/** Standalone pages opened with a connection `key` instead of a session (shell spec §2): their documents are public. */
export const KEY_OPENED_PAGES: readonly string[] = ['rms-connect.ssh', 'rms-connect.desktop'];
