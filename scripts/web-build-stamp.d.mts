/** The web build's stamp (web-build-stamp.mjs): the NODE_ENV it was built with and a hash of what it was built from. */
export type WebBuildStamp = { mode: string; hash: string };

export declare const STAMP_FILE: string;
/** What the web build reads from the environment (NODE_ENV as Vite uses it, BUILD_ID, VITE_ variables). */
export declare function webBuildEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
export declare function webBuildStamp(filesHash: string, buildEnv: Record<string, string>): WebBuildStamp;
/** The stamp in `dist`: null without one; `mode` null when it does not say (an older bare hash). */
export declare function readWebBuildStamp(dist: string): { mode: string | null; hash: string } | null;
export declare function writeWebBuildStamp(dist: string, stamp: WebBuildStamp): void;
export declare function needsBuild(
  built: { mode: string | null; hash: string } | null,
  current: WebBuildStamp,
): boolean;
