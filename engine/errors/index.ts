export { mapServerErrors, fieldForSource, fileErrorMessage, UNAUTHORIZED } from './map-server-errors';
export type { MapOptions, MappedErrors, ServerErrorItem } from './map-server-errors';
export { resultMessage, successMessage, describeRequest, pastTense, SERVER_ERROR } from './result-message';
export type { ResultInput } from './result-message';
