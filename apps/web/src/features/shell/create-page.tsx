import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CalendarCheckIcon, DanceIcon, ImageIcon, ImagesIcon, MusicIcon, SparklesIcon, TextIcon, UserIcon, VideoIcon } from '../../ui/icons';
import { useDocumentTitle } from '../../ui/use-document-title';
import { Studio } from '../creation/studio';
import { isStudioWorkflow } from '../creation/studio-workflows';
import { WORKS_VIEWS } from '../works/my-works';
import { WorksView, worksViewOf } from '../works/works-view';

type StudioOption = 'text2Img' | 'img2Img' | 'text2Music' | 'music2Dance';

interface CreateOption {
  id: 'agent' | 'works' | StudioOption | 'dailyTask' | 'post' | 'studio';
  icon: ReactNode;
  /** Where the option leads and what its link says; null while the feature has not arrived. */
  link: { to: string; action: 'create.agent.action' | 'create.works.action' | `create.${StudioOption}.action` | 'create.dailyTask.action' | 'create.post.action' } | null;
}

/** A studio's option: `?studio=` is its SPEC §3 workflow id. */
const studio = (workflow: StudioOption) => ({ to: `/aigc-publish?studio=${workflow}`, action: `create.${workflow}.action` as const });

/** What can be created, in the order people usually start; an option without a page yet says so. */
const OPTIONS: readonly CreateOption[] = [
  { id: 'agent', icon: <UserIcon size={26} />, link: { to: '/agent', action: 'create.agent.action' } },
  { id: 'works', icon: <ImageIcon size={26} />, link: { to: WORKS_VIEWS.work, action: 'create.works.action' } },
  { id: 'text2Img', icon: <SparklesIcon size={26} />, link: studio('text2Img') },
  { id: 'img2Img', icon: <ImagesIcon size={26} />, link: studio('img2Img') },
  { id: 'text2Music', icon: <MusicIcon size={26} />, link: studio('text2Music') },
  { id: 'music2Dance', icon: <DanceIcon size={26} />, link: studio('music2Dance') },
  { id: 'dailyTask', icon: <CalendarCheckIcon size={26} />, link: { to: '/daily-task', action: 'create.dailyTask.action' } },
  { id: 'post', icon: <TextIcon size={26} />, link: { to: WORKS_VIEWS.post, action: 'create.post.action' } },
  { id: 'studio', icon: <VideoIcon size={26} />, link: null },
];

const card = 'flex h-full flex-col gap-3 rounded-2xl border p-5 text-left shadow-sm transition-colors sm:p-6';

/** `/aigc-publish`: the header's "Create" and home's "Start creating" lead here; `?view=` opens a works view, `?studio=` a studio. */
export function CreatePage() {
  const [params] = useSearchParams();
  const view = worksViewOf(params);
  if (view) return <WorksView view={view} />;
  const studio = params.get('studio');
  return isStudioWorkflow(studio) ? <Studio key={studio} workflow={studio} /> : <CreateChoices />;
}

function CreateChoices() {
  const { t } = useTranslation();
  useDocumentTitle(t('create.title'));
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 md:py-12 lg:px-8">
      <div className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-2xl bg-gradient-to-br from-brand-900 to-brand-600 text-white shadow-lg shadow-brand-900/20">
          <SparklesIcon size={22} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('create.title')}</h1>
      </div>
      <p className="mt-3 max-w-2xl text-muted">{t('create.intro')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {OPTIONS.map((option) => {
          const body = (
            <>
              <span className={`grid size-12 place-items-center rounded-xl ${option.link ? 'bg-brand-100 text-brand-700 dark:bg-white/10 dark:text-brand-200' : 'bg-line/60 text-muted'}`}>
                {option.icon}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-lg font-semibold text-ink">
                {t(`create.${option.id}.title`)}
                {!option.link && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-white/10 dark:text-brand-300">{t('comingSoon.badge')}</span>}
              </span>
              <span className="text-sm leading-relaxed text-muted">{t(`create.${option.id}.body`)}</span>
              {option.link && <span className="mt-auto pt-2 text-sm font-semibold text-brand-700 dark:text-brand-300">{t(option.link.action)} →</span>}
            </>
          );
          return (
            <li key={option.id}>
              {option.link ? (
                <Link
                  to={option.link.to}
                  className={`${card} border-line bg-surface hover:border-brand-400 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 dark:hover:bg-white/5`}
                >
                  {body}
                </Link>
              ) : (
                <div aria-disabled="true" className={`${card} border-dashed border-line bg-surface/60 opacity-80`}>
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Link to={WORKS_VIEWS.mine} className="mt-6 inline-flex text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300">
        {t('create.mine')} →
      </Link>
    </div>
  );
}
