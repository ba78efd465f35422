// PDF reports with pdfkit: roster and unpaid-registration lists of sections, and fee reports.
// Readable tables, repeated headings on every page, the district's name, what the report is of,
// the date printed and "Page n of m" on each page.
import PDFDocument from "pdfkit";
import type { FeeReport, InstructorSection, RosterType } from "@domain/contract/staff";
import { t } from "@domain/messages";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatDistrictDate, formatDistrictDateTime } from "@domain/rules/time";
import { rosterPerson, selectRoster } from "@domain/rules/roster-csv";

interface Column {
  title: string;
  width: number;
  align?: "left" | "right";
}

const MARGIN = 40;
const ROW_PAD = 4;
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";

/** pdfkit's standard fonts are WinAnsi: characters outside it would print as garbage. */
function printable(s: string): string {
  return s.replace(
    /[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g,
    "?",
  );
}

class Report {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(
    private readonly head: { district: string; title: string; printed: string },
    compress = false,
  ) {
    // Uncompressed text streams keep the file searchable by simple tools (and by tests).
    this.doc = new PDFDocument({
      size: "LETTER",
      layout: "landscape",
      margin: MARGIN,
      bufferPages: true,
      compress,
      info: { Title: `${head.title} - ${head.district}`, Author: head.district },
    });
    this.done = new Promise((resolve, reject) => {
      this.doc.on("data", (c: Buffer) => this.chunks.push(c));
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
    this.doc.on("pageAdded", () => this.pageHeading());
    this.pageHeading();
  }

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private get bottom(): number {
    return this.doc.page.height - MARGIN - 16;
  }

  private pageHeading(): void {
    const { doc } = this;
    doc
      .font(BOLD)
      .fontSize(14)
      .fillColor("#631d79")
      .text(printable(this.head.district), MARGIN, MARGIN);
    doc.font(BOLD).fontSize(12).fillColor("#000").text(printable(this.head.title));
    doc.font(FONT).fontSize(9).fillColor("#444").text(printable(this.head.printed));
    doc.fillColor("#000").moveDown(0.5);
  }

  line(text: string, opts: { bold?: boolean; size?: number } = {}): void {
    this.ensure(14);
    this.doc
      .font(opts.bold ? BOLD : FONT)
      .fontSize(opts.size ?? 10)
      .text(printable(text), MARGIN, this.doc.y, { width: this.width });
  }

  gap(lines = 0.5): void {
    this.doc.moveDown(lines);
  }

  newPage(): void {
    this.doc.addPage();
  }

  private ensure(height: number): boolean {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      return true;
    }
    return false;
  }

  private scaled(columns: Column[]): Column[] {
    const total = columns.reduce((n, c) => n + c.width, 0);
    return columns.map((c) => ({ ...c, width: (c.width / total) * this.width }));
  }

  private rowHeight(cells: string[], columns: Column[], font: string): number {
    this.doc.font(font).fontSize(9);
    return (
      Math.max(
        ...cells.map((c, i) =>
          this.doc.heightOfString(c || " ", { width: columns[i]!.width - ROW_PAD * 2 }),
        ),
      ) +
      ROW_PAD * 2
    );
  }

  private drawRow(cells: string[], columns: Column[], header: boolean): void {
    const { doc } = this;
    const font = header ? BOLD : FONT;
    const height = this.rowHeight(cells, columns, font);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, this.width, height).fill("#efe6f2").fillColor("#000");
    let x = MARGIN;
    doc.font(font).fontSize(9);
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      doc.text(cell, x + ROW_PAD, y + ROW_PAD, {
        width: col.width - ROW_PAD * 2,
        align: col.align ?? "left",
      });
      x += col.width;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + this.width, y + height)
      .lineWidth(0.5)
      .strokeColor("#bbb")
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
  }

  /** A table; its heading row is repeated at the top of every page it runs onto. */
  table(columns: Column[], rows: string[][]): void {
    const cols = this.scaled(columns);
    const titles = cols.map((c) => printable(c.title));
    this.ensure(this.rowHeight(titles, cols, BOLD) * 2);
    this.drawRow(titles, cols, true);
    for (const row of rows) {
      const cells = row.map(printable);
      if (this.ensure(this.rowHeight(cells, cols, FONT))) this.drawRow(titles, cols, true);
      this.drawRow(cells, cols, false);
    }
  }

  async finish(): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // Writing in the bottom margin would otherwise start a new page.
      const saved = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font(FONT)
        .fontSize(8)
        .fillColor("#444")
        .text(
          t("staff.pdf.page", { page: i + 1, count: range.count }),
          MARGIN,
          doc.page.height - MARGIN + 8,
          { width: this.width, align: "right", lineBreak: false },
        );
      doc.page.margins.bottom = saved;
    }
    doc.end();
    return this.done;
  }
}

export interface RosterPdfInput {
  districtName: string;
  timeZone: string;
  printedAt: Date;
  rosterType: RosterType;
  sections: { programName: string; section: InstructorSection }[];
  compress?: boolean;
}

