import { SOCKET_OPTIONS } from "@neonlab/shared/constants";
import { io, type Socket } from "socket.io-client";

let socket: Socket | null = null;

/** Connects the realtime socket with the access token (after sign-in). */
export function connectSocket(token: string): Socket {
  if (socket?.connected || socket?.active) socket.disconnect();
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
  socket?.disconnect();
  socket = null;
}

export const currentSocket = () => socket;
