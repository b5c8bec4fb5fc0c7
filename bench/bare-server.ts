import http from "node:http";

/** The baseline: a bare `node:http` server answering a constant, for the ratio every API figure is reported against. */
const body = JSON.stringify({ hello: "world" });
http
  .createServer((_request, response) => {
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