/** Active roster or unpaid registrations of one or more sections, each section on its own page. */
export async function rosterPdf(input: RosterPdfInput): Promise<Buffer> {
  const unpaid = input.rosterType === "unpaid";
  const report = new Report(
    {
      district: input.districtName,
      title: t(unpaid ? "staff.pdf.unpaidTitle" : "staff.pdf.registrationTitle"),
      printed: t("staff.pdf.printed", {
        date: formatDistrictDateTime(input.printedAt.toISOString(), input.timeZone),
      }),
    },
    input.compress,
  );
  input.sections.forEach(({ programName, section }, index) => {
    if (index > 0) report.newPage();
    report.line(
      t("staff.pdf.section", {
        subject: section.course.subject,
        courseNumber: section.course.courseNumber,
        courseName: section.course.courseName,
        section: section.sectionNumber,
        term: section.term,
      }),
      { bold: true, size: 11 },
    );
    report.line(t("staff.pdf.program", { program: programName }));
    if (section.instructorName)
      report.line(t("staff.pdf.instructor", { name: section.instructorName }));
    const regs = selectRoster(section.registrations, unpaid ? "unpaid" : "active")
      .map((r) => ({ r, p: rosterPerson(r) }))
      .sort(
        (a, b) =>
          a.p.nameLast.localeCompare(b.p.nameLast) || a.p.nameFirst.localeCompare(b.p.nameFirst),
      );
    report.line(t("staff.pdf.count", { count: regs.length }));
    report.gap();
    const columns: Column[] = [
      { title: t("staff.col.participantId"), width: 14 },
      { title: t("staff.csv.nameLast"), width: 18 },
      { title: t("staff.csv.nameFirst"), width: 16 },
      { title: t("staff.col.grade"), width: 7 },
      { title: t("staff.col.gender"), width: 7 },
      { title: t("staff.csv.emergencyName"), width: 18 },
      { title: t("staff.csv.emergencyPhone"), width: 14 },
      unpaid
        ? { title: t("staff.col.balanceDue"), width: 12, align: "right" }
        : { title: t("staff.col.dateRegistered"), width: 12 },
    ];
    report.table(
      columns,
      regs.map(({ r, p }) => [
        String(p.id),
        p.nameLast,
        p.nameFirst,
        p.grade,
        p.gender,
        p.emergencyName,
        p.emergencyPhone,
        unpaid ? formatUsd(toCents(r.amountDue)) : formatDistrictDate(r.createdAt, input.timeZone),
      ]),
    );
    if (!regs.length) report.line(t("staff.noRegistrations"));
    if (unpaid) {
      const total = regs.reduce((n, { r }) => n + toCents(r.amountDue), 0);
      report.gap();
      report.line(t("staff.pdf.total", { amount: formatUsd(total) }), { bold: true });
    }
  });
  return report.finish();
}

export interface FeeReportPdfInput {
  districtName: string;
  timeZone: string;
  printedAt: Date;
  report: FeeReport;
  compress?: boolean;
}

export async function feeReportPdf(input: FeeReportPdfInput): Promise<Buffer> {
  const { report: fee } = input;
  const report = new Report(
    {
      district: input.districtName,
      title: `${t("staff.pdf.feeTitle")}: ${fee.name}`,
      printed: t("staff.pdf.printed", {
        date: formatDistrictDateTime(input.printedAt.toISOString(), input.timeZone),
      }),
    },
    input.compress,
  );
  if (fee.accountCode) report.line(t("staff.pdf.accountCode", { code: fee.accountCode }));
  report.line(t("staff.pdf.count", { count: fee.assessedFees.length }));
  report.gap();
  report.table(
    [
      { title: t("staff.col.personId"), width: 10 },
      { title: t("staff.csv.nameLast"), width: 15 },
      { title: t("staff.csv.nameFirst"), width: 14 },
      { title: t("staff.col.email"), width: 22 },
      { title: t("staff.col.status"), width: 8 },
      { title: t("staff.col.quantity"), width: 7, align: "right" },
      { title: t("staff.col.assessedCost"), width: 11, align: "right" },
      { title: t("staff.col.paid"), width: 10, align: "right" },
      { title: t("staff.col.owed"), width: 10, align: "right" },
    ],
    fee.assessedFees.map((a) => [
      a.person.id ?? "",
      a.person.nameLast,
      a.person.nameFirst,
      a.person.contactEmail ?? "",
      a.status,
      String(a.quantity),
      formatUsd(toCents(a.assessedCost)),
      formatUsd(toCents(a.paid)),
      formatUsd(toCents(a.owed)),
    ]),
  );
  if (!fee.assessedFees.length) report.line(t("staff.noAssessed"));
  const owed = fee.assessedFees.reduce((n, a) => n + toCents(a.owed), 0);
  report.gap();
  report.line(t("staff.pdf.total", { amount: formatUsd(owed) }), { bold: true });
  return report.finish();
}
