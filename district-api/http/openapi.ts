// The OpenAPI 3.1 description of every /v1 call (decision 114), served at GET /v1/openapi.json.
// Requests (body, query, path parameters) come from the schemas each route is built with
// (route-table.ts); replies, summaries and tags from the table below, which a test holds complete:
// a route without a description fails it. A district running its own API can check itself
// against this document.
import type { Express } from "express";
import { z } from "zod";
import * as admin from "@domain/contract/admin";
import * as adminFees from "@domain/contract/admin-fees";
import * as adminImports from "@domain/contract/admin-imports";
import * as adminPeople from "@domain/contract/admin-people";
import * as adminSchools from "@domain/contract/admin-schools";
import * as catalogue from "@domain/contract/admin-catalogue";
import * as cashier from "@domain/contract/cashier";
import * as feeRequests from "@domain/contract/fee-requests";
import * as fees from "@domain/contract/fees";
import * as office from "@domain/contract/office";
import * as officeMail from "@domain/contract/office-mail";
import * as officeRefunds from "@domain/contract/office-refunds";
import * as paymentsReport from "@domain/contract/payments-report";
import * as payments from "@domain/contract/payments";
import * as staff from "@domain/contract/staff";
import { listRoutes } from "./route-table";
import { ENDPOINTS } from "@domain/contract/endpoints";
import type { EndpointDefinition, Method } from "@domain/contract/endpoint";
import { describeEndpoints } from "./openapi-document";

interface Description {
  summary: string;
  tag: string;
  /** The 2xx reply's schema; "pdf" for a document; undefined for 204 No Content. */
  reply?: z.ZodTypeAny | "pdf" | "json";
  /** The success statuses, when not the usual one (200 with a reply, 204 without). */
  success?: (200 | 201 | 204)[];
  /**
   * Refusals this call gives beyond those every call of its kind can (`commonRefusals`), each
   * with what it means here. A test holds them true: every status an integration test sees is
   * listed (tests/support/contract-replies.ts).
   */
  refusals?: Partial<Record<400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 429 | 502, string>>;
}

