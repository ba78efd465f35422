// Drizzle mirror of the SQL migrations, one file per area, in migration order.
export * from "./core";
export * from "./catalogue";
export * from "./community";
export * from "./programs";
export * from "./fees";
export * from "./fee-requests";
export * from "./cashier";
export * from "./refunds";
export * from "./sessions";
export * from "./admin";
export * from "./imports";
export * from "./office";
export * from "./mail";
