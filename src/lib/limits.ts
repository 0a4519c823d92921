/** The spec's business constants (§9). */
export const MIN_VALUE_LENGTH = 6; // "longer than 5 characters"
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_MS = 30_000;
/** How long a code of the MWS lasts: the backend contract's code life (docs/backend-contract.md). */
export const CODE_LIFETIME_MINUTES = 10;

/**
 * How long a call (config, MWS, resolver) may take: long enough for a slow mobile network, short
 * enough that a dead backend is not a hang.
 */
export const CALL_TIMEOUT_MS = 15_000;
