// /config.json is the SPA's only configuration: one build serves every stack. The
// deploy also writes it into index.html (#verde-config), where the SPA reads it first.

export type AuthFlowType = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';

export interface OAuthSettings {
  domain: string;
  redirectSignIn: string[];
  redirectSignOut: string[];
  providers: string[];
  scopes: string[];
}

export interface AppConfig {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only set locally, where cognito-local stands in for Cognito. */
  userPoolEndpoint?: string;
  authFlowType: AuthFlowType;
  oauth?: OAuthSettings;
  apiBase: string;
}

// aws.cognito.signin.user.admin lets a hosted-UI token read the user's own attributes
// (GetUser), which GET /api/me needs to create the profile of a Google user.
const defaultScopes = ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'];

let current: AppConfig | null = null;

export function getConfig(): AppConfig {
  if (!current) throw new Error('config.json ainda não foi carregado');
  return current;
}

export function setConfig(config: AppConfig): void {
  current = config;
}

/** The id of the JSON script in index.html that the deploy (and the local cloud) fills in. */
export const inlineConfigId = 'verde-config';

/**
 * The configuration written into index.html when there is one (no round trip before the first
 * render), else /config.json (the Vite dev server, or an index.html nobody filled in).
 */
export async function loadConfig(doc: Document = document): Promise<AppConfig> {
  const inline = doc.getElementById(inlineConfigId)?.textContent?.trim();
  let raw: unknown;
  if (inline) {
    raw = JSON.parse(inline);
  } else {
    const res = await fetch('/config.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
    raw = await res.json();
  }
  const config = parseConfig(raw);
  setConfig(config);
  return config;
}

export function parseConfig(raw: unknown): AppConfig {
  const obj = (raw ?? {}) as Record<string, unknown>;
  const text = (key: string, from: Record<string, unknown> = obj): string => {
    const value = from[key];
    if (typeof value !== 'string' || value === '') throw new Error(`config.json: falta "${key}"`);
    return value;
  };
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];

  const authFlowType = obj.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  let oauth: OAuthSettings | undefined;
  if (obj.oauth && typeof obj.oauth === 'object') {
    const o = obj.oauth as Record<string, unknown>;
    const scopes = list(o.scopes);
    oauth = {
      // Amplify builds https://<domain>/oauth2/...: accept a domain given with its scheme too.
      domain: text('domain', o).replace(/^https?:\/\//, '').replace(/\/+$/, ''),
      redirectSignIn: list(o.redirectSignIn),
      redirectSignOut: list(o.redirectSignOut),
      providers: list(o.providers),
      scopes: scopes.length ? scopes : defaultScopes,
    };
  }
  return {
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    userPoolEndpoint: typeof obj.userPoolEndpoint === 'string' && obj.userPoolEndpoint ? obj.userPoolEndpoint : undefined,
    authFlowType,
    oauth,
    apiBase: typeof obj.apiBase === 'string' && obj.apiBase ? obj.apiBase.replace(/\/+$/, '') : '/api',
  };
}
