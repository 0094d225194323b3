import { Amplify, defaultStorage, type ResourcesConfig } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { AppConfig } from '@/lib/config';

// Amplify configured with the user pool's token provider only. The `Amplify` of 'aws-amplify'
// would also wire the identity-pool credentials provider (with cookie storage and SigV4 hashing)
// into every bundle that configures it; Verde has no identity pool, and the core singleton with
// an explicit token provider is the documented way to choose the providers. Auth APIs read the
// same global context either way.
export function configureAmplify(config: AppConfig): void {
  const auth: ResourcesConfig['Auth'] = {
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
  };
  cognitoUserPoolsTokenProvider.setAuthConfig(auth!);
  cognitoUserPoolsTokenProvider.setKeyValueStorage(defaultStorage);
  Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
