/**
 * A loopback TCP proxy between the site and the demo origin. The demo origin cannot refuse
 * connections by itself, so the suite closes this proxy's listening socket (and destroys the
 * open ones) to make Drupal's port refuse, then listens again on the same port.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly url: string;
  readonly port: number;
  /** Connections accepted since the last `resetCount()`. */
  readonly accepted: number;
  resetCount(): void;
  /** Stop listening and cut every open connection: new connections are refused. */
  refuse(): Promise<void>;
  /** Listen again on the same port. */
  open(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let accepted = 0;

  const pipeTo = (client: Socket) => {
    accepted++;
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // One side failing ends the pair; errors here are expected while refusing.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };

  const open = () =>
    new Promise<void>((done, fail) => {
      if (server) return done();
      const s = createServer(pipeTo);
      s.once('error', fail);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        done();
      });
    });

  const refuse = () =>
    new Promise<void>((done) => {
      const s = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!s) return done();
      s.close(() => done());
    });

  await open();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get accepted() {
      return accepted;
    },
    resetCount: () => {
      accepted = 0;
    },
    refuse,
    open,
    close: refuse,
  };
}
