import { loadAmplify } from '@/lib/auth/amplify-loader';

/** The password actions with Amplify configured; loaded on first use (lib/auth/password.ts). */
export const loadPasswordActions = () =>
  Promise.all([import('@/lib/auth/password'), loadAmplify()]).then(([actions]) => actions);
