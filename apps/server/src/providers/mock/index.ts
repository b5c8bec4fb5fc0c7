export {
  DEFAULT_SANDBOX_INSTITUTION,
  SANDBOX_INSTITUTIONS,
  type SandboxInstitution,
} from "./institutions.ts";
export { MockProvider } from "./provider.ts";
export { SANDBOX_MFA_CODE, SANDBOX_PASSWORD, SCENARIOS, scenarioError, withScenario } from "./scenarios.ts";
