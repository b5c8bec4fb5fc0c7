import Fastify from "fastify";
import pg from "pg";

/**
 * The reference: what one necessary query costs, served as plainly as it can be — Fastify and
 * `pg`, one prepared primary-key SELECT of a profile per request (PostgreSQL only). Weft's
 * single-record read is reported as a share of this.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get<{ Params: { id: string } }>("/v1/profiles/:id", async (request, reply) => {
  const { rows } = await pool.query({
    name: "reference_profile",
    text: "select id, uuid, email, name, metadata, created_at, updated_at from profiles where id = $1",
    values: [request.params.id],
  });
  if (rows.length === 0) return reply.code(404).send({ message: "not found" });
  return rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.stdout.write("ready\n");
