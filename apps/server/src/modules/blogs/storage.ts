import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Config } from "../../config.ts";

// Where blog images live (decision 026): one interface, local disk under DATA_DIR/media by default, any
// S3-compatible store when S3_BUCKET is set. Keys are `blogs/<uuid>-<width>.webp`: never reused, so answers
// can be cached for a year.

export interface MediaStorage {
  readonly kind: "local" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Files under `root` (DATA_DIR/media): written to a temporary name, then renamed into place. */
export function localStorage(root: string): MediaStorage {
  return {
    kind: "local",
    async put(key, body) {
      const file = join(root, checkKey(key));
      await mkdir(dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(join(root, checkKey(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(join(root, checkKey(key)), { force: true });
    },
  };
}

export type S3Options = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/**
 * An S3-compatible store (AWS, MinIO, R2, …). Checksums only where the API requires them (newer SDKs add
 * CRC trailers most compatible stores refuse) and path-style addresses (`endpoint/bucket/key`).
 */
export function s3Storage(options: S3Options): MediaStorage {
  // The AWS SDK is imported with the first object stored or read, not with the server.
  type S3 = { client: S3Client; sdk: typeof import("@aws-sdk/client-s3") };
  let loaded: Promise<S3> | undefined;
  const s3 = () =>
    (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        endpoint: options.endpoint,
        forcePathStyle: options.forcePathStyle,
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      }),
    })));
  const Bucket = options.bucket;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const { client, sdk } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
    },
    async get(key) {
      const { client, sdk } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === "NoSuchKey" || name === "NotFound") return null;
        throw error;
      }
    },
    async delete(key) {
      const { client, sdk } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}

const stores = new WeakMap<Config, MediaStorage>();

/** The app's store, made once per configuration: the routes and account deletion share it (and its S3 client). */
export function mediaStorage(config: Config): MediaStorage {
  const store = stores.get(config) ?? storageFromConfig(config);
  stores.set(config, store);
  return store;
}

/** The store the configuration names. */
export function storageFromConfig(config: Config): MediaStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localStorage(join(config.dataDir, "media"));
}
