import { proxy } from 'valtio/vanilla';
import { serverMessage } from '../contract/envelope';
import type { HttpError } from '../http/errors';

// The header's error widget (shell spec §2: "error and notification widgets"):
// this session's recent failed requests and script errors, newest first, with
// their time and message. Kept in memory for the page's life, at most
// ERROR_LOG_SIZE, cleared on demand. A cancelled call is no failure and is not
// logged (the HTTP client emits only real ones).

export const ERROR_LOG_SIZE = 50;

export interface LoggedError {
  id: number;
  /** ISO 8601. */
  at: string;
  message: string;
  /** The failed call, `GET /devices`; absent for a script error. */
  request?: string;
  status?: number;
}

export const errorLog = proxy<{ entries: LoggedError[] }>({ entries: [] });

let nextId = 1;

export function logError(entry: Omit<LoggedError, 'id' | 'at'>, now = new Date()): void {
  errorLog.entries = [{ id: nextId++, at: now.toISOString(), ...entry }, ...errorLog.entries].slice(0, ERROR_LOG_SIZE);
}

/** A failed call as logged: the server's words for it (else the client's message), the method and the path. */
export function logRequestFailure(error: HttpError, now = new Date()): void {
  const method = (error.config.method ?? 'get').toUpperCase();
  logError({ message: serverMessage(error), request: `${method} ${error.config.url}`, status: error.status }, now);
}

export function clearErrorLog(): void {
  errorLog.entries = [];
}
