// Drizzle mirror of the SQL migrations, one file per area.
export * from "./core";
export * from "./catalog";
export * from "./community";
export * from "./fee-requests";
export * from "./programs";
export * from "./fees";
export * from "./cashier";
