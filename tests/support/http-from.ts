import { request } from 'node:http';

/**
 * HTTP requests sent from a chosen local source address (127.0.0.2, 127.0.0.3...: every
 * 127.0.0.0/8 address is this machine's on Linux), so a test can play several clients the server
 * tells apart by their socket's address, as it does visitors when no proxy is trusted. Node's
 * fetch cannot choose its source address without the undici package; node:http can.
 */

export interface HttpAnswer {
  status: number;
  location: string | null;
  retryAfter: string | null;
  setCookies: string[];
  body: string;
}

export function httpFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers, localAddress, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          retryAfter: res.headers['retry-after'] ?? null,
          setCookies: res.headers['set-cookie'] ?? [],
          body,
        }),
      );
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * A client at one source address that keeps the cookies it is given, as a browser does (names
 * and values only: every cookie here is for the one test server, path /).
 */
export class ClientAt {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly address: string,
    private readonly origin: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const cookie = this.cookieHeader();
    const answer = await httpFrom(this.address, `${this.origin}${path}`, {
      ...init,
      headers: { Origin: this.origin, ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
    });
    for (const line of answer.setCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || pair.slice(at + 1) === '') this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    return answer;
  }

  /** The sign-in form's post, as the page's script sends it (JSON answer). */
  signIn(password: string, email = '') {
    return this.send('/api/auth/login', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password }).toString(),
    });
  }

  signOut() {
    return this.send('/api/auth/logout', { method: 'POST' });
  }
}
