import Fastify from "fastify";

/** The baseline: a bare Fastify route, for the ratio every API figure is reported against. */
const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("ready\n");
