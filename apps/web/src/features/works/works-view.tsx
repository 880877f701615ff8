import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '../../ui/icons';
import { useDocumentTitle } from '../../ui/use-document-title';
import { EditWork } from './edit-work';
import { MyWorks } from './my-works';
import { PublishWork } from './publish-work';
import { WritePost } from './write-post';

/** A view of works on the create page (`/aigc-publish?view=…` or `?edit=<id>`). */
export type WorksViewId = { view: 'work' | 'post' | 'mine' } | { edit: string };

/** The view an address asks for, or null for the create page's own choices. */
export function worksViewOf(params: URLSearchParams): WorksViewId | null {
  const edit = params.get('edit');
  if (edit) return { edit };
  const view = params.get('view');
  return view === 'work' || view === 'post' || view === 'mine' ? { view } : null;
}

const TITLES = { work: 'upload.title', post: 'post.title', mine: 'mine.title' } as const;
const INTROS = { work: 'upload.intro', post: 'post.intro' } as const;

/** Publishing, writing a post, editing and my works, under the create page people already reach. */
export function WorksView({ view }: { view: WorksViewId }) {
  const { t } = useTranslation('works');
  const title = 'edit' in view ? t('edit.title') : t(TITLES[view.view]);
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-10">
      <Link to="/aigc-publish" className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
        <ChevronLeftIcon size={16} />
        {t('create.back')}
      </Link>
      {'edit' in view ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
          <EditWork workId={view.edit} />
        </>
      ) : view.view === 'mine' ? (
        <MyWorks />
      ) : (
        <>
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
            <p className="mt-2 text-muted">{t(INTROS[view.view])}</p>
          </div>
          {view.view === 'work' ? <PublishWork /> : <WritePost />}
        </>
      )}
    </div>
  );
}
