/** Backend settings, read once from the environment (each has a row in .env.example). */
export interface BackendConfig {
  production: boolean;
  secureCookies: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  appVersion: string;
}

export function loadBackendConfig(env: Readonly<Record<string, string | undefined>> = process.env): BackendConfig {
  const production = env.NODE_ENV === 'production';
  const logLevel = (env.LOG_LEVEL ?? 'info') as BackendConfig['logLevel'];
  return {
    production,
    secureCookies: (env.COOKIE_SECURE ?? String(production)) === 'true',
    logLevel,
    appVersion: env.NEXT_PUBLIC_APP_VERSION || env.npm_package_version || 'DEV',
  };
}
