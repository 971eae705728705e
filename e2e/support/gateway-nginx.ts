// nginx in front of the gateway e2e run's two instances: its `http { }` contents. The instances share one Redis and
// one session secret, so either can serve any agent's session.
import type { GatewayE2eSettings } from './gateway-settings';

const proxied = (s: GatewayE2eSettings) => `
    proxy_pass http://ttd_gateways;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    # ${s.appOrigin}: one origin for the app, its API, the sign-in and the events.`;

/**
 * The `http { }` contents: both instances in one upstream, the agent kept on one of them (ip_hash: every browser of
 * the run comes from 127.0.0.1), so killing "the instance serving the agent" means something; a refused connection
 * moves the request to the other (nothing was sent, so a POST may move too; an answer lost half-way is never resent).
 * Every answer names the instance that gave it (X-Desk-Upstream), for the test that kills it.
 */
export function nginxSite(s: GatewayE2eSettings): string {
  // max_fails=0, as deploy/nginx/gateway-site.conf: no instance is ever left out for a while, so a request that finds
  // the killed one refused goes to the other, and one failed answer of the survivor (a stream cut) never leaves nginx
  // with no instance to ask (502 for everything for fail_timeout).
  const servers = s.ports.gateways.map((port) => `server 127.0.0.1:${port} max_fails=0;`).join(' ');
  return `
  upstream ttd_gateways { ip_hash; ${servers} keepalive 8; }
  server {
    listen 127.0.0.1:${s.ports.app};
    client_max_body_size 2m;
    add_header X-Desk-Upstream $upstream_addr always;
    location = /relay/events {${proxied(s)}
      proxy_buffering off;
      proxy_cache off;
      gzip off;
      proxy_read_timeout 1h;
      proxy_send_timeout 1h;
    }
    # The receivers drop a repeated eventId, so an event may go to the next instance even after a lost answer.
    location /listener/ {${proxied(s)}
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_read_timeout 15s;
    }
    location / {${proxied(s)}
      proxy_next_upstream error timeout;
      proxy_read_timeout 30s;
    }
  }`;
}

