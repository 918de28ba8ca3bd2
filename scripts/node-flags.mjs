// V8 flags the server runs with (docs/decisions/023); scripts/serve.mjs applies them, bench/ starts the server
// with them. They cannot be set from inside a running process, and NODE_OPTIONS refuses --liftoff-only.
export const SERVER_NODE_FLAGS = [
  // V8 sizes the young generation from the machine's memory (up to 3 × 32 MB semi-spaces on this 24 GB
  // machine, committed and kept); 8 MB halves the idle heap and costs a few more scavenges.
  "--max-semi-space-size=8",
  // PGlite is a ~10 MB WebAssembly module (PostgreSQL): V8's optimising tier recompiled all of it a second
  // after start, holding ~500 MB for that second. The baseline compiler alone serves our queries as fast.
  "--liftoff-only",
  // The old generation's limit: V8 sets it from the machine's memory (4 GB here) and then lets garbage pile up
  // to ~200 MB under load before a full collection; 256 MB is what V8 itself picks on a 1 GB server. The
  // app's live heap stayed under ~120 MB in the soak. NODE_OPTIONS=--max-old-space-size=<MB> replaces it.
  "--max-old-space-size=256",
];

/**
 * Environment the server runs with (read by the C library when the process starts). glibc gives every thread
 * that allocates (libuv's pool: compression, argon2, file reads) a malloc arena of its own, kept after use;
 * two arenas measured 15–20 MB less RSS under the ladder's load at the same throughput. glibc also raises its
 * mmap threshold (up to 32 MB) each time a large block is freed, after which blocks of that size come from
 * the arenas and stay in the process when freed: a fixed threshold (its starting value, 128 KiB) keeps large
 * blocks mapped on their own and returned at once. Decoding uploaded images allocates many such blocks: 5 s
 * after the upload burst of bench/memory-uploads.ts RSS was 418 MB without it, 262 MB with it (PGlite;
 * bench/README.md, docs/decisions/023).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
