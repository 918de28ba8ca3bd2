import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, relative } from "node:path";

// An in-process fake of the part of the S3 protocol the storage adapter speaks (path-style PutObject,
// GetObject, DeleteObject) on 127.0.0.1, for tests: objects live in a Map keyed by their key and, with `dir`,
// also as files under it (dir/<key>), read back when a fake starts on the same folder (a bucket's backup).

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/** Every file under `dir` as an object keyed by its path (served as WebP or bytes: a backup keeps no types). */
function objectsIn(dir: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    const contentType = file.endsWith(".webp") ? "image/webp" : "application/octet-stream";
    objects.set(relative(dir, file), { body: readFileSync(file), contentType });
  }
  return objects;
}

export async function startFakeS3(bucket: string, options: { dir?: string } = {}) {
  const { dir } = options;
  const objects = dir ? objectsIn(dir) : new Map<string, { body: Buffer; contentType: string }>();
  // The adapter sends only safe keys (storage.ts); one with a ".." part would leave dir, so it stays in memory.
  const fileOf = (key: string) => (dir && key && !key.split("/").includes("..") ? join(dir, key) : null);
  const requests: { method: string; path: string; authorization: boolean }[] = [];
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const [, requestBucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    requests.push({ method: request.method ?? "", path: url.pathname, authorization: !!request.headers.authorization });
    if (requestBucket !== bucket) {
      response.writeHead(404, { "content-type": "application/xml" }).end(errorXml("NoSuchBucket", "No such bucket"));
      return;
    }
    if (request.method === "PUT") {
      const body = await read(request);
      objects.set(key, { body, contentType: String(request.headers["content-type"] ?? "") });
      const file = fileOf(key);
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, body);
      }
      response.writeHead(200, { etag: `"${body.length}"` }).end();
    } else if (request.method === "GET") {
      const object = objects.get(key);
      if (!object) {
        response.writeHead(404, { "content-type": "application/xml" }).end(errorXml("NoSuchKey", "No such key"));
        return;
      }
      response
        .writeHead(200, { "content-type": object.contentType, "content-length": String(object.body.length) })
        .end(object.body);
    } else if (request.method === "DELETE") {
      objects.delete(key);
      const file = fileOf(key);
      if (file) rmSync(file, { force: true });
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
