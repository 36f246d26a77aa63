import { createServer, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { permanentRedirectsAs301 } from './redirect-status';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

it('answers a permanent redirect of a page request with 301 and keeps 308 for other methods', async () => {
  server = createServer((req, res) => {
    permanentRedirectsAs301(req, res);
    res.statusCode = 308;
    res.setHeader('Location', '/new');
    res.end();
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const get = await fetch(`http://127.0.0.1:${port}/old`, { redirect: 'manual' });
  expect([get.status, get.headers.get('location')]).toEqual([301, '/new']);
  const post = await fetch(`http://127.0.0.1:${port}/old`, { method: 'POST', redirect: 'manual' });
  expect(post.status).toBe(308);
});
