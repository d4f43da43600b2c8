import { lazy } from 'react';

export const SignInPage = lazy(() => import('./sign-in-page').then((m) => ({ default: m.SignInPage })));
export const ResetPasswordPage = lazy(() =>
  import('./reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const SignUpConfirmPage = lazy(() =>
  import('./sign-up-confirm-page').then((m) => ({ default: m.SignUpConfirmPage })),
);
/** The new-password field with its rules, for the profile's password change. */
export { NewPasswordField } from './new-password-field';
