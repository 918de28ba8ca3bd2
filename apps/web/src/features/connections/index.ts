// What other features use of connections: the profile's Connect control and the actions behind it.
export { useConnectionAction } from "./api/connections.ts";
export { ConnectionButton } from "./lazy.tsx";
