// A module of its own, so the console's first load (which sends no form) does not carry it.

/**
 * The header a form's submission names its document in: of several forms submitting to one route, the server
 * checks the submission by the one it names (server/forms/validate.ts).
 */
export const FORM_HEADER = 'X-Form';
