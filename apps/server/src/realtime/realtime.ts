import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server } from "socket.io";
import type { ClientToServerEvents, RealtimeEvent, ServerToClientEvents } from "@neonlab/shared/realtime";
import type { AuthUser } from "../auth/session.ts";
import type { SharedRedis } from "../lib/redis.ts";

type SocketData = { userId: string };

export type Realtime = {
  /** Emits an event to every socket of one user, on any server instance. */
  toUser<E extends RealtimeEvent>(userId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /** Closes every socket of one user, on any server instance (account deleted). */
  disconnectUser(userId: string): void;
  close(): Promise<void>;
};

export const userRoom = (userId: string) => `user:${userId}`;

/** socket.io on the app's HTTP server; the handshake must carry a valid bearer token. */
export function createRealtime(options: {
  server: HttpServer;
  corsOrigin: string;
  /** With several instances: events reach sockets on any of them (the socket.io Redis adapter). */
  redis?: SharedRedis;
  resolveUser: (token: string) => Promise<AuthUser | null>;
}): Realtime {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(options.server, {
    path: "/socket.io",
    cors: { origin: options.corsOrigin },
  });
  const { redis } = options;
  if (redis) {
    const [pub, sub] = [redis.waitingConnection(), redis.waitingConnection()];
    io.adapter(createAdapter(pub, sub, { key: `${redis.prefix}socket.io` }));
  }

  io.use(async (socket, next) => {
    const raw = socket.handshake.auth?.token ?? socket.handshake.headers.authorization?.replace(/^Bearer /, "");
    const user = typeof raw === "string" && raw ? await options.resolveUser(raw).catch(() => null) : null;
    if (!user) return next(new Error("unauthorized"));
    socket.data.userId = user.id;
    next();
  });

  io.on("connection", (socket) => {
    void socket.join(userRoom(socket.data.userId));
  });

  return {
    toUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async close() {
      // The Redis connections are the app's (lib/redis.ts); it closes them after this.
      // Not io.close(): that also closes the HTTP server, which Fastify owns and closes itself.
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
