import { SOCKET_OPTIONS } from "@neonlab/shared/constants";
import type { ClientToServerEvents, ServerToClientEvents } from "@neonlab/shared/realtime";
import type { Socket } from "socket.io-client";

/** The realtime socket, typed by the events the server emits (@neonlab/shared/realtime). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
/** Bumped by every connect and disconnect, so a connection whose code arrives late is not opened. */
let generation = 0;

/**
 * Connects the realtime socket with the access token (after sign-in). socket.io-client is loaded on
 * demand, so signed-out visitors never download it; resolves with the socket, or null when a newer
 * connect or a disconnect came first.
 */
export async function connectSocket(token: string): Promise<AppSocket | null> {
  const current = ++generation;
  if (socket?.connected || socket?.active) socket.disconnect();
  socket = null;
  const { io } = await import("socket.io-client");
  if (current !== generation) return null;
  socket = io(window.location.origin, {
    path: "/socket.io",
    auth: { token },
    reconnectionDelay: SOCKET_OPTIONS.reconnectionDelay,
    reconnectionDelayMax: SOCKET_OPTIONS.reconnectionDelayMax,
    timeout: SOCKET_OPTIONS.timeout,
    transports: ["websocket", "polling"],
  });
  return socket;
}

/** Disconnects on sign-out. */
export function disconnectSocket() {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

export const currentSocket = () => socket;
