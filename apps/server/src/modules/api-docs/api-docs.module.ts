import { defineModule } from '../../platform/module.ts';
import { apiDocsRoutes } from './api-docs.routes.ts';

/** The OpenAPI document and its browsable page. */
export const apiDocsModule = defineModule({
  name: 'apiDocs',
  setup: () => ({ routes: apiDocsRoutes }),
});
