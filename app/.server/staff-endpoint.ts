// A declared /v1 call (domain/contract/endpoint.ts) in the shape the staff helpers of
// staff-pages.ts take (submitStaffForm, askStaffApi): its path filled in from the endpoint value
// and its reply read with the schema the endpoint declares, so a staff form or button names the
// call by its value, never by a path string. The staff session's token goes with it, as those
// helpers send.
import { z } from "zod";
import {
  endpointUrl,
  successSchema,
  type Endpoint,
  type SuccessData,
} from "@domain/contract/endpoint";
import type { ApiCall, EndpointInput } from "./api";

/** A 204's empty body reads as undefined. */
const NO_CONTENT = z.undefined();

export function staffCall<E extends Endpoint>(
  e: E,
  input: Omit<EndpointInput<E>, "auth" | "timeoutMs">,
): Omit<ApiCall<SuccessData<E>>, "auth"> {
  const i = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return {
    path: endpointUrl(e, i.params, i.query),
    method: e.method,
    body: i.body,
    reply: (successSchema(e) ?? NO_CONTENT) as z.ZodType<SuccessData<E>, z.ZodTypeDef, unknown>,
  };
}
