// Texts of one area for the pages that show them: common plus fee requests (see translate.ts).
import { translator } from "./translate";
import { common } from "./en/common";
import { feeRequests } from "./en/fee-requests";

const catalogue = { ...common, ...feeRequests } as const;

export type FeeRequestsKey = keyof typeof catalogue;
export const t = translator(catalogue);
