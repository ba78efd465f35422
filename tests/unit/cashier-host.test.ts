// Host scripts of the desktop client: answered through window.fileMakerCallback, timing out
// after 10 s with 'FileMaker Call timed out' and errorCode 100 (fake timers, no waiting).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callHostScript, hostReplyError } from "~/islands/host-scripts";

let calls: [string, string | undefined][];

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal("window", {
    FileMaker: {
      PerformScript(name: string, param?: string) {
        calls.push([name, param]);
      },
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const requestIdOf = (i = 0) => (JSON.parse(calls[i]![1]!) as { requestId: string }).requestId;

describe("callHostScript", () => {
  it("passes the parameters as JSON with a request id and resolves with the host's answer", async () => {
    const reply = callHostScript("patchCartTenderedCents", { cartId: 7, tenderedCents: 5000 });
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe("patchCartTenderedCents");
    expect(JSON.parse(calls[0]![1]!)).toMatchObject({ cartId: 7, tenderedCents: 5000 });
    expect(
      window.fileMakerCallback!(requestIdOf(), '{"errorCode":0,"message":"ok","data":{"a":1}}'),
    ).toBe(true);
    await expect(reply).resolves.toEqual({ errorCode: 0, message: "ok", data: { a: 1 } });
  });

  it("times out after 10 s with errorCode 100 and 'FileMaker Call timed out'", async () => {
    const reply = callHostScript("patchCartInPersonCheck", {
      cartId: 7,
      checkNumber: "1234",
      payNowAmount: 12,
    });
    let settled = false;
    void reply.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await reply;
    expect(r).toEqual({ errorCode: 100, message: "FileMaker Call timed out", data: null });
    expect(hostReplyError("patchCartInPersonCheck", r)).toBe("FileMaker Call timed out");
    // A late answer changes nothing.
    expect(window.fileMakerCallback!(requestIdOf(), { errorCode: 0 })).toBe(false);
  });

  it("maps the host's error codes to the spec's texts", async () => {
    const a = callHostScript("patchCartInPersonTerminal", { cartId: 1 });
    const b = callHostScript("patchCartTenderedCents", { cartId: 1, tenderedCents: 100 });
    const c = callHostScript("patchCartInPersonCheck", {
      cartId: 1,
      checkNumber: "123",
      payNowAmount: 1,
    });
    window.fileMakerCallback!(requestIdOf(0), { errorCode: 3, message: "x" });
    window.fileMakerCallback!(requestIdOf(1), { errorCode: -1, message: "" });
    window.fileMakerCallback!(requestIdOf(2), "not json");
    expect(hostReplyError("patchCartInPersonTerminal", await a)).toBe(
      "There was an error setting the terminal user",
    );
    expect(hostReplyError("patchCartTenderedCents", await b)).toBe("An error occurred (-1)");
    expect(hostReplyError("patchCartInPersonCheck", await c)).toBe("An error occurred (-1)");
  });

  it("without a host answers errorCode -1 at once", async () => {
    vi.stubGlobal("window", {});
    await expect(callHostScript("patchCartInPersonTerminal", { cartId: 1 })).resolves.toMatchObject(
      {
        errorCode: -1,
        message: "An error occurred (-1)",
      },
    );
  });
});
