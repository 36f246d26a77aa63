import { createServer, type RequestListener, type Server } from 'node:http';

export interface TestServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** A real HTTP server on a free loopback port, for tests of what the server does to responses. */
export async function listen(handler: RequestListener): Promise<TestServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Closes every server a test opened, after it ends (pass to afterEach). */
export function serversOfEachTest() {
  const open: TestServer[] = [];
  return {
    track: (server: TestServer) => (open.push(server), server),
    closeAll: async () => {
      for (const server of open.splice(0)) await server.close();
    },
  };
}
