import { SEARCH_QUERY_MAX } from '@starlit/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchIcon } from '../../ui/icons';
import { searchAddress } from './search-text';

/** The header's search box: opens the results page for the text typed. */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const inputId = useId();
  const onResults = location.pathname === '/search';
  const [text, setText] = useState(onResults ? (params.get('q') ?? '') : '');

  // the box shows what the results page shows, also after going back and forward
  useEffect(() => {
    if (onResults) setText(params.get('q') ?? '');
  }, [onResults, params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = searchAddress(text, onResults ? params.get('type') : null);
    if (address) navigate(address);
  };

  // the browser's clear button is drawn dark; the header is dark too, so it is turned white
  return (
    <form role="search" onSubmit={submit} className={`relative ${className}`}>
      <label className="sr-only" htmlFor={inputId}>
        {t('box.label')}
      </label>
      <SearchIcon size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-white/70" />
      <input
        id={inputId}
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('box.placeholder')}
        enterKeyHint="search"
        className="h-9 w-full rounded-full border border-white/20 bg-white/10 pr-3 pl-9 text-sm text-white placeholder:text-white/60 focus:border-white/60 focus:bg-white/15 focus:outline-none [&::-webkit-search-cancel-button]:cursor-pointer [&::-webkit-search-cancel-button]:brightness-0 [&::-webkit-search-cancel-button]:invert"
      />
    </form>
  );
}
