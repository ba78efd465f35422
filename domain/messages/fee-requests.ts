// Texts of one area for the pages that show them: common plus fee requests (see translate.ts).
import { translator } from "./translate";
import type { common as commonEn } from "./en/common";
import type { feeRequests as feeRequestsEn } from "./en/fee-requests";
import common from "./compiled/page/common.js";
import feeRequests from "./compiled/page/fee-requests.js";

export type FeeRequestsKey = keyof typeof commonEn | keyof typeof feeRequestsEn;
export const t = translator<FeeRequestsKey>({ ...common, ...feeRequests });
