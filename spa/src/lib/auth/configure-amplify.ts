import { Amplify } from 'aws-amplify';
// Completes a Google redirect on whatever page it lands: the sign-in screens load lazily, so
// nothing else guarantees the listener is in the entry chunk.
import 'aws-amplify/auth/enable-oauth-listener';
import type { AppConfig } from '@/lib/config';

export function configureAmplify(config: AppConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: {
          email: true,
          ...(config.oauth
            ? {
                oauth: {
                  domain: config.oauth.domain,
                  scopes: config.oauth.scopes,
                  redirectSignIn: config.oauth.redirectSignIn,
                  redirectSignOut: config.oauth.redirectSignOut,
                  responseType: 'code' as const,
                  providers: ['Google' as const],
                },
              }
            : {}),
        },
      },
    },
  });
}
