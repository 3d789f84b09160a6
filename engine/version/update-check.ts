// The update prompt's rule (shell spec §4): when a build newer than the
// running one is served, the console offers to reload.

/**
 * Whether to prompt: the stored timestamp is older than the new one, and the
 * new one is later than the fixed build timestamp (shell spec §4).
 */
export function shouldPrompt(stored: number | null, reported: number, buildTimestamp: number): boolean {
  return (stored === null || stored < reported) && reported > buildTimestamp;
}

/**
 * What a worker report changes: the stored timestamp moves forward to the
 * newest one seen, and the prompt appears when shouldPrompt says so.
 */
export function onVersionReport(
  stored: number | null,
  reported: number,
  buildTimestamp: number,
): { store: number | null; prompt: boolean } {
  return {
    store: stored === null || reported > stored ? reported : null,
    prompt: shouldPrompt(stored, reported, buildTimestamp),
  };
}

/** Development hosts, where the version check does not run. */
export function isLocalhost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Whether the check runs (shell spec §4): skipped on localhost or when workers are unavailable. */
export function runsVersionCheck(hostname: string, workersAvailable: boolean): boolean {
  return workersAvailable && !isLocalhost(hostname);
}
