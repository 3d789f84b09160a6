import type { FastifyInstance } from 'fastify';
import pagesActions from './pages-actions';
import pagesDevices from './pages-devices';
import pagesRecords from './pages-records';
import pagesSystem from './pages-system';

// The lists and actions the console pages need beyond the resource plugins.
// Listed last in index.ts: each route is added only if no plugin answers it.
export default async function pages(app: FastifyInstance) {
  await pagesDevices(app);
  await pagesSystem(app);
  await pagesActions(app);
  await pagesRecords(app);
}
