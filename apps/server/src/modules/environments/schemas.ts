import { Type } from "typebox";
import { ENVIRONMENT_MODES } from "../../db/schema/index.ts";
import { Metadata, Nullable } from "../../http/schemas.ts";

export const EnvironmentMode = Type.Enum(ENVIRONMENT_MODES, {
  type: "string",
  description: "TEST and SANDBOX use the sandbox provider; PRODUCTION reaches real institutions.",
});

export const Environment = Type.Object(
  {
    id: Type.String({ examples: ["env_01jd8x0m6e9q7v2c5b4n3k1h0g"] }),
    name: Type.String({ examples: ["Sandbox"] }),
    mode: EnvironmentMode,
    metadata: Nullable(Metadata),
  },
  { title: "Environment" },
);
