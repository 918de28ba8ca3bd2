import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { Server, type Socket } from "socket.io";
import type { ClientToServerEvents, RealtimeEvent, ServerToClientEvents } from "@neonlab/shared/realtime";
import type { AuthUser } from "../session-guards.ts";
import type { SharedRedis } from "../lib/redis.ts";

type SocketData = { userId: string };
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export type Realtime = {
  /** Emits an event to every socket of one user, on any server instance. */
  toUser<E extends RealtimeEvent>(userId: string, event: E, ...payload: Parameters<ServerToClientEvents[E]>): void;
  /** Closes every socket of one user, on any server instance (account deleted). */
  disconnectUser(userId: string): void;
  /**
   * Checks the sessions of the user's sockets on this instance again and closes those that ended (sign-out,
   * revoked, a password reset or change that signs out other devices). The app calls it on every instance
   * after each forget of the session cache, so a session ends on every instance (decision 015).
   */
  recheckUser(userId: string): void;
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
  /** A session that could not be checked again (its socket stays open). */
  onError?: (error: unknown) => void;
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

  // Each socket's bearer token, and how many rechecks had started when its handshake began.
  const handshakes = new WeakMap<AppSocket, { token: string; rechecks: number }>();
  let rechecks = 0;

  /** Closes the sockets whose token no longer resolves to their user. */
  async function check(sockets: AppSocket[]) {
    const byToken = new Map<string, AppSocket[]>();
    for (const socket of sockets) {
      const token = handshakes.get(socket)?.token;
      if (token) byToken.set(token, [...(byToken.get(token) ?? []), socket]);
    }
    const ended = await Promise.all(
      [...byToken].map(async ([token, group]) => {
        const user = await options.resolveUser(token).then(
          (found) => found,
          (error) => options.onError?.(error),
        );
        return user === undefined ? [] : group.filter((socket) => user?.id !== socket.data.userId);
      }),
    );
    for (const socket of ended.flat()) socket.disconnect(true);
  }

  io.use(async (socket, next) => {
    const raw = socket.handshake.auth?.token ?? socket.handshake.headers.authorization?.replace(/^Bearer /, "");
    const started = rechecks;
    const user = typeof raw === "string" && raw ? await options.resolveUser(raw).catch(() => null) : null;
    if (!user) return next(new Error("unauthorized"));
    socket.data.userId = user.id;
    handshakes.set(socket, { token: raw, rechecks: started });
    next();
  });

  io.on("connection", async (socket) => {
    await socket.join(userRoom(socket.data.userId));
    // A recheck that started during the handshake may have read the rooms before this socket joined.
    if (handshakes.get(socket)?.rechecks !== rechecks) await check([socket]);
  });

  return {
    toUser(userId, event, ...payload) {
      io.to(userRoom(userId)).emit(event, ...payload);
    },
    disconnectUser(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    recheckUser(userId) {
      rechecks += 1;
      // This instance's sockets only: every instance hears of the forget and checks its own.
      const ids = io.sockets.adapter.rooms.get(userRoom(userId)) ?? new Set<string>();
      const sockets = [...ids].flatMap((id) => io.sockets.sockets.get(id) ?? []);
      if (sockets.length > 0) void check(sockets);
    },
    async close() {
      // The Redis connections are the app's (lib/redis.ts); it closes them after this.
      // Not io.close(): that also closes the HTTP server, which Fastify owns and closes itself. Nor
      // disconnectSockets(): a client told "io server disconnect" never reconnects, while one whose instance
      // stops should (to another instance behind the proxy, or to this one restarted). Closing the connections
      // says so: the clients see "transport close" and reconnect.
      io.engine.close();
    },
  };
}
