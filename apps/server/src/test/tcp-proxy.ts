import { createServer, type Socket, connect as tcpConnect } from "node:net";

export type ProxyMode = "pass" | "refuse" | "freeze";

type Pair = { client: Socket; upstream: Socket };

/**
 * A TCP proxy between the app and PostgreSQL, to break the connection on purpose (fault tests, the
 * faults bench). `pass` forwards; `drop()` destroys every open connection once (a restart, a network
 * blip); `refuse` resets every connection, open and new (the server is down); `freeze` stops
 * forwarding bytes but keeps every socket open (a stopped server, a dead network), and new
 * connections are accepted and wait. Back to `pass`, frozen connections carry on where they stopped.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  let mode: ProxyMode = "pass";
  const pairs = new Set<Pair>();

  const forward = ({ client, upstream }: Pair) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ({ client, upstream }: Pair) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const destroy = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.upstream.destroy();
    pairs.delete(pair);
  };

  const server = createServer((client) => {
    if (mode === "refuse") return void client.resetAndDestroy();
    const upstream = tcpConnect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      if (!pairs.has(pair)) return;
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on("error", end);
      socket.on("close", end);
    }
    if (mode === "freeze") hold(pair);
    else forward(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");

  return {
    port: address.port,
    /** Connections open through the proxy now. */
    get connections() {
      return pairs.size;
    },
    get mode() {
      return mode;
    },
    set(next: ProxyMode) {
      const previous = mode;
      mode = next;
      if (next === "refuse") for (const pair of [...pairs]) destroy(pair);
      else if (next === "freeze" && previous !== "freeze") for (const pair of pairs) hold(pair);
      else if (next === "pass" && previous === "freeze") for (const pair of pairs) forward(pair);
    },
    drop() {
      for (const pair of [...pairs]) destroy(pair);
    },
    async close() {
      for (const pair of [...pairs]) destroy(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
