/** The server bundle's entry (build-server.mjs), built first when its inputs changed. */
export declare function ensureServerBundle(options?: { always?: boolean }): Promise<string>;
/** The bundle built from the current inputs (build-server.mjs), without building it; `built` false when there is none. */
export declare function currentServerBundle(): { hash: string; folder: string; entry: string; built: boolean };
