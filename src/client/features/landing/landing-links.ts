import { trialDays } from '@domain/auth/trial';
import { msg } from '@lingui/core/macro';

export const trialLabel = msg`Start Free ${trialDays}-Day Trial`;
/** Signing up starts the trial; the sign-in page offers sign-up for new visitors. */
export const signInUrl = '/api/login';
/** Spec 000 §2.1 "See Live Demo" opens a demo site in a new tab: the public, read-only ecosystem demo. */
export const liveDemoUrl = '/ecosystem-demo';
