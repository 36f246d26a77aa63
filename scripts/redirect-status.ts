import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Next's permanentRedirect() answers 308. For a GET or HEAD it means exactly what 301 means, and
 * 301 is the code every crawler and old client knows (issue: a renamed post's old URL answers a
 * 301), so page requests get 301; other methods keep 308, which preserves the method.
 */
export function permanentRedirectsAs301(req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const as301 = (status: number) => (status === 308 ? 301 : status);
  let status = res.statusCode;
  Object.defineProperty(res, 'statusCode', {
    configurable: true,
    enumerable: true,
    get: () => status,
    set: (value: number) => {
      status = as301(value);
    },
  });
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((code: number, ...rest: unknown[]) => writeHead(as301(code), ...rest)) as ServerResponse['writeHead'];
}
