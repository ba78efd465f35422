// Posted field names checked against the form's own schema before the form library builds the
// submission from them (decision 134). conform turns `a[100000000]=1` into a list of a
// hundred million places, a name nested a thousand deep into as many objects, and the same name
// posted eighty thousand times into a list copied at each one; the schema then walks all of it.
// Here a name is only allowed where the schema has a place for it, with list indexes up to the
// list's own maximum, so nothing is built for a name the form does not define.
import type { z } from "zod";

/** Index limit of a list whose schema sets no maximum of its own. */
export const LIST_MAX_DEFAULT = 1_000;

/** Longest field name and longest list intent (conform's `__intent__` JSON) a form may post. */
export const FIELD_NAME_MAX_LENGTH = 200;
export const INTENT_MAX_LENGTH = 2_000;

/**
 * Plain names the schema does not know that a post may carry: a page reads a button or two
 * beside its schema (`intent`, `_search`); tens of thousands would each become a key that the
 * refused form carries back to the page.
 */
export const UNKNOWN_NAMES_MAX = 20;

/** conform's reserved names: the list intent (JSON) and its form state. */
const INTENT = "__intent__";
const STATE = "__state__";

type Segment = string | number;

/**
 * A field name's path as conform reads it (`a.b[2].c` → a, b, 2, c), or null for a name conform
 * would not read (it drops such a field).
 */
export function fieldPath(name: string): Segment[] | null {
  const token = /([^.[\]]+)|\[(\d*)\]/g;
  const segments: Segment[] = [];
  let last = 0;
  for (let m = token.exec(name); m; m = token.exec(name)) {
    if (m.index !== last && !(m.index === last + 1 && name[last] === ".")) return null;
    if (m[1] !== undefined) segments.push(m[1]);
    else if (m[2] === "") segments.push("");
    else segments.push(Number(m[2]));
    last = token.lastIndex;
  }
  return last === name.length && segments.length > 0 ? segments : null;
}

interface Def {
  typeName?: string;
  [key: string]: unknown;
}

function defOf(schema: z.ZodTypeAny): Def {
  return schema._def as Def;
}

/** The schema under wrappers that do not change where values go (optional, default, effects…). */
function unwrap(schema: z.ZodTypeAny): z.ZodTypeAny {
  let at = schema;
  for (let i = 0; i < 50; i++) {
    const def = defOf(at);
    switch (def.typeName) {
      case "ZodOptional":
      case "ZodNullable":
      case "ZodDefault":
      case "ZodCatch":
      case "ZodReadonly":
        at = def.innerType as z.ZodTypeAny;
        break;
      case "ZodEffects":
        at = def.schema as z.ZodTypeAny;
        break;
      case "ZodBranded":
        at = def.type as z.ZodTypeAny;
        break;
      case "ZodPipeline":
        at = def.in as z.ZodTypeAny;
        break;
      case "ZodLazy":
        at = (def.getter as () => z.ZodTypeAny)();
        break;
      default:
        return at;
    }
  }
  return at;
}

/** The largest index a list schema takes: one past its maximum, so "too many" is the schema's. */
function indexLimit(list: z.ZodTypeAny): number {
  const def = defOf(list);
  const max = (def.maxLength as { value: number } | null)?.value;
  const exact = (def.exactLength as { value: number } | null)?.value;
  return max ?? exact ?? LIST_MAX_DEFAULT;
}

/**
 * Whether the schema has a place for `path` (from `from` on). A list index beyond the list's
 * limit has none, nor has a path going on below a plain value.
 */
