import { z } from 'zod';
import { idParamSchema, idSchema, websiteIdParamSchema } from '../ids.js';
import { validationMessage } from '../validation-messages.js';
import { rangeDays, reportRangeSchema, reportSeriesSchema } from './report-schemas.js';

/** Dashboards place reports on a grid of 12 columns and as many rows as they need (issue 34 §2). */
export const gridColumns = 12;
/** Rows a layout may reach: far more than a screen, few enough that a tile's place stays a small number. */
export const gridRows = 200;
/** Tiles on one dashboard: every one is a report run each time the dashboard is opened. */
export const maxTiles = 24;

export const dashboardVisibilities = ['workspace', 'private'] as const;
export type DashboardVisibility = (typeof dashboardVisibilities)[number];

const cell = (min: number, max: number) =>
  z
    .number(/*i18n*/ 'must be a number')
    .int(/*i18n*/ 'must be a whole number')
    .min(min, validationMessage(/*i18n*/ 'must be {min} or more', { min }))
    .max(max, validationMessage(/*i18n*/ 'must be at most {max}', { max }));

/** A report's place: column `x` and row `y` of its top-left cell (from 0), `w` columns wide, `h` rows high. */
export const dashboardTileSchema = z.object({
  reportId: idSchema,
  x: cell(0, gridColumns - 1),
  y: cell(0, gridRows - 1),
  w: cell(1, gridColumns),
  h: cell(1, 12),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

const overlaps = (a: DashboardTile, b: DashboardTile) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * Where a layout breaks the grid: the first tile (in order) that leaves it or lands on an earlier one, and
 * the field to name. Shared by the schema and the screen, which refuses a keyboard move the server would.
 */
export function layoutProblem(
  tiles: readonly DashboardTile[],
): { index: number; field: 'w' | 'h' | 'x'; message: string } | null {
  for (const [index, tile] of tiles.entries()) {
    if (tile.x + tile.w > gridColumns)
      return { index, field: 'w', message: /*i18n*/ 'The tile reaches past the grid’s last column' };
    if (tile.y + tile.h > gridRows)
      return { index, field: 'h', message: /*i18n*/ 'The tile reaches past the grid’s last row' };
    if (tiles.slice(0, index).some((earlier) => overlaps(earlier, tile)))
      return { index, field: 'x', message: /*i18n*/ 'The tile overlaps another tile' };
  }
  return null;
}

const nameSchema = z
  .string(validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Name' }))
  .trim()
  .min(1, validationMessage(/*i18n*/ '{label} is required', { label: /*i18n*/ 'Name' }))
  .max(
    200,
    validationMessage(/*i18n*/ '{label} must be at most {max} characters', {
      label: /*i18n*/ 'Name',
      max: 200,
    }),
  );

export const dashboardInputSchema = z
  .object({
    name: nameSchema,
    /** workspace: every member sees it; private: only the member who made it. */
    visibility: z.enum(dashboardVisibilities, /*i18n*/ 'Choose workspace or private').default('workspace'),
    tiles: z.array(dashboardTileSchema).max(maxTiles).default([]),
  })
  .superRefine((dashboard, ctx) => {
    const problem = layoutProblem(dashboard.tiles);
    if (problem)
      ctx.addIssue({
        code: 'custom',
        path: ['tiles', problem.index, problem.field],
        message: problem.message,
      });
    const seen = new Set<number>();
    for (const [index, tile] of dashboard.tiles.entries()) {
      if (seen.has(tile.reportId))
        ctx.addIssue({
          code: 'custom',
          path: ['tiles', index, 'reportId'],
          message: /*i18n*/ 'This report is already on the dashboard',
        });
      seen.add(tile.reportId);
    }
  });
export type DashboardInput = z.input<typeof dashboardInputSchema>;

export const dashboardIdParamsSchema = z.object({ id: idParamSchema });

export const dashboardSchema = z.object({
  id: z.number(),
  name: z.string(),
  visibility: z.enum(dashboardVisibilities),
  createdBy: z.number(),
  tiles: z.array(dashboardTileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardListSchema = z.object({ dashboards: z.array(dashboardSchema) });

/**
 * The dashboard's filter, applied to every tile: a range replacing each report's own (both ends or neither),
 * and a website, applied to the reports whose source has one (deals, form submissions, web analytics).
 */
export const dashboardFilterQuerySchema = z
  .object({
    from: reportRangeSchema.shape.from.optional(),
    to: reportRangeSchema.shape.to.optional(),
    websiteId: websiteIdParamSchema.optional(),
  })
  .superRefine((filter, ctx) => {
    if ((filter.from === undefined) !== (filter.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [filter.from === undefined ? 'from' : 'to'],
        message: /*i18n*/ 'Give both ends of the range',
      });
    else if (filter.from !== undefined && filter.to !== undefined) {
      if (filter.to < filter.from)
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: /*i18n*/ 'The end must be on or after the start',
        });
      else if (rangeDays({ from: filter.from, to: filter.to }) > 3660)
        ctx.addIssue({ code: 'custom', path: ['to'], message: /*i18n*/ 'A range of at most ten years' });
    }
  });
export type DashboardFilter = z.infer<typeof dashboardFilterQuerySchema>;

export const dashboardSeriesSchema = z.object({
  dashboardId: z.number(),
  tiles: z.array(
    z.object({
      reportId: z.number(),
      /** False where the report's source has no website, so the website filter left it whole. */
      websiteApplied: z.boolean(),
      series: reportSeriesSchema,
    }),
  ),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;

/** The member's own dashboard shown on the dashboard tab instead of the four stat cards; null for the cards. */
export const dashboardHomeSchema = z.object({ dashboardId: idSchema.nullable() });
export type DashboardHome = z.infer<typeof dashboardHomeSchema>;
