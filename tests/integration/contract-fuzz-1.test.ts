// The /v1 contract fuzz (contract-fuzz.ts), part 1 of 2: every other route, so the suite's two
// workers each take half of its calls.
import { fuzzTheContract } from "./contract-fuzz";

await fuzzTheContract({ index: 0, of: 2 });
