// Texts of this area (filled in by the issue that builds it).
export const feeRequests = {} as const;
