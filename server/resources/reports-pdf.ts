import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { apiTimestamp } from '../openapi/conform';
import { renderPdf } from '../services/pdf';
import { routeId } from '../services/ids';

// A generated report as a PDF file (GET /reports/generated/{id}/pdf): its
// name, company and time, then what it holds (the report's details), each
// group of values as a section of its own.

/** A value as text in the document: numbers and words as they are, groups of values flattened. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export default async function reportsPdf(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get('/reports/generated/:id/pdf', { preHandler: requirePermission('view_reports') }, async (request, reply) => {
    const record = await db
      .selectFrom('records as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .select(['r.id', 'r.name', 'r.status', 'r.details', 'r.created_at', 'r.company_id', 'c.name as company'])
      .where('r.kind', '=', 'generated_report')
      .where('r.id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actorOf(request), record?.company_id, 'Generated report');
    const details = JSON.parse(record!.details) as Record<string, unknown>;
    const groups = Object.entries(details).filter(([, v]) => v && typeof v === 'object' && !Array.isArray(v));
    const plain = Object.entries(details).filter(([key]) => !groups.some(([g]) => g === key));
    const pdf = await renderPdf(
      {
        title: record!.name,
        subtitle: `${record!.company} · generated ${apiTimestamp(record!.created_at)} UTC`,
        sections: [
          {
            heading: 'Report',
            lines: [['Status', describe(record!.status)], ...plain.map(([k, v]): [string, string] => [k, describe(v)])],
          },
          ...groups.map(([heading, group]) => ({
            heading,
            lines: Object.entries(group as object).map(([k, v]): [string, string] => [k, describe(v)]),
          })),
        ],
      },
      app.ctx.now(),
    );
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="report-${record!.id}.pdf"`)
      .send(pdf);
  });
}
