/** The server bundle's entry (build-server.mjs), built first when its inputs changed. */
export declare function ensureServerBundle(options?: { always?: boolean }): Promise<string>;
