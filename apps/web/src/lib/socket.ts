import { SOCKET_OPTIONS } from "@neonlab/shared/constants";
import type { ClientToServerEvents, ServerToClientEvents } from "@neonlab/shared/realtime";
import type { Socket } from "socket.io-client";

/** The realtime socket, typed by the events the server emits (@neonlab/shared/realtime). */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;

type Listener = { event: string; handler: (...args: never[]) => void };
/** Listeners kept across connections: attached to the socket now and to every later one. */
const listeners = new Set<Listener>();
const attach = (target: AppSocket, l: Listener) =>
  (target as unknown as { on: (e: string, h: Listener["handler"]) => void }).on(l.event, l.handler);
const detach = (target: AppSocket, l: Listener) =>
  (target as unknown as { off: (e: string, h: Listener["handler"]) => void }).off(l.event, l.handler);

/**
 * Listens to a server event (or "connect", which also fires on every reconnection) on the current socket
 * and on any later one (sign-in again); returns the unsubscribe.
 */
export function onSocketEvent<E extends keyof ServerToClientEvents | "connect">(
  event: E,
  handler: E extends keyof ServerToClientEvents ? ServerToClientEvents[E] : () => void,
): () => void {
  const listener: Listener = { event, handler: handler as Listener["handler"] };
  listeners.add(listener);
  if (socket) attach(socket, listener);
  return () => {
    listeners.delete(listener);
    if (socket) detach(socket, listener);
  };
}
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
  for (const listener of listeners) attach(socket, listener);
  return socket;
}

/** Disconnects on sign-out. */
export function disconnectSocket() {
  generation += 1;
  socket?.disconnect();
  socket = null;
}

export const currentSocket = () => socket;
