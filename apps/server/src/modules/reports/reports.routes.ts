import { calls, REPORT_LIMITS } from '@starlit/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall, type Authenticate } from '../../platform/http.ts';
import { reportInputError } from './report-input.ts';
import type { ReportsService } from './reports.service.ts';

// base64 grows a file by 4/3; the description and the rest of the JSON body are small
const SUBMIT_BODY_LIMIT = Math.ceil((REPORT_LIMITS.images * REPORT_LIMITS.imageBytes * 4) / 3) + 64 * 1024;

/** The report call. A plugin scope, so the submit's larger body limit stays its own. */
export async function reportsRoutes(app: FastifyInstance, deps: { reports: ReportsService; authenticate: Authenticate }) {
  await app.register(async (scope) => {
    const c = calls.reports;
    scope.addHook('onRoute', (route) => {
      if (route.url === c.submit.path) route.bodyLimit = SUBMIT_BODY_LIMIT;
    });
    registerCall(scope, c.submit, deps.authenticate, async ({ user, input }) => deps.reports.submit(user.id, input), { invalidInput: reportInputError });
  });
}
