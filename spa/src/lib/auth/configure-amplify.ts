import { Amplify, ConsoleLogger, defaultStorage, type ResourcesConfig } from '@aws-amplify/core';
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
  // Only the local cloud sets userPoolEndpoint (its Cognito emulator), and Amplify warns about a
  // custom endpoint on every configure, i.e. every page load. The warning is meant for a deployed
  // site, which never has one: hush it for this call, locally, and keep every other log.
  const hush = Boolean(config.userPoolEndpoint);
  const level = ConsoleLogger.LOG_LEVEL;
  if (hush) ConsoleLogger.LOG_LEVEL = 'ERROR';
  try {
    Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
  } finally {
    if (hush) ConsoleLogger.LOG_LEVEL = level;
  }
}
