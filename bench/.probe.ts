import { startTestPlatform } from "../apps/server/test/harness.ts";
const p = await startTestPlatform();
for (const doc of ["platform", "auth"]) {
  const d = (await p.app.inject({ url: `/openapi/${doc}.json` })).json();
  console.log(doc, JSON.stringify(d.components.securitySchemes), JSON.stringify(d.security));
  for (const [path, ops] of Object.entries<any>(d.paths)) for (const [m, op] of Object.entries<any>(ops)) console.log(m.toUpperCase(), path, JSON.stringify(op.security ?? null), (op.parameters ?? []).map((x: any) => x.in + ":" + x.name).join(","), op.requestBody ? Object.keys(op.requestBody.content).join(",") : "");
}
await p.close(); process.exit(0);
