import { calls, RECORDS_CSV_PATH, RecordsFilter } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { requestToken } from '../../platform/auth.ts';
import { unauthorized } from '../../platform/errors.ts';
import { parseInput, registerCall, type Authenticate } from '../../platform/http.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import type { RecordsService } from './records.service.ts';

export function recordsRoutes(app: FastifyInstance, deps: { records: RecordsService; authenticate: Authenticate }) {
  registerCall(app, calls.records.list, deps.authenticate, async ({ user, input, lang }) => deps.records.page(user.id, input, lang));
  registerCall(app, calls.records.userList, deps.authenticate, async ({ input, lang }) => deps.records.page(input.userId, input, lang));

  // a file, not an envelope: the browser saves the answer as it is (Content-Disposition)
  app.post(RECORDS_CSV_PATH, async (req, reply) => {
    const lang = requestLanguage(req);
    const token = requestToken(req);
    const user = token ? await deps.authenticate(token) : null;
    if (!user) throw unauthorized();
    const { kind } = parseInput(RecordsFilter, req.body, lang);
    const csv = await deps.records.csv(user.id, kind, lang);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="starlit-records-${kind ?? 'all'}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
