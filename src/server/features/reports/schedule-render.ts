import type { Locale } from '@domain/locales';
import { fieldOf } from '@domain/reports/report-catalogue';
import { measureHeading, type ReportSeries } from '@domain/reports/report-schemas';
import { type ScheduleMailWords, scheduleMailWords } from '@domain/reports/schedule-mail';

/** One report of a mail: its name and the series it was run to (a dashboard has one per tile). */
export interface RenderedReport {
  name: string;
  series: ReportSeries;
}

/** A report's table as text in `locale`: headings, then one line of cells per group. */
export interface FigureTable {
  name: string;
  chart: ReportSeries['definition']['chart'];
  headings: string[];
  /** The first `groups` rows are the groups; a Total row may follow. */
  groups: number;
  rows: { label: string; cells: string[]; values: (number | null)[] }[];
}

/**
 * Figures in the reader's language: rates as percentages, money with cents, counts whole; periods as the
 * reader writes dates (months, days in UTC: a report's days are UTC days).
 */
export function figureTable(report: RenderedReport, locale: string, words: ScheduleMailWords): FigureTable {
  const { definition, current } = report.series;
  const number = (value: number | null, index: number) => {
    if (value === null) return '–';
    const measure = definition.measures[index];
    if (measure.fn === 'rate')
      return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
    const field = measure.field === undefined ? undefined : fieldOf(definition.source, measure.field);
    const money = field && 'money' in field && measure.fn !== 'distinct';
    return new Intl.NumberFormat(locale, {
      minimumFractionDigits: money ? 2 : 0,
      maximumFractionDigits: 2,
    }).format(value);
  };
  const { by } = definition.breakdown;
  const label = (key: string | null, name: string | null) => {
    if (by === 'none') return words.total;
    if (key === null) return words.none;
    if (by === 'month')
      return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${key}T00:00:00Z`),
      );
    if (by === 'day' || by === 'week')
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${key}T00:00:00Z`),
      );
    return name ?? key;
  };
  const rows = current.rows.map((row) => ({
    label: label(row.key, row.label),
    cells: row.values.map(number),
    values: row.values,
  }));
  if (by !== 'none')
    rows.push({ label: words.total, cells: current.totals.map(number), values: current.totals });
  return {
    name: report.name,
    chart: definition.chart,
    headings: ['', ...definition.measures.map((m) => measureHeading(definition.source, m))],
    groups: current.rows.length,
    rows,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail's HTML: each report's table, then the unsubscribe link. */
export function mailHtml(
  locale: Locale,
  intro: string,
  tables: FigureTable[],
  unsubscribeUrl: string,
): string {
  const words = scheduleMailWords[locale];
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const cell = (tag: 'th' | 'td', text: string) =>
    `<${tag} style="border:1px solid #d4d4d8;padding:4px 8px;text-align:start">${escapeHtml(text)}</${tag}>`;
  const sections = tables.map(
    (t) =>
      `<h2 style="font-size:16px">${escapeHtml(t.name)}</h2>` +
      `<table style="border-collapse:collapse"><thead><tr>${t.headings.map((h) => cell('th', h)).join('')}</tr></thead>` +
      `<tbody>${t.rows.map((r) => `<tr>${[cell('th', r.label), ...r.cells.map((c) => cell('td', c))].join('')}</tr>`).join('')}</tbody></table>`,
  );
  return (
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"></head>` +
    `<body style="font-family:sans-serif;color:#18181b">` +
    `<p>${escapeHtml(intro)}</p>${sections.join('')}<p>${escapeHtml(words.attached)}</p>` +
    `<p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(words.unsubscribe)}</a></p></body></html>`
  );
}

/** The mail's plain text: the same figures, a line per group. */
export function mailText(intro: string, tables: FigureTable[], unsubscribe: string, unsubscribeUrl: string) {
  const sections = tables.map((t) =>
    [
      t.name,
      t.headings.slice(1).join(' | '),
      ...t.rows.map((r) => `${r.label}: ${r.cells.join(' | ')}`),
    ].join('\n'),
  );
  return [intro, '', ...sections.flatMap((s) => [s, '']), `${unsubscribe}: ${unsubscribeUrl}`].join('\n');
}

/**
 * Languages pdfkit's standard fonts cannot write (they cover Latin only). Their readers' PDF is the English
 * one; their mail's HTML is in their language.
 */
const latinOnlyPdf = new Set<Locale>(['ar', 'ja', 'zh-CN']);
export const pdfLocaleOf = (locale: Locale): Locale => (latinOnlyPdf.has(locale) ? 'en' : locale);

const page = { margin: 48, width: 595.28, height: 841.89 };
const inner = page.width - 2 * page.margin;
const colours = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626'];

/** Room for `height` more points on the page, or a new page. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > page.height - page.margin) doc.addPage();
}

/** The chart of one table, drawn as vector shapes from its first measure (the table holds all of them). */
function drawChart(doc: PDFKit.PDFDocument, table: FigureTable) {
  const values = table.rows.slice(0, table.groups).map((r) => r.values[0] ?? 0);
  if (table.chart === 'table' || values.length === 0) return;
  if (table.chart === 'number') {
    ensureRoom(doc, 40);
    doc
      .font('Helvetica-Bold')
      .fontSize(28)
      .fillColor('#18181b')
      .text(table.rows.at(-1)?.cells[0] ?? '–');
    doc.moveDown(0.5);
    return;
  }
  const max = Math.max(...values.map(Math.abs), 1e-9);
  const height = 140;
  ensureRoom(doc, height + 16);
  const top = doc.y;
  const left = page.margin;
  doc.save().lineWidth(0.5).strokeColor('#a1a1aa');
  doc
    .moveTo(left, top + height)
    .lineTo(left + inner, top + height)
    .stroke();
  if (table.chart === 'line') {
    const step = values.length > 1 ? inner / (values.length - 1) : 0;
    const point = (v: number, i: number) =>
      [left + i * step, top + height - (Math.abs(v) / max) * height] as const;
    doc.lineWidth(1.5).strokeColor(colours[0]);
    values.forEach((v, i) => {
      const [x, y] = point(v, i);
      if (i === 0) doc.moveTo(x, y);
      else doc.lineTo(x, y);
    });
    doc.stroke();
  } else {
    // bar, stacked bar and funnel: one bar per group (the stack's parts are the table's other columns).
    const slot = inner / values.length;
    const barWidth = Math.max(1, slot * 0.7);
    values.forEach((v, i) => {
      const barHeight = (Math.abs(v) / max) * height;
      doc
        .rect(left + i * slot + (slot - barWidth) / 2, top + height - barHeight, barWidth, barHeight)
        .fill(colours[i % colours.length]);
    });
  }
  doc.restore();
  doc.y = top + height + 12;
  doc.x = page.margin;
}

function drawTable(doc: PDFKit.PDFDocument, table: FigureTable) {
  const columns = table.headings.length;
  const first = Math.min(200, inner / 2);
  const rest = (inner - first) / Math.max(1, columns - 1);
  const widths = [first, ...Array.from({ length: columns - 1 }, () => rest)];
  const line = (cells: string[], bold: boolean) => {
    ensureRoom(doc, 16);
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .fillColor('#18181b');
    let x = page.margin;
    let bottom = y;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: widths[i] - 6, align: i === 0 ? 'left' : 'right' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i];
    });
    doc.y = bottom + 3;
    doc.x = page.margin;
  };
  line(table.headings, true);
  for (const row of table.rows) line([row.label, ...row.cells], false);
}

/** The PDF of the mail: a title, then each report's chart and table, on A4 with pdfkit's standard fonts. */
export async function reportPdf(title: string, subtitle: string, tables: FigureTable[]): Promise<Buffer> {
  // Loaded on first use, as the sheet writer loads exceljs: only the scheduled-report sender draws PDFs.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: page.margin, info: { Title: title } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.font('Helvetica').fontSize(10).fillColor('#52525b').text(subtitle);
  doc.moveDown();
  for (const table of tables) {
    ensureRoom(doc, 60);
    doc.font('Helvetica-Bold').fontSize(13).fillColor('#18181b').text(table.name);
    doc.moveDown(0.4);
    drawChart(doc, table);
    drawTable(doc, table);
    doc.moveDown();
  }
  doc.end();
  return done;
}
