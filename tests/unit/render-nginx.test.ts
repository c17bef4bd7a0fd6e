import { renderNginx } from '../../deploy/render-nginx.mjs';

/*
 * What deploy/render-nginx.mjs makes of its settings (nginx itself checks and runs the result
 * in the topology stage of npm test).
 */

const required = { SITE_URL: 'https://www.example.com', TLS_CERTIFICATE: '/etc/ssl/site.pem', TLS_CERTIFICATE_KEY: '/etc/ssl/site.key' };

it('listens on SITE_URL’s port for HTTPS and redirects plain HTTP to that origin', () => {
  const rendered = renderNginx({ ...required, SITE_URL: 'https://shop.example.com:8443' });
  expect(rendered).toContain('listen 8443 ssl http2;');
  expect(rendered).toContain('server_name shop.example.com;');
  expect(rendered).toContain('return 308 https://shop.example.com:8443$request_uri;');
  expect(rendered).toContain('listen 80;');
});

it('takes the documented defaults, and the settings over them', () => {
  const defaults = renderNginx(required);
  for (const line of [
    'listen 443 ssl http2;',
    'server 127.0.0.1:4001 max_fails=1 fail_timeout=10s;',
    'server 127.0.0.1:4002 backup max_fails=0;',
    'server 127.0.0.1:3000 max_fails=1 fail_timeout=10s;',
    'proxy_cache_path /var/cache/nginx/bluebonnet/pages',
    'access_log /var/log/nginx/bluebonnet-access.log bluebonnet_json;',
  ])
    expect(defaults).toContain(line);
  const set = renderNginx({
    ...required,
    HTTPS_LISTEN: '10.0.0.5:443',
    HTTP_LISTEN: '10.0.0.5:80',
    CACHE_DIR: '/srv/cache',
    ACCESS_LOG: '/srv/log/access.json',
    BACKENDS: '10.0.0.7:4001, 10.0.0.8:4001',
    NEXT_SERVERS: '10.0.0.9:3000',
  });
  for (const line of [
    'listen 10.0.0.5:443 ssl http2;',
    'listen 10.0.0.5:80;',
    'server 10.0.0.8:4001 max_fails=1 fail_timeout=10s;',
    'server 10.0.0.9:3000 max_fails=1 fail_timeout=10s;',
    'proxy_cache_path /srv/cache/static',
    'access_log /srv/log/access.json bluebonnet_json;',
  ])
    expect(set).toContain(line);
});

it('lets one failure take an instance out, while the same instances as backups keep the pool from emptying', () => {
  const upstream = renderNginx({ ...required, BACKENDS: '10.0.0.7:4001,10.0.0.8:4001' }).match(
    /upstream bluebonnet_backend \{([^}]*)\}/,
  )![1];
  expect(upstream.match(/^ +server .*$/gm)!.map((line) => line.trim())).toEqual([
    'server 10.0.0.7:4001 max_fails=1 fail_timeout=10s;',
    'server 10.0.0.8:4001 max_fails=1 fail_timeout=10s;',
    'server 10.0.0.7:4001 backup max_fails=0;',
    'server 10.0.0.8:4001 backup max_fails=0;',
  ]);
});

it('refuses a SITE_URL that is not https, and names what is missing', () => {
  expect(() => renderNginx({ ...required, SITE_URL: 'http://www.example.com' })).toThrow('SITE_URL must be https');
  expect(() => renderNginx({ TLS_CERTIFICATE: '/a', TLS_CERTIFICATE_KEY: '/b' })).toThrow('SITE_URL has no value');
  expect(() => renderNginx({ SITE_URL: 'https://www.example.com', TLS_CERTIFICATE: '/a' })).toThrow('TLS_CERTIFICATE_KEY has no value');
});
