// Apart from password-rules.ts, whose common-password list only the forms that set a password load.
export const passwordMinLength = 8;
export const passwordMaxLength = 200;
