import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

// An in-process fake of the part of the S3 protocol the storage adapter speaks (path-style PutObject,
// GetObject, DeleteObject) on 127.0.0.1, for tests: objects live in a Map keyed `bucket/key`.

const read = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startFakeS3(bucket: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
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
