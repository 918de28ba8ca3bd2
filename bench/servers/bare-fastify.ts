// L1: bare Fastify answering the same JSON as L0.
import Fastify from "fastify";

const app = Fastify({ logger: false });
const body = { status: "ok", service: "neonlab", ladder: "L0" };
app.get("/", async () => body);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.send?.("ready");
