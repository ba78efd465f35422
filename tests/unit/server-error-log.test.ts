// What the web app logs as a server error (app/entry.server.tsx's handleError): a loader's or an
// action's fault, once; not Remix's warning about a data request of the form before single fetch
// (`?_data`, from a page opened before), which Remix still answers.
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "../../app/entry.server";
import { log } from "../../app/.server/log";

afterEach(() => {
  vi.restoreAllMocks();
});

function errorArgs(url: string): Parameters<typeof handleError>[1] {
  return { request: new Request(url), params: {}, context: { requestId: "r1" } } as Parameters<
    typeof handleError
  >[1];
}

/** The warning Remix 2.17 reports for every `?_data` request once single fetch is on. */
const OLD_DATA_REQUEST_WARNING = new Error(
  "Warning: Single fetch-enabled apps should not be making ?_data requests, this is likely to break in the future",
);

describe("server errors", () => {
  it("are logged once, with the request id", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    handleError(new Error("the district API is down"), errorArgs("http://site/programs"));
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged.mock.calls[0]![0]).toMatchObject({ requestId: "r1", path: "/programs" });
  });

  it("leave out Remix's warning about a page's data request of the old form", () => {
    const logged = vi.spyOn(log, "error").mockImplementation(() => undefined);
    handleError(
      OLD_DATA_REQUEST_WARNING,
      errorArgs("http://site/programs?_data=routes%2Fprograms"),
    );
    expect(logged).not.toHaveBeenCalled();
    // A fault of such a request is still one.
    handleError(new Error("boom"), errorArgs("http://site/programs?_data=routes%2Fprograms"));
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