function hasPlace(schema: z.ZodTypeAny, path: Segment[], from: number): boolean {
  let at = schema;
  for (let i = from; i < path.length; i++) {
    const segment = path[i]!;
    const last = i === path.length - 1;
    at = unwrap(at);
    const def = defOf(at);
    switch (def.typeName) {
      case "ZodObject": {
        const shape = (at as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
        if (typeof segment === "string" && Object.hasOwn(shape, segment)) {
          at = shape[segment]!;
          break;
        }
        // A passthrough object keeps an unknown key as a plain value, never as a structure.
        return last && typeof segment === "string" && def.unknownKeys === "passthrough";
      }
      case "ZodArray":
        if (segment === "") return last;
        if (typeof segment !== "number" || segment > indexLimit(at)) return false;
        at = def.type as z.ZodTypeAny;
        break;
      case "ZodTuple":
        if (typeof segment !== "number") return false;
        at = (def.items as z.ZodTypeAny[])[segment] ?? (def.rest as z.ZodTypeAny | null)!;
        if (!at) return false;
        break;
      case "ZodRecord":
        if (typeof segment !== "string") return false;
        at = def.valueType as z.ZodTypeAny;
        break;
      case "ZodUnion":
      case "ZodDiscriminatedUnion":
        return (def.options as z.ZodTypeAny[]).some((option) => hasPlace(option, path, i));
      case "ZodIntersection":
        return (
          hasPlace(def.left as z.ZodTypeAny, path, i) ||
          hasPlace(def.right as z.ZodTypeAny, path, i)
        );
      default:
        // A plain value (text, number, file, unknown): nothing goes below it.
        return false;
    }
  }
  return true;
}

/** How many times a name may be posted: a list's limit, else the default list limit. */
function repeatLimit(schema: z.ZodTypeAny, path: Segment[]): number {
  let at = schema;
  for (const segment of path) {
    at = unwrap(at);
    const def = defOf(at);
    if (def.typeName === "ZodObject" && typeof segment === "string") {
      const shape = (at as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      // Own keys only: `__proto__` or `constructor` would otherwise find Object.prototype's.
      if (!Object.hasOwn(shape, segment)) return LIST_MAX_DEFAULT;
      at = shape[segment]!;
    } else if (def.typeName === "ZodArray") {
      at = def.type as z.ZodTypeAny;
    } else {
      return LIST_MAX_DEFAULT;
    }
  }
  at = unwrap(at);
  return defOf(at).typeName === "ZodArray" ? indexLimit(at) + 1 : LIST_MAX_DEFAULT;
}

/** The names a list intent (conform's `__intent__`) writes to, or null when it is not one. */
function intentNames(raw: string): string[] | null {
  let intent: unknown;
  try {
    intent = JSON.parse(raw);
  } catch {
    return null;
  }
  const payload = (intent as { payload?: { name?: unknown; index?: unknown } } | null)?.payload;
  if (!payload || typeof payload.name !== "string") return [];
  const names = [payload.name];
  if (payload.index !== undefined) names.push(`${payload.name}[${String(payload.index)}]`);
  return names;
}

/**
 * The first posted field name the schema has no place for, or null when every name fits. Up to
 * UNKNOWN_NAMES_MAX names of one segment that the schema does not know are let through: conform
 * keeps each as one plain value and the schema drops it, and several pages read a button's name
 * beside their schema. A name conform would not read at all (and drops) is let through too.
 */
export function refusedFieldName(
  entries: Iterable<[string, unknown]>,
  schema: z.ZodTypeAny,
): string | null {
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const [name, value] of entries) {
    if (name === STATE) continue;
    if (name === INTENT) {
      if (typeof value !== "string" || value.length > INTENT_MAX_LENGTH) return name;
      const names = intentNames(value);
      if (!names) continue; // conform refuses it itself (a 400, server.ts)
      for (const written of names) {
        const path = fieldPath(written);
        if (!path || (path.length > 1 && !hasPlace(schema, path, 0))) return written;
      }
      continue;
    }
    if (name.length > FIELD_NAME_MAX_LENGTH) return name;
    const path = fieldPath(name);
    if (!path) continue;
    if (path.length > 1 && !hasPlace(schema, path, 0)) return name;
    const seen = (counts.get(name) ?? 0) + 1;
    if (seen === 1 && path.length === 1 && !hasPlace(schema, path, 0)) {
      if (++unknown > UNKNOWN_NAMES_MAX) return name;
    }
    counts.set(name, seen);
    if (seen > repeatLimit(schema, path)) return name;
  }
  return null;
}
