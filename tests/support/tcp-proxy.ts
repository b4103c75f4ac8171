import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP forwarder in front of the test Postgres, so a test can take the database away from a running app and give
 * it back: `stop()` cuts every connection and stops listening (the app's connects are refused, like a database
 * that is down or failing over), `start()` listens again on the same port.
 */
export class TcpProxy {
  readonly port: number;
  readonly #target: { host: string; port: number };
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();

  private constructor(port: number, target: { host: string; port: number }) {
    this.port = port;
    this.#target = target;
  }

  /** A proxy on a free port, not listening yet. */
  static async reserve(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, "127.0.0.1", () => resolve((probe.address() as { port: number }).port)));
    await new Promise((resolve) => probe.close(resolve));
    return new TcpProxy(port, target);
  }

  get listening(): boolean {
    return this.#server !== null;
  }

  async start(): Promise<void> {
    if (this.#server) return;
    const server = createServer((client) => {
      const upstream = createConnection(this.#target);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.#server = server;
  }

  /** Cuts every open connection and stops listening. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
