// Every /v1 call declared in the contract, in one list: what the district API registers, the
// OpenAPI description describes and the contract fuzz walks (decision 162).
import * as cart from "./cart";
import { isEndpoint, type Endpoint } from "./endpoint";

const AREAS: Record<string, unknown>[] = [cart];

export const ENDPOINTS: readonly Endpoint[] = AREAS.flatMap((area) =>
  Object.values(area).filter(isEndpoint),
);
