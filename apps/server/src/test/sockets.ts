import { io as connect, type Socket } from "socket.io-client";
import { afterEach } from "vitest";
import type { App } from "../app.ts";

/** Listens on an ephemeral port of 127.0.0.1; resolves to the app's base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens socket.io clients (websocket only, no reconnection) that are closed after each test of the file that
 * calls this.
 */
export function socketOpener() {
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  return (url: string, token?: string, headers?: Record<string, string>): Socket => {
    const socket = connect(url, {
      auth: token === undefined ? {} : { token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      ...(headers ? { extraHeaders: headers } : {}),
    });
    sockets.push(socket);
    return socket;
  };
}

export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

export const refused = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    socket.once("connect", () => reject(new Error("connected without a valid token")));
    socket.once("connect_error", (error) => resolve(error.message));
  });

/** The next `event` on the socket, or a failure after `timeoutMs`. */
export const nextEvent = <T>(socket: Socket, event: string, timeoutMs = 5000) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

/** The reason the server gives when it closes the socket, or a failure after `timeoutMs`. */
export const disconnection = (socket: Socket, timeoutMs = 5000) =>
  nextEvent<string>(socket, "disconnect", timeoutMs).catch(() => {
    throw new Error(`the socket was not disconnected within ${timeoutMs} ms`);
  });

/** How soon after the answer that ends a session its sockets must be closed, on every instance. */
export const CLOSED_WITHIN_MS = 1000;

/**
 * Watches the sockets from now on. The check it returns, called once the answer that ends their sessions is in,
 * resolves to their close reasons, or fails when one of them is still open CLOSED_WITHIN_MS later.
 */
export function closing(...sockets: Socket[]) {
  const reasons = Promise.all(
    sockets.map((socket) => new Promise<string>((resolve) => socket.once("disconnect", resolve))),
  );
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`a socket was still open ${CLOSED_WITHIN_MS} ms after the answer`)),
        CLOSED_WITHIN_MS,
      );
    });
    try {
      return await Promise.race([reasons, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
