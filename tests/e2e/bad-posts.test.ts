// Bad input to the web app's actions gets a 4xx and a clear message, never a 5xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/browser";

let app: TestApp;
let familyCookie = "";
let staffCookie = "";

async function login(path: string, body: string): Promise<string> {
  const res = await fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url },
    body,
  });
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

beforeAll(async () => {
  app = await startTestApp();
  familyCookie = await login("/signin", "intent=login&studentId=100030&dob=01%2F15%2F2012");
  staffCookie = await login("/instructor/sign-in", "username=proposer&password=proposer-demo");
});
afterAll(async () => {
  await app?.close();
});

const FAMILY_PATHS = [
  "/signin",
  "/register-guest",
  "/register-community-member",
  "/programs",
  "/my-registrations",
  "/fees",
  "/cart",
  "/payment-complete",
  "/signout",
];
const STAFF_PATHS = ["/instructor/sign-in", "/instructor/fees/new", "/instructor/fee-proposals"];

describe("posting a body the form cannot read", () => {
  for (const path of [...FAMILY_PATHS, ...STAFF_PATHS]) {
    it(`${path} answers below 500 for JSON, garbage multipart and an empty body`, async () => {
      const cookie = STAFF_PATHS.includes(path) ? staffCookie : familyCookie;
      const bodies: [string, string][] = [
        ["application/json", '{"intent":"login","studentId":1'],
        ["multipart/form-data; boundary=zzz", "--nope\r\nbroken"],
        ["application/x-www-form-urlencoded", ""],
      ];
      for (const [type, body] of bodies) {
        const res = await fetch(`${app.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": type, Origin: app.url, Cookie: cookie },
          body,
        });
        expect(res.status, `${type} → ${res.status}`).toBeLessThan(500);
      }
    });
  }
});
