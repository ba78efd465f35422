// The simulated reader driver: the same interface as Stripe Terminal's, with its states
// (connecting → connected; ready → waiting_for_input → processing → ready), and the preferred
// reader choice.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSimulatedDriver, SIMULATED_READER } from "~/islands/reader/simulated";
import { pickReader, type ReaderStatus } from "~/islands/reader/types";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("simulated reader", () => {
  it("discovers one reader, connects, presents a card after a delay and processes it", async () => {
    const processIntent = vi.fn(async () => 4000);
    const driver = createSimulatedDriver({ processIntent, cardDelayMs: 600, connectDelayMs: 100 });
    const seen: ReaderStatus[] = [];
    driver.onStatus((s) => seen.push(s));
    const found = await driver.discover();
    expect(found).toEqual({ ok: true, value: [SIMULATED_READER] });
    const connecting = driver.connect(SIMULATED_READER);
    expect(driver.status().connection).toBe("connecting");
    await vi.advanceTimersByTimeAsync(100);
    expect(await connecting).toMatchObject({ ok: true });
    expect(driver.status()).toEqual({ connection: "connected", payment: "ready" });

    const collecting = driver.collect("pi_sim_1_secret", "pi_sim_1");
    expect(driver.status().payment).toBe("waiting_for_input");
    await vi.advanceTimersByTimeAsync(600);
    const collected = await collecting;
    expect(collected).toEqual({ ok: true, value: { paymentIntentId: "pi_sim_1" } });
    if (!collected.ok) throw new Error("not collected");
    const processed = await driver.process(collected.value);
    expect(processIntent).toHaveBeenCalledWith("pi_sim_1");
    expect(processed).toEqual({
      ok: true,
      value: { paymentIntentId: "pi_sim_1", status: "succeeded", amountCents: 4000 },
    });
    expect(seen.map((s) => s.payment)).toContain("processing");
    expect(driver.status().payment).toBe("ready");
  });

  it("refuses to collect before it is connected, and a cancelled collection fails", async () => {
    const driver = createSimulatedDriver({ processIntent: async () => 1, cardDelayMs: 500 });
    expect(await driver.collect("s", "pi")).toEqual({ ok: false, message: null });
    const c = driver.connect(SIMULATED_READER);
    await vi.advanceTimersByTimeAsync(200);
    await c;
    const collecting = driver.collect("s", "pi");
    await driver.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(await collecting).toEqual({ ok: false, message: "Canceled" });
  });

  it("a failed settlement is an error", async () => {
    const driver = createSimulatedDriver({ processIntent: async () => null });
    expect(await driver.process({ paymentIntentId: "pi" })).toEqual({ ok: false, message: null });
  });
});

describe("preferred reader", () => {
  const a = { id: "tmr_a", label: "A", simulated: false };
  const b = { id: "tmr_b", label: "B", simulated: false };
  it.each([
    ["tmr_b", b],
    ["tmr_gone", a],
    [null, a],
  ])("saved %j → %j", (saved, reader) => {
    expect(pickReader([a, b], saved)).toEqual(reader);
  });
  it("none discovered", () => {
    expect(pickReader([], "tmr_a")).toBeNull();
  });
});