/** Every /v1 call, "METHOD /v1/path" as Express declares it. */
export const DESCRIPTIONS: Record<string, Description> = {
  "GET /v1/fees": {
    tag: "fees",
    summary: "Optional fees the person may buy",
    reply: fees.FeesReply,
  },
  "GET /v1/student-fees": {
    tag: "fees",
    summary: "Fees assessed to the student",
    reply: fees.StudentFeesReply,
  },
  "GET /v1/purchase-history": {
    tag: "fees",
    summary: "What the person bought before, per fee",
    reply: fees.PurchaseHistory,
  },
  "PUT /v1/fees/add-to-cart": {
    tag: "fees",
    summary: "Add a fee (or an assessed fee) to the cart",
    reply: "json",
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "GET /v1/payment/connectionToken": {
    tag: "in-person payments",
    summary: "A card reader connection token (staff, desktop client)",
    reply: payments.ConnectionTokenReply,
  },
  "GET /v1/payment/in-person": {
    tag: "in-person payments",
    summary: "Whether this session may take in-person payments, and why not",
    reply: cashier.InPersonConfigReply,
  },
  "GET /v1/payment/in-person/:cartId": {
    tag: "in-person payments",
    summary: "An in-person payment's receipt details",
    reply: cashier.InPersonReceiptReply,
  },
  "POST /v1/payment/create-terminal-payment-intent": {
    tag: "in-person payments",
    summary: "Start a card reader payment for the cart",
    reply: cashier.CreateTerminalIntentReply,
  },
  "POST /v1/payment/complete-in-person-transaction": {
    tag: "in-person payments",
    summary: "Record a cash, check or card reader payment for the cart (once)",
    reply: cashier.CompleteInPersonReply,
    refusals: { 402: "The card was declined or cannot be used; nothing was taken" },
  },
  "POST /v1/payment/simulator/reader/:id/process": {
    tag: "simulator",
    summary: "The payment simulator's card reader presents a card",
    reply: cashier.SimulatedReaderProcessReply,
    refusals: { 402: "The card was declined or cannot be used; nothing was taken" },
  },
  "POST /v1/payment/create-setup-intent": {
    tag: "payments",
    summary: "Start the in-page card form for a cart or a registration",
    reply: payments.CreateSetupIntentReply,
    refusals: {
      404: "No such cart, fee or section, or not the caller's",
      402: "The card was declined or cannot be used; nothing was taken",
    },
  },
  "POST /v1/payment/complete-setup-intent": {
    tag: "payments",
    summary: "Charge the card entered in the in-page form (once)",
    reply: "json",
    refusals: {
      404: "No such cart, fee or section, or not the caller's",
      402: "The card was declined or cannot be used; nothing was taken",
    },
  },
  "POST /v1/payment/checkout-session": {
    tag: "payments",
    summary: "Start a hosted card checkout",
    reply: payments.CheckoutSessionReply,
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "GET /v1/payment/status": {
    tag: "payments",
    summary: "The outcome of a hosted checkout",
    reply: payments.PaymentStatusReply,
  },
  "POST /v1/payment/submit-order": {
    tag: "payments",
    summary: "Submit a cart that costs nothing",
    reply: "json",
    refusals: {
      404: "No such cart, fee or section, or not the caller's",
      402: "The card was declined or cannot be used; nothing was taken",
    },
  },
  "POST /v1/payment/confirm-mailin": {
    tag: "payments",
    summary: "Promise a mailed check for registrations or a cart",
    reply: payments.ConfirmMailinReply,
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "POST /v1/payment/confirm-fab": {
    tag: "payments",
    summary: "Confirm a registration paid by financial assistance",
    reply: payments.ConfirmationReply,
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "POST /v1/payment/confirm-free-after-cc": {
    tag: "payments",
    summary: "Confirm a registration paid by course credits",
    reply: payments.ConfirmationReply,
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "POST /v1/payment/confirm-waitlist": {
    tag: "payments",
    summary: "Confirm a waitlist place",
    reply: payments.ConfirmationReply,
    refusals: { 404: "No such cart, fee or section, or not the caller's" },
  },
  "GET /v1/payment/registration/:courseSectionId": {
    tag: "payments",
    summary: "What a registration costs and owes, for the payment dialog",
    reply: payments.RegistrationPayment,
    refusals: { 410: "The payment window ended and the seat went back to the section" },
  },
  "POST /v1/payment/webhook": {
    tag: "payments",
    summary: "The payment provider's signed events",
    reply: "json",
  },
  "POST /v1/payment/simulator/setup/:id/confirm": {
    tag: "simulator",
    summary: "The payment simulator's in-page card form confirms a card",
    reply: payments.SimulatorConfirmReply,
    refusals: { 402: "The card was declined or cannot be used; nothing was taken" },
  },
  "GET /v1/payment/simulator/checkout/:id": {
    tag: "simulator",
    summary: "The payment simulator's hosted checkout session",
    reply: payments.SimulatorSession,
  },
  "POST /v1/payment/simulator/checkout/:id/pay": {
    tag: "simulator",
    summary: "Pay the payment simulator's hosted checkout with a test card",
    reply: "json",
    refusals: { 402: "The card was declined or cannot be used; nothing was taken" },
  },
  "GET /v1/instructor/program": {
    tag: "staff",
    summary: "The instructor's programs and sections",
    reply: staff.InstructorProgramsReply,
  },
  "GET /v1/instructor/section/:sectionId": {
    tag: "staff",
    summary: "A section's roster",
    reply: staff.InstructorSectionReply,
  },
  "POST /v1/instructor/pdfReport": {
    tag: "staff",
    summary: "A roster as a PDF report",
    reply: "pdf",
    refusals: { 404: "No such section, or not the instructor's" },
  },
  "GET /v1/myFees/pdfReport/:feeId": {
    tag: "staff",
    summary: "A fee's report as a PDF",
    reply: "pdf",
  },
  "GET /v1/myFees": {
    tag: "staff",
    summary: "The fees a staff member manages",
    reply: staff.MyFeesReply,
  },
  "GET /v1/myFees/:feeId": {
    tag: "staff",
    summary: "A fee's report: who bought and answered what",
    reply: staff.FeeReport,
  },
  "GET /v1/instructor/schools": {
    tag: "fee requests",
    summary: "Schools a fee request may name",
    reply: feeRequests.SchoolsReply,
  },
  "GET /v1/instructor/school-years": {
    tag: "fee requests",
    summary: "School years a fee request may name",
    reply: feeRequests.SchoolYearsReply,
  },
  "GET /v1/instructor/approval-routes": {
    tag: "fee requests",
    summary: "Approval routes for fee requests",
    reply: feeRequests.ApprovalRoutesReply,
  },
  "GET /v1/instructor/employees": {
    tag: "fee requests",
    summary: "Employees a fee request may name",
    reply: feeRequests.EmployeesReply,
  },
  "GET /v1/instructor/fee-categories": {
    tag: "fee requests",
    summary: "Fee categories",
    reply: feeRequests.FeeCategoriesReply,
  },
  "GET /v1/instructor/fee-proposals": {
    tag: "fee requests",
    summary: "Fee requests the staff member proposed or reviews",
    reply: feeRequests.FeeProposalsReply,
  },
  "POST /v1/fee-requests/save": {
    tag: "fee requests",
    summary: "Save or submit a fee request",
    reply: feeRequests.SaveFeeRequestReply,
  },
  "POST /v1/fee-requests/:id/approve": {
    tag: "fee requests",
    summary: "Approve a fee request (it becomes a fee)",
    reply: feeRequests.ReviewReply,
  },
  "POST /v1/fee-requests/:id/deny": {
    tag: "fee requests",
    summary: "Deny a fee request with a reason",
    reply: feeRequests.ReviewReply,
  },
  "GET /v1/admin/settings": {
    tag: "admin",
    summary: "The district's settings texts and time limits (district_admin)",
    reply: admin.AdminSettings,
  },
  "PUT /v1/admin/settings": {
    tag: "admin",
    summary: "Change some settings; the changed values are recorded in the audit trail",
    reply: "json",
  },
  "GET /v1/admin/maintenance": {
    tag: "admin",
    summary: "The maintenance window on file",
    reply: admin.MaintenanceWindowReply,
  },
  "PUT /v1/admin/maintenance": {
    tag: "admin",
    summary: "Schedule the maintenance window (start before end)",
    reply: admin.MaintenanceWindowReply,
  },
  "DELETE /v1/admin/maintenance": {
    tag: "admin",
    summary: "Cancel a maintenance window that has not ended",
    reply: admin.MaintenanceWindowReply,
  },
  "GET /v1/admin/staff": {
    tag: "admin",
    summary: "Every staff account",
    reply: admin.StaffAccountsReply,
  },
  "POST /v1/admin/staff": {
    tag: "admin",
    summary: "Create a staff account with roles from the fixed list",
    reply: admin.StaffAccount,
    success: [201],
  },
  "POST /v1/admin/staff/:id/password": {
    tag: "admin",
    summary: "Set a staff member's password and end their sessions",
    reply: admin.StaffAccount,
  },
  "POST /v1/admin/staff/:id/deactivate": {
    tag: "admin",
    summary: "Deactivate a staff account and end its sessions at once",
    reply: admin.StaffAccount,
  },
  "GET /v1/admin/staff/:id": {
    tag: "admin",
    summary: "One staff account with its sign-in lock",
    reply: adminPeople.StaffAccountDetails,
  },
  "PUT /v1/admin/staff/:id/roles": {
    tag: "admin",
    summary: "Replace a staff account's roles and end its sessions at once",
    reply: adminPeople.StaffRolesReply,
  },
  "POST /v1/admin/staff/:id/reactivate": {
    tag: "admin",
    summary: "Let a deactivated staff account sign in again",
    reply: admin.StaffAccount,
  },
  "POST /v1/admin/staff/:id/unlock": {
    tag: "admin",
    summary: "Clear a staff member's locked sign-in",
    reply: adminPeople.UnlockReply,
  },
  "GET /v1/admin/people": {
    tag: "admin",
    summary: "Find students and community members by ID or name, 50 a page",
    reply: adminPeople.PeoplePage,
  },
  "GET /v1/admin/people/:id": {
    tag: "admin",
    summary: "One person's details, registrations, assessed fees, payments and sign-in lock",
    reply: adminPeople.PersonDetails,
  },
  "PUT /v1/admin/people/:id/financial-aid": {
    tag: "admin",
    summary: "Set a person's financial aid (none, free or reduced)",
    reply: adminPeople.PersonChangeReply,
  },
  "PUT /v1/admin/people/:id/activity-pass": {
    tag: "admin",
    summary: "Give or take a person's activity pass",
    reply: adminPeople.PersonChangeReply,
  },
  "POST /v1/admin/people/:id/unlock": {
    tag: "admin",
    summary: "Clear a student's or community member's locked sign-in",
    reply: adminPeople.UnlockReply,
  },
  "GET /v1/admin/schools": {
    tag: "admin",
    summary: "Every school and school year",
    reply: adminSchools.SchoolsReply,
  },
  "POST /v1/admin/schools": {
    tag: "admin",
    summary: "Add a school; a name another school has is a 400 naming the field",
    reply: adminSchools.School,
    success: [201],
  },
  "PUT /v1/admin/schools/:id": {
    tag: "admin",
    summary: "Rename a school; the same names again change nothing",
    reply: adminSchools.SchoolChangeReply,
    refusals: { 404: "No such school" },
  },
  "POST /v1/admin/school-years": {
    tag: "admin",
    summary: "Add a school year; a name another year has is a 400 naming the field",
    reply: adminSchools.SchoolYear,
    success: [201],
  },
  "PUT /v1/admin/school-years/:id": {
    tag: "admin",
    summary: "Rename a school year; the same name again changes nothing",
    reply: adminSchools.SchoolYearChangeReply,
    refusals: { 404: "No such school year" },
  },
  "GET /v1/admin/audit": {
    tag: "admin",
    summary: "One page of the audit trail, filtered by who, action, entity and time",
    reply: admin.AuditPage,
  },
  "GET /v1/admin/audit/export": {
    tag: "admin",
    summary: "Every matching audit entry, for a CSV download",
    reply: admin.AuditExport,
  },
  "GET /v1/admin/fees": {
    tag: "admin",
    summary: "One page of fees, searched by name or account code",
    reply: adminFees.FeeListPage,
  },
  "GET /v1/admin/fees/options": {
    tag: "admin",
    summary: "The schools, years, fee groups and grades a fee and an assessment may name",
    reply: adminFees.FeeOptions,
  },
  "POST /v1/admin/fees": {
    tag: "admin",
    summary: "Create a fee with its price rules and questions",
    reply: adminFees.AdminFee,
    success: [201],
  },
  "GET /v1/admin/fees/:id": {
    tag: "admin",
    summary: "One fee as the administration edits it",
    reply: adminFees.AdminFee,
  },
  "PUT /v1/admin/fees/:id": {
    tag: "admin",
    summary: "Change a fee; the changed values are recorded in the audit trail",
    reply: "json",
  },
  "POST /v1/admin/fees/:id/assess/preview": {
    tag: "admin",
    summary: "Who an assessment would charge and how much; changes nothing",
    reply: adminFees.AssessPreview,
  },
  "POST /v1/admin/fees/:id/assess": {
    tag: "admin",
    summary: "Charge the fee to students not yet assessed it, each at their price",
    reply: adminFees.AssessResult,
  },
  "GET /v1/admin/fees/:id/assessed": {
    tag: "admin",
    summary: "One page of the students assessed a fee",
    reply: adminFees.AssessedPage,
  },
  "POST /v1/admin/assessed-fees/:id/waive": {
    tag: "admin",
    summary: "Waive what is still owed on an assessed fee, with a reason",
    reply: adminFees.AssessedStudent,
  },
  "POST /v1/admin/assessed-fees/:id/adjust": {
    tag: "admin",
    summary: "Set an assessed fee's amount, not below what was paid, with a reason",
    reply: "json",
  },
  "GET /v1/admin/fee-groups": {
    tag: "admin",
    summary: "Every fee group, with how many fees are in it",
    reply: adminFees.FeeGroupList,
  },
  "POST /v1/admin/fee-groups": {
    tag: "admin",
    summary: "Create a fee group; its name is unique whatever its case",
    reply: adminFees.FeeGroupCreated,
    success: [201],
  },
  "PUT /v1/admin/fee-groups/:id": {
    tag: "admin",
    summary: "Rename a fee group; the old and new names are recorded in the audit trail",
    reply: adminFees.FeeGroupRenamed,
  },
  "POST /v1/admin/imports/files": {
    tag: "admin",
    summary: "Upload one CSV file of a student import (the raw body, text/csv)",
    reply: adminImports.ImportFileReply,
    success: [201],
  },
  "POST /v1/admin/imports/students": {
    tag: "admin",
    summary: "Run a student import over uploaded files: a dry run, or all rows or none",
    reply: adminImports.ImportRunReply,
  },
  "POST /v1/admin/imports/staff": {
    tag: "admin",
    summary: "Run a staff import over uploaded files: a dry run, or all rows or none",
    reply: adminImports.ImportRunReply,
  },
  "POST /v1/admin/imports/catalogue": {
    tag: "admin",
    summary:
      "Run a catalogue import (programmes and sections) over an uploaded file: a dry run, or all rows or none",
    reply: adminImports.ImportRunReply,
    refusals: { 404: "No such import run (the dry run to apply)" },
  },
  "POST /v1/admin/imports/runs/:id/apply": {
    tag: "admin",
    summary: "Apply the files of a dry run, once",
    reply: adminImports.ImportRunReply,
  },
  "GET /v1/admin/imports/runs/:id": {
    tag: "admin",
    summary: "A page of an import's report",
    reply: adminImports.ImportRunPage,
  },
  "GET /v1/admin/imports/runs/:id/export": {
    tag: "admin",
    summary: "Every row of an import's report, for a CSV download",
    reply: adminImports.ImportRunExport,
  },
  "GET /v1/office/summary": {
    tag: "office",
    summary: "The business office's figures: open and overdue mailed-check promises",
    reply: office.OfficeSummary,
  },
  "GET /v1/office/checks": {
    tag: "office",
    summary: "One page of mailed-check promises, searched and filtered by status",
    reply: office.PromisePage,
  },
  "GET /v1/office/checks/:id": {
    tag: "office",
    summary: "One mailed-check promise with the checks recorded for it",
    reply: office.PromiseDetail,
  },
  "POST /v1/office/checks/:id/receive": {
    tag: "office",
    summary: "Record a check received for a promise (partial amounts allowed; once per number)",
    reply: "json",
    success: [200, 201],
  },
  "POST /v1/office/checks/:id/checks/:checkId/reverse": {
    tag: "office",
    summary: "Reverse a check recorded by mistake; its amount is pending again",
    reply: "json",
  },
  "POST /v1/office/checks/:id/checks/:checkId/bounce": {
    tag: "office",
    summary: "Record a bounced check with a reason; the family is e-mailed",
    reply: "json",
  },
  "POST /v1/office/checks/:id/cancel": {
    tag: "office",
    summary: "Cancel a promise not honoured in time; the seat goes to the waitlist",
    reply: "json",
  },
  "GET /v1/office/mail": {
    tag: "office",
    summary: "The mail log of a family, by student ID, member number or e-mail address",
    reply: officeMail.MailLog,
  },
  "POST /v1/office/mail/:id/resend": {
    tag: "office",
    summary: "Queue a copy of a receipt or confirmation (once per double click)",
    reply: officeMail.ResendReply,
    success: [200, 201],
  },
  "GET /v1/office/payments": {
    tag: "office",
    summary: "Payments that took money, 50 a page, searched, with what was refunded",
    reply: officeRefunds.PaymentSearchPage,
  },
  "GET /v1/office/payments/:id": {
    tag: "office",
    summary: "A payment with what it paid for and its refunds so far",
    reply: officeRefunds.PaymentDetailView,
  },
  "POST /v1/office/payments/:id/refunds": {
    tag: "office",
    summary:
      "Refund all or part of a payment (card through the provider, cash or check by hand), once per form key",
    reply: officeRefunds.RefundResult,
    success: [200, 201],
    refusals: { 502: "The card processor did not answer; the refund is kept to be retried" },
  },
  "GET /v1/office/refunds/open": {
    tag: "office",
    summary: "Automatic refunds to pay out by hand or to retry",
    reply: officeRefunds.OpenRefundList,
  },
  "POST /v1/office/refunds/:refundId/paid-out": {
    tag: "office",
    summary: "Record a refund of money taken by hand as paid out",
    reply: officeRefunds.RefundView,
  },
  "POST /v1/office/refunds/:refundId/retry": {
    tag: "office",
    summary: "Ask the provider again for a failed refund (same idempotency key)",
    reply: officeRefunds.RefundResult,
    refusals: { 502: "The card processor did not answer; the refund is kept to be retried" },
  },
  "GET /v1/office/report": {
    tag: "office",
    summary: "The payments report: a page of rows of a range of district days, with its totals",
    reply: paymentsReport.PaymentsReport,
  },
  "GET /v1/office/report/rows": {
    tag: "office",
    summary: "Every row of the payments report of a range, with its totals (for the CSV)",
    reply: paymentsReport.ReportRows,
  },
  "GET /v1/office/report/pdf": {
    tag: "office",
    summary: "The payments report of a range as a PDF",
    reply: "pdf",
  },
  "GET /v1/office/report/day-sheet": {
    tag: "office",
    summary: "A cashier's or terminal's end-of-day sheet: cash, change, net, checks by number",
    reply: paymentsReport.DaySheet,
  },
  "GET /v1/office/report/day-sheet/pdf": {
    tag: "office",
    summary: "A cashier's or terminal's end-of-day sheet as a PDF",
    reply: "pdf",
  },
  "GET /v1/admin/programs": {
    tag: "admin",
    summary: "Programmes, 50 a page, searched by name",
    reply: catalogue.ProgramPage,
  },
  "POST /v1/admin/programs": {
    tag: "admin",
    summary: "Create a programme",
    reply: "json",
    success: [201],
  },
  "GET /v1/admin/programs/:id": {
    tag: "admin",
    summary: "A programme with one page of its sections",
    reply: catalogue.ProgramDetail,
  },
  "PUT /v1/admin/programs/:id": {
    tag: "admin",
    summary: "Change some of a programme's fields (open, retire, order, texts)",
    reply: "json",
  },
  "POST /v1/admin/programs/:id/copy": {
    tag: "admin",
    summary: "Copy a programme with its active sections and questions to a new term",
    reply: catalogue.CopyReply,
    success: [201],
  },
  "GET /v1/admin/courses": {
    tag: "admin",
    summary: "Courses, 50 a page, searched",
    reply: catalogue.CoursePage,
  },
  "POST /v1/admin/courses": {
    tag: "admin",
    summary: "Create a course",
    reply: "json",
    success: [201],
  },
  "GET /v1/admin/courses/:id": { tag: "admin", summary: "One course", reply: catalogue.Course },
  "PUT /v1/admin/courses/:id": { tag: "admin", summary: "Change a course", reply: "json" },
  "GET /v1/admin/section-options": {
    tag: "admin",
    summary: "The courses, schools and instructors a section may name",
    reply: catalogue.SectionOptions,
  },
  "POST /v1/admin/sections": {
    tag: "admin",
    summary: "Create a section with its questions",
    reply: "json",
    success: [201],
  },
  "GET /v1/admin/sections/:id": {
    tag: "admin",
    summary: "A section with every field and its questions",
    reply: catalogue.Section,
  },
  "PUT /v1/admin/sections/:id": {
    tag: "admin",
    summary: "Save a section; a capacity raise offers the seats to the waiting list in order",
    reply: "json",
  },
  "POST /v1/admin/sections/:id/cancel": {
    tag: "admin",
    summary: "Cancel a section, its registrations and waiting list; families are e-mailed",
    reply: catalogue.CancelReply,
  },
  "DELETE /v1/admin/sections/:id": {
    tag: "admin",
    summary: "Delete a section that never had a registration",
  },
  "GET /v1/openapi.json": { tag: "meta", summary: "This description of the API", reply: "json" },
};

/**
 * The calls not yet declared as endpoint values (domain/contract/endpoint.ts), read as if they
 * were: their schemas from the route table, their words and replies from DESCRIPTIONS above.
 */
function undeclaredEndpoints(app: Express): EndpointDefinition[] {
  const declared = new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`));
  return listRoutes(app)
    .filter((route) => !declared.has(`${route.method} ${route.path}`))
    .map((route) => {
      const d = DESCRIPTIONS[`${route.method} ${route.path}`];
      const body = d?.reply === undefined ? null : d.reply === "json" ? z.unknown() : d.reply;
      const statuses = d?.success ?? [body === null ? 204 : 200];
      return {
        method: route.method as Method,
        path: route.path as `/v1/${string}`,
        access: route.spec?.access ?? "public",
        roles: route.spec?.roles,
        params: route.spec?.params,
        query: route.spec?.query,
        body: route.spec?.body,
        replies: Object.fromEntries(statuses.map((s) => [s, s === 204 ? null : body])),
        refusals: d?.refusals,
        summary: d?.summary ?? "",
        tag: d?.tag ?? "",
      };
    });
}

/** The OpenAPI 3.1 document of the district API `app`. */
export function openApiDocument(app: Express): Record<string, unknown> {
  return describeEndpoints([...ENDPOINTS, ...undeclaredEndpoints(app)]);
}
