/** deploy/render-nginx.mjs: the nginx configuration for these settings (docs/deploy.md lists them). */
export function renderNginx(settings: Readonly<Record<string, string | undefined>>): string;
