// The check that holds the OpenAPI description to what the handlers reply (decision 152).
import { describe, expect, it } from "vitest";
import { undeclaredReplies } from "../support/contract-replies";

const doc = {
  paths: {
    "/v1/cart/status": { get: { responses: { "200": {}, "401": {} } } },
    "/v1/cart/{id}": { get: { responses: { "200": {}, "404": {} } } },
    "/v1/admin/staff": { post: { responses: { "201": {}, "400": {} } } },
  },
};

describe("undeclaredReplies", () => {
  it("lists a status the operation does not declare, by the operation's template", () => {
    expect(
      undeclaredReplies(doc, [
        { method: "GET", path: "/v1/cart/7", status: 409 },
        { method: "POST", path: "/v1/admin/staff", status: 200 },
      ]),
    ).toEqual(["GET /v1/cart/{id} → 409", "POST /v1/admin/staff → 200"]);
  });

  it("accepts declared statuses and prefers a fixed segment over a parameter", () => {
    expect(
      undeclaredReplies(doc, [
        { method: "GET", path: "/v1/cart/status", status: 401 },
        { method: "GET", path: "/v1/cart/12", status: 404 },
        { method: "POST", path: "/v1/admin/staff", status: 201 },
      ]),
    ).toEqual([]);
  });

  it("leaves unknown paths, other methods and non-/v1 replies alone", () => {
    expect(
      undeclaredReplies(doc, [
        { method: "GET", path: "/v1/nowhere", status: 404 },
        { method: "DELETE", path: "/v1/cart/3", status: 404 },
        { method: "GET", path: "/status.json", status: 503 },
      ]),
    ).toEqual([]);
  });
});
