// The production start's configuration refusals (decision 135):
// every problem at once, one line each; a SESSION_SECRET of low entropy and an http
// PUBLIC_URL refused (the latter unless the trial override is set); TRUST_PROXY read as Express
// reads it, or refused in one line.
import { describe, expect, it } from "vitest";
import express from "express";
import { districtApiTrust } from "../../district-api/http/app";
import { ConfigError, readConfig } from "../../server/config";
import { parseTrustProxy } from "../../server/trust-proxy";
import { DEV_DESKTOP_CLIENT_KEY } from "../../district-api/services/cashier";

const PRODUCTION = {
  APP_MODE: "production",
  SESSION_SECRET: "3f9a1c7e52b84d06e1a9c3f7b25d8e40a6c19f3e7b52d8a4",
  PUBLIC_URL: "https://register.district.example.org",
  PAYMENTS: "simulated",
};

const read = (env: Record<string, string | undefined>) => readConfig(env as NodeJS.ProcessEnv);

function problems(env: Record<string, string | undefined>): string[] {
  try {
    read(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe("the production configuration", () => {
  it("accepts a complete, sound configuration", () => {
    expect(problems(PRODUCTION)).toEqual([]);
    expect(read(PRODUCTION).trustProxy).toEqual(["loopback"]);
  });

  it("reports five wrong settings at once: the format errors and the rest together", () => {
    const found = problems({
      ...PRODUCTION,
      PORT: "eighty",
      LOG_LEVEL: "loud",
      SESSION_SECRET: "a".repeat(40),
      PUBLIC_URL: "http://register.district.example.org",
      TRUST_PROXY: "yes please",
    });
    expect(found).toHaveLength(5);
    expect(found.join("\n")).toMatch(/PORT/);
    expect(found.join("\n")).toMatch(/LOG_LEVEL/);
    expect(found.join("\n")).toMatch(/SESSION_SECRET/);
    expect(found.join("\n")).toMatch(/PUBLIC_URL/);
    expect(found.join("\n")).toMatch(/TRUST_PROXY/);
  });

  it.each([
    ["32 identical characters", "x".repeat(32)],
    ["a short pattern repeated", "abcd".repeat(10)],
    ["a word repeated", "password".repeat(4)],
  ])("refuses a SESSION_SECRET of low entropy: %s", (_name, secret) => {
    const found = problems({ ...PRODUCTION, SESSION_SECRET: secret });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^SESSION_SECRET is too predictable/);
  });

  it("accepts the random secrets the README suggests (openssl rand -hex 32, 32 random letters)", () => {
    expect(
      problems({
        ...PRODUCTION,
        SESSION_SECRET: "9c2e7a41f0b83d5e6a1c4f92b7d03e8a5f1c6b2d9e4a7f03c8b1d5e2a6f9c3b7",
      }),
    ).toEqual([]);
    expect(problems({ ...PRODUCTION, SESSION_SECRET: "qWmZpTkXvRbNcLsYdHgJfAeUiOoPzQxM" })).toEqual(
      [],
    );
  });

  it("refuses an http PUBLIC_URL unless the trial override is set", () => {
    const http = { ...PRODUCTION, PUBLIC_URL: "http://register.district.example.org" };
    const found = problems(http);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^PUBLIC_URL must be https/);
    expect(found[0]).toContain("ALLOW_HTTP_PUBLIC_URL=true");
    expect(problems({ ...http, ALLOW_HTTP_PUBLIC_URL: "true" })).toEqual([]);
    // The demo is served over http on the machine itself.
    expect(problems({ PUBLIC_URL: "http://localhost:3000" })).toEqual([]);
  });

  it("says in its description when no SMTP_URL sends production mail", () => {
    expect(read(PRODUCTION).mail).toBe("outbox");
  });
});

/**
 * The environment tests/e2e/production-start.test.ts starts the server with: each refusal below
 * takes one thing away from it or changes it. These were spawns of the server, one each; the
 * spawn test keeps one of them to prove that a refused configuration ends the start with one
 * "cannot start:" line per problem and no stack trace, and these check each refusal's line.
 */
const PRODUCTION_START: Record<string, string | undefined> = {
  NODE_ENV: "production",
  APP_MODE: "production",
  PORT: "0",
  HOST: "127.0.0.1",
  DATA_DIR: "/tmp/prod-start",
  SESSION_SECRET: "3f9a1c7e52b84d06e1a9c3f7b25d8e40a6c19f3e7b52d8a49c2e7a41f0b83d5e",
  PUBLIC_URL: "https://register.district.example.org",
  PAYMENTS: "simulated",
  REMIX_BUILD_DIR: "build",
  LOG_LEVEL: "info",
};

describe("the production start refuses to start without what it needs", () => {
  it("starts with the complete environment", () => {
    expect(problems(PRODUCTION_START)).toEqual([]);
  });

  it.each<[string, Record<string, string | undefined>, string]>([
    [
      "no SESSION_SECRET",
      { SESSION_SECRET: undefined },
      "SESSION_SECRET is required in production",
    ],
    [
      "no Stripe keys and no simulated payments asked for",
      { PAYMENTS: undefined },
      "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are required",
    ],
    [
      "the development desktop key",
      { DESKTOP_CLIENT_KEY: DEV_DESKTOP_CLIENT_KEY },
      "DESKTOP_CLIENT_KEY is the development key",
    ],
    [
      "insecure cookies behind HTTPS",
      { COOKIE_SECURE: "false" },
      "COOKIE_SECURE=false with an https PUBLIC_URL",
    ],
    ["no PUBLIC_URL", { PUBLIC_URL: undefined }, "PUBLIC_URL is required in production"],
    [
      "a SESSION_SECRET of 32 identical characters",
      { SESSION_SECRET: "a".repeat(32) },
      "SESSION_SECRET is too predictable",
    ],
    [
      "an http PUBLIC_URL without the trial override",
      { PUBLIC_URL: "http://register.district.example.org" },
      "PUBLIC_URL must be https in production",
    ],
    ["TRUST_PROXY=yes", { TRUST_PROXY: "yes" }, "TRUST_PROXY must be true, false, a number"],
  ])("%s: one line says what is missing", (_name, over, message) => {
    const found = problems({ ...PRODUCTION_START, ...over });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
    expect(found[0]).not.toContain("\n");
  });
});

describe("TRUST_PROXY, as Express reads it", () => {
  it.each([
    ["true", true],
    ["false", false],
    ["1", 1],
    ["2", 2],
    ["loopback", ["loopback"]],
    ["10.0.0.0/8, 192.168.1.7", ["10.0.0.0/8", "192.168.1.7"]],
    ["loopback,uniquelocal,linklocal", ["loopback", "uniquelocal", "linklocal"]],
    ["fd00::/8", ["fd00::/8"]],
    ["10.0.0.0/255.0.0.0", ["10.0.0.0/255.0.0.0"]],
  ])("%s", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(read({ ...PRODUCTION, TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["yes", "0.0.0.1.5", "10.0.0.0/33", "-1", "1.5", "loopback,,", "fe80::/129"])(
    "refuses %s in one line",
    (value) => {
      const found = problems({ ...PRODUCTION, TRUST_PROXY: value });
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/^TRUST_PROXY must be/);
    },
  );
});

describe("the district API trusts the same proxies, and the web app's own calls", () => {
  type TrustFn = (address: string, hop: number) => boolean;
  const trustOf = (text: string): TrustFn => {
    const app = express();
    app.set("trust proxy", districtApiTrust(parseTrustProxy(text)!));
    return app.get("trust proxy fn") as TrustFn;
  };

  it("addresses and subnets: those, and loopback", () => {
    const trust = trustOf("10.0.0.0/8");
    expect(trust("10.1.2.3", 0)).toBe(true);
    expect(trust("127.0.0.1", 0)).toBe(true);
    expect(trust("203.0.113.9", 0)).toBe(false);
  });

  it("a number of proxies: that many hops, not the address 0.0.0.1", () => {
    const trust = trustOf("1");
    expect(trust("203.0.113.9", 0)).toBe(true);
    expect(trust("203.0.113.9", 1)).toBe(false);
  });

  it("true and false: every proxy, or none", () => {
    expect(trustOf("true")("203.0.113.9", 5)).toBe(true);
    expect(trustOf("false")("127.0.0.1", 0)).toBe(false);
  });
});
