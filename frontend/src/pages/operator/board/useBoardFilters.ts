/** The board's filters live in the URL's query (a reload or a shared link keeps them). */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { BOARD_FILTERS, type BoardFilterName, type BoardFilters } from '../../../../../common/board';
import { filterQuery } from './api';

export function useBoardFilters(): { filters: BoardFilters; setFilter: (name: BoardFilterName, value: string) => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = useMemo(() => {
    const params = new URLSearchParams(search);
    const next: Record<string, string> = {};
    for (const name of BOARD_FILTERS) {
      const value = params.get(name);
      if (value) next[name] = value;
    }
    return next as BoardFilters;
  }, [search]);
  const setFilter = useCallback(
    (name: BoardFilterName, value: string) => {
      const query = filterQuery({ ...filters, [name]: value || undefined });
      navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
    },
    [filters, location, navigate],
  );
  return { filters, setFilter };
}
