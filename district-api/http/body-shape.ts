// The shape of a JSON body, checked on its raw text before JSON.parse builds anything
// (decision 134): a body nested deeper than any call of the contract needs is refused in one pass
// over its bytes, and so is one holding a list too long for any call, so that nothing after it
// (JSON.parse, the text check, the schema and its list of issues) meets such a structure.

/**
 * Nesting of objects and arrays a body may have: far beyond what a call of the contract or a
 * payment provider's event nests (under ten levels).
 */
export const JSON_MAX_DEPTH = 32;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Items one array or object of a body may hold; the longest list of any call is 200. */
export const JSON_MAX_ITEMS = 1_000;

const COMMA = 0x2c; // ,

export type JsonShapeProblem = "deep" | "wide" | null;

/**
 * Whether a JSON text nests objects and arrays deeper than `maxDepth`, or holds more than
 * `maxItems` items in one of them, in one pass that stops at the first excess; brackets and
 * commas inside strings do not count. Malformed text is left to JSON.parse.
 */
export function jsonShapeProblem(
  bytes: Uint8Array,
  maxDepth = JSON_MAX_DEPTH,
  maxItems = JSON_MAX_ITEMS,
): JsonShapeProblem {
  // Commas seen so far in each open array or object, by depth (index 0: the top level).
  const commas = new Uint32Array(maxDepth + 2);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) {
      inString = true;
    } else if (b === OPEN_OBJECT || b === OPEN_ARRAY) {
      depth++;
      if (depth > maxDepth) return "deep";
      commas[depth] = 0;
    } else if (b === CLOSE_OBJECT || b === CLOSE_ARRAY) {
      if (depth > 0) depth--;
    } else if (b === COMMA && depth > 0) {
      // n commas separate n + 1 items.
      if (++commas[depth]! >= maxItems) return "wide";
    }
  }
  return null;
}

/** What the JSON parser's `verify` throws for a body of a refused shape; the error handler's 400. */
export class JsonShapeRefused extends Error {
  /** Kept by the body parser (http-errors) as the reply's status and the error's type. */
  readonly status = 400;
  readonly type: "entity.too.deep" | "entity.too.wide";
  constructor(problem: "deep" | "wide") {
    super(
      problem === "deep"
        ? `JSON body nested deeper than ${JSON_MAX_DEPTH} levels`
        : `JSON body with more than ${JSON_MAX_ITEMS} items in one array or object`,
    );
    this.type = problem === "deep" ? "entity.too.deep" : "entity.too.wide";
  }
}

/** Throws JsonShapeRefused when the raw body is nested too deeply or too wide. */
export function refuseHostileJson(bytes: Uint8Array): void {
  const problem = jsonShapeProblem(bytes);
  if (problem) throw new JsonShapeRefused(problem);
}
