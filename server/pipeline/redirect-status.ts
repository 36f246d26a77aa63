import type { Step } from './index';

/**
 * Next's permanentRedirect() answers 308. For a GET or HEAD it means exactly what 301 means, and
 * 301 is the code every crawler and old client knows (a renamed post's old URL answers a 301), so
 * page requests get 301; other methods keep 308, which preserves the method.
 */
export const redirectStatus: Step = {
  name: 'redirect status',
  head(exchange) {
    const method = exchange.req.method;
    if (exchange.status === 308 && (method === 'GET' || method === 'HEAD')) exchange.status = 301;
  },
};
