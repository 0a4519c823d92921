/** The spec's business constants (§9). */
export const MIN_VALUE_LENGTH = 6; // "longer than 5 characters"
export const CODE_LENGTH = 6;
export const RESEND_COOLDOWN_MS = 30_000;
