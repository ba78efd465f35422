// JSON Schema (2020-12, as OpenAPI 3.1 uses it) of the zod contract schemas, for the OpenAPI
// document (decision 114). Owned outright for the zod 3 types the contract uses, through zod's
// public classes and getters; a type it does not know becomes `{}` (any value) rather than a lie.
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

function stringSchema(s: z.ZodString): JsonSchema {
  const out: JsonSchema = { type: "string" };
  if (s.minLength !== null) out.minLength = s.minLength;
  if (s.maxLength !== null) out.maxLength = s.maxLength;
  if (s.isEmail) out.format = "email";
  else if (s.isUUID) out.format = "uuid";
  else if (s.isURL) out.format = "uri";
  else if (s.isDatetime) out.format = "date-time";
  else if (s.isDate) out.format = "date";
  return out;
}

function numberSchema(n: z.ZodNumber): JsonSchema {
  const out: JsonSchema = { type: n.isInt ? "integer" : "number" };
  if (n.minValue !== null && Number.isFinite(n.minValue)) out.minimum = n.minValue;
  if (n.maxValue !== null && Number.isFinite(n.maxValue)) out.maximum = n.maxValue;
  return out;
}

/** The JSON Schema of `schema` as the API reads it (for a request) or writes it (a reply). */
export function toJsonSchema(schema: z.ZodTypeAny): JsonSchema {
  if (schema instanceof z.ZodString) return stringSchema(schema);
  if (schema instanceof z.ZodNumber) return numberSchema(schema);
  if (schema instanceof z.ZodBigInt) return { type: "integer" };
  if (schema instanceof z.ZodBoolean) return { type: "boolean" };
  if (schema instanceof z.ZodDate) return { type: "string", format: "date-time" };
  if (schema instanceof z.ZodNull) return { type: "null" };
  if (schema instanceof z.ZodLiteral) return { const: schema.value as unknown };
  if (schema instanceof z.ZodEnum)
    return { type: "string", enum: [...(schema.options as string[])] };
  if (schema instanceof z.ZodNativeEnum) {
    return { enum: Object.values(schema.enum as Record<string, unknown>) };
  }
  if (schema instanceof z.ZodArray) {
    const out: JsonSchema = { type: "array", items: toJsonSchema(schema.element as z.ZodTypeAny) };
    const def = schema._def as {
      minLength: { value: number } | null;
      maxLength: { value: number } | null;
    };
    if (def.minLength) out.minItems = def.minLength.value;
    if (def.maxLength) out.maxItems = def.maxLength.value;
    return out;
  }
  if (schema instanceof z.ZodTuple) {
    return { type: "array", prefixItems: (schema.items as z.ZodTypeAny[]).map(toJsonSchema) };
  }
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [key, value] of Object.entries(shape)) {
      properties[key] = toJsonSchema(value);
      if (!value.isOptional()) required.push(key);
    }
    const out: JsonSchema = { type: "object", properties };
    if (required.length) out.required = required;
    // .strict() refuses unknown keys; the default strips them (so they are allowed in).
    if ((schema._def as { unknownKeys?: string }).unknownKeys === "strict") {
      out.additionalProperties = false;
    }
    return out;
  }
  if (schema instanceof z.ZodRecord) {
    return {
      type: "object",
      additionalProperties: toJsonSchema(schema.valueSchema as z.ZodTypeAny),
    };
  }
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return { anyOf: (schema.options as z.ZodTypeAny[]).map(toJsonSchema) };
  }
  if (schema instanceof z.ZodIntersection) {
    const def = schema._def as { left: z.ZodTypeAny; right: z.ZodTypeAny };
    return { allOf: [toJsonSchema(def.left), toJsonSchema(def.right)] };
  }
  if (schema instanceof z.ZodOptional) return toJsonSchema(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodNullable) {
    return { anyOf: [toJsonSchema(schema.unwrap() as z.ZodTypeAny), { type: "null" }] };
  }
  if (schema instanceof z.ZodDefault) {
    return {
      ...toJsonSchema(schema.removeDefault() as z.ZodTypeAny),
      default: schema._def.defaultValue() as unknown,
    };
  }
  if (schema instanceof z.ZodEffects) return toJsonSchema(schema.innerType() as z.ZodTypeAny);
  if (schema instanceof z.ZodBranded) return toJsonSchema(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodCatch) return toJsonSchema(schema.removeCatch() as z.ZodTypeAny);
  if (schema instanceof z.ZodReadonly) return toJsonSchema(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodPipeline) {
    return toJsonSchema((schema._def as { in: z.ZodTypeAny }).in);
  }
  if (schema instanceof z.ZodLazy) return toJsonSchema(schema.schema as z.ZodTypeAny);
  return {};
}
