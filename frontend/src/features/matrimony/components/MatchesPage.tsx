import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadMore } from '@/components/ui/LoadMore';
import { Loading } from '@/components/ui/Loading';
import { paths } from '@/config/paths';
import { i18nKey } from '@/lib/text';
import { usePageTitle } from '@/lib/usePageTitle';
import { clearMemberToken, getMemberToken, type MatchFilters } from '../api';
import { GENDERS } from '../fields';
import { filtersFromQuery, hasFilters, queryFromFilters } from '../filters';
import { useMatches } from '../useMatches';
import type { LoginState, SignedInState } from './LoginPage';
import { MatchFiltersForm } from './MatchFiltersForm';
import { ProfileCard } from './ProfileCard';
import { useHandedState } from './useHandedState';
import styles from './MatchesPage.module.css';

const PER_PAGE = 24;

/**
 * /matches (docs/SPECIFICATION.md §2, §6): for a signed-in member only (otherwise /loginUser). The uploaded
 * profiles as cards (each with its number and how to ask the matchmaking board about it),
 * 'Loading...' while they load, the filters, live additions and removals, the way to "My
 * profile", and Logout, which removes the member token. The server leaves the member's own
 * profiles out.
 */
export default function MatchesPage() {
  const token = getMemberToken();
  if (!token) {
    const state: LoginState = { message: i18nKey('Please log in to see the matches.') };
    return <Navigate to={paths.loginUser} replace state={state} />;
  }
  return <Matches token={token} />;
}

function Matches({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('Matches');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const filters = filtersFromQuery(params);
  const welcome = useHandedState<SignedInState>()?.message;

  const signOut = useCallback(
    (state: LoginState = null) => {
      clearMemberToken();
      navigate(paths.loginUser, { replace: true, state });
    },
    [navigate],
  );
  const onRefused = useCallback(() => signOut({ message: i18nKey('Your session has ended. Please log in again.') }), [signOut]);
  const { items, total, status, hasMore, loadingMore, loadMore, refresh, retry } = useMatches(token, filters, { perPage: PER_PAGE, onRefused });

  const apply = (next: MatchFilters) => setParams(queryFromFilters(next));

  return (
    <div className={`container page ${styles.page}`}>
      <div className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.actions}>
          <ButtonLink to={paths.myProfile} variant="secondary">
            {t('My profile')}
          </ButtonLink>
          <Button variant="secondary" onClick={() => signOut()}>
            {t('Logout')}
          </Button>
        </div>
      </div>
      {welcome ? (
        <p className={`message-success ${styles.welcome}`} role="status">
          {t(welcome)}
        </p>
      ) : null}
      <p className={styles.intro}>{t('Profiles checked and uploaded by the Samiti’s administrators. New profiles appear here as soon as they are uploaded.')}</p>
      <details className={styles.filterBox} open={hasFilters(filters) || undefined}>
        <summary>{t('Filter the matches')}</summary>
        <MatchFiltersForm applied={filters} genders={GENDERS} onApply={apply} />
      </details>
      {status === 'loading' ? <Loading /> : null}
      {status === 'error' ? (
        <div className={styles.error} role="alert">
          <p>{t('The matches could not be loaded. Please check your connection and try again.')}</p>
          <Button variant="secondary" onClick={retry}>
            {t('Try again')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <EmptyState message={hasFilters(filters) ? t('No profiles match these filters.') : t('No profiles have been uploaded yet.')} />
      ) : null}
      {status !== 'error' && items.length > 0 ? (
        <>
          <ul className={styles.grid} aria-label={title}>
            {items.map((profile) => (
              <li key={profile.id}>
                <ProfileCard profile={profile} onRefresh={refresh} />
              </li>
            ))}
          </ul>
          <LoadMore shown={items.length} total={total} hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
        </>
      ) : null}
    </div>
  );
}
