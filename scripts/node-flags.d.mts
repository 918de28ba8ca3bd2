/** The server's V8 flags (node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
/** The server's environment additions (node-flags.mjs). */
export declare const SERVER_ENV: Record<string, string>;
