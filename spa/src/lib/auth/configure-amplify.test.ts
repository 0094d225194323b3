import { ConsoleLogger } from '@aws-amplify/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from '@/lib/auth/configure-amplify';

const base = { region: 'sa-east-1', userPoolId: 'sa-east-1_abc', userPoolClientId: 'client', authFlowType: 'USER_PASSWORD_AUTH' as const, apiBase: '/api' };

describe('configureAmplify', () => {
  afterEach(() => vi.restoreAllMocks());

  it('does not warn about the local Cognito endpoint on every page load, and leaves the log level as it was', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    configureAmplify({ ...base, userPoolEndpoint: 'http://localhost:9230/cognito' });
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/endpoint/i);
    expect(ConsoleLogger.LOG_LEVEL).toBeNull();
  });
});
