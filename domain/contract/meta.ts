// The district API describing itself (decision 114, decision 162).
import { z } from "zod";
import { endpoint } from "./endpoint";

/** An OpenAPI 3.1 document: its version is all a caller can rely on before reading it. */
export const OpenApiDocument = z.object({ openapi: z.literal("3.1.0") }).passthrough();

export const describeApi = endpoint({
  method: "GET",
  path: "/v1/openapi.json",
  access: "public",
  replies: { 200: OpenApiDocument },
  summary: "This description of the API",
  tag: "meta",
});
