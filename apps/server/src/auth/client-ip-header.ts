/** The header through which our bridge hands Better Auth the client's address (fetch-bridge.ts sets it, auth.ts reads it). */
export const CLIENT_IP_HEADER = "x-neonlab-client-ip";
