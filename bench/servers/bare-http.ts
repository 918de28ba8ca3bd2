// L0: the ceiling — node:http answering a small JSON body.
import { createServer } from "node:http";

const body = JSON.stringify({ status: "ok", service: "neonlab", ladder: "L0" });
createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
