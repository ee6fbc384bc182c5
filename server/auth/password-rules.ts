/** What a chosen password must be, wherever one is chosen: sign-up, an invitation, a password reset. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
