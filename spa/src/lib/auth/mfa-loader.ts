import { loadAmplify } from '@/lib/auth/amplify-loader';

/** The TOTP actions with Amplify configured; loaded on first use (lib/auth/mfa.ts). */
export const loadMfaActions = () => Promise.all([import('@/lib/auth/mfa'), loadAmplify()]).then(([actions]) => actions);
