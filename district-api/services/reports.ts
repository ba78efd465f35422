// PDF reports with pdfkit: roster and unpaid-registration lists of sections, and fee reports.
// Readable tables, repeated headings on every page, the district's name, what the report is of,
// the date printed and "Page n of m" on each page. Text prints in embedded Noto fonts, a face per
// run of text (pdf-fonts.ts), so names print in the scripts families write them in.
import PDFDocument from "pdfkit";
import type { FeeReport, InstructorSection, RosterType } from "@domain/contract/staff";
import { t } from "@domain/messages";
import { formatUsd, toCents } from "@domain/rules/money";
import { formatDistrictDate, formatDistrictDateTime } from "@domain/rules/time";
import { rosterPerson, selectRoster } from "@domain/rules/roster-csv";
import { baselineShare, faceFeatures, faceFont, fontRuns, type Run } from "./pdf-fonts";
import { courseCode } from "@domain/rules/course-code";

interface Column {
  title: string;
  width: number;
  align?: "left" | "right";
}

const MARGIN = 40;
const ROW_PAD = 4;

type TextOptions = PDFKit.Mixins.TextOptions;

/** pdfkit hands `features` to fontkit, which takes an object of features to turn on or off; the
 * typings know only the array form. */
function features(run: Run): TextOptions["features"] {
  return faceFeatures(run) as TextOptions["features"];
}

export class Report {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly registered = new Set<string>();

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

  /** Selects a face of the chain in this document, registering its file the first time. */
  private face(index: number, bold: boolean, size: number): void {
    const name = `${bold ? "bold" : "regular"}-${index}`;
    if (!this.registered.has(name)) {
      // pdfkit 0.20 takes a parsed fontkit font (its changelog); the typings know only files.
      const font = faceFont(index, bold) as unknown as PDFKit.Mixins.PDFFontSource;
      this.doc.registerFont(name, font);
      this.registered.add(name);
    }
    this.doc.font(name).fontSize(size);
  }

  /**
   * Writes text at (x, y), or where the last text ended, a run per face; runs after the first
   * continue the same paragraph, so they wrap together.
   */
  private write(
    text: string,
    style: { bold: boolean; size: number },
    at: { x?: number; y?: number },
    options: TextOptions = {},
  ): void {
    const runs = fontRuns(text);
    if (!runs.length) runs.push({ face: 0, text: "" });
    // Every run wraps in the width of the first (pdfkit would give a continued run only what is
    // left of the line).
    if (options.lineBreak !== false && options.width === undefined) {
      options = { ...options, width: this.doc.page.width - (at.x ?? this.doc.x) - MARGIN };
    }
    const baseline = -baselineShare() * style.size;
    runs.forEach((run, i) => {
      this.face(run.face, style.bold, style.size);
      const opts: TextOptions = {
        ...options,
        baseline,
        features: features(run),
        continued: i < runs.length - 1,
      };
      if (i === 0) this.doc.text(run.text, at.x, at.y, opts);
      else this.doc.text(run.text, opts);
    });
  }

  /** The height text takes in a width: exact for one run; for several, at most the sum of theirs. */
  private heightOf(text: string, style: { bold: boolean; size: number }, width: number): number {
    const runs = fontRuns(text || " ");
    let height = 0;
    for (const run of runs) {
      this.face(run.face, style.bold, style.size);
      height += this.doc.heightOfString(run.text || " ", { width, features: features(run) });
    }
    return height;
  }

  private pageHeading(): void {
    const { doc } = this;
    doc.fillColor("#631d79");
    this.write(this.head.district, { bold: true, size: 14 }, { x: MARGIN, y: MARGIN });
    doc.fillColor("#000");
    this.write(this.head.title, { bold: true, size: 12 }, { x: MARGIN });
    doc.fillColor("#444");
    this.write(this.head.printed, { bold: false, size: 9 }, { x: MARGIN });
    doc.fillColor("#000").moveDown(0.5);
  }

  line(text: string, opts: { bold?: boolean; size?: number } = {}): void {
    this.ensure(14);
    this.write(
      text,
      { bold: !!opts.bold, size: opts.size ?? 10 },
      { x: MARGIN, y: this.doc.y },
      { width: this.width },
    );
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

  private rowHeight(cells: string[], columns: Column[], bold: boolean): number {
    return (
      Math.max(
        ...cells.map((c, i) =>
          this.heightOf(c, { bold, size: 9 }, columns[i]!.width - ROW_PAD * 2),
        ),
      ) +
      ROW_PAD * 2
    );
  }

  private drawRow(cells: string[], columns: Column[], header: boolean): void {
    const { doc } = this;
    const height = this.rowHeight(cells, columns, header);
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, this.width, height).fill("#efe6f2").fillColor("#000");
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const col = columns[i]!;
      this.write(
        cell,
        { bold: header, size: 9 },
        { x: x + ROW_PAD, y: y + ROW_PAD },
        { width: col.width - ROW_PAD * 2, align: col.align ?? "left" },
      );
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
    const titles = cols.map((c) => c.title);
    this.ensure(this.rowHeight(titles, cols, true) * 2);
    this.drawRow(titles, cols, true);
    for (const row of rows) {
      if (this.ensure(this.rowHeight(row, cols, false))) this.drawRow(titles, cols, true);
      this.drawRow(row, cols, false);
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
      doc.fillColor("#444");
      this.write(
        t("staff.pdf.page", { page: i + 1, count: range.count }),
        { bold: false, size: 8 },
        { x: MARGIN, y: doc.page.height - MARGIN + 8 },
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
        course: courseCode(section.course.subject, section.course.courseNumber),
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
      { title: t("staff.col.email"), width: 21 },
      { title: t("staff.col.status"), width: 8 },
      { title: t("staff.col.quantity"), width: 8, align: "right" },
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
