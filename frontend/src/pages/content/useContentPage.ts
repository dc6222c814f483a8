import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isLang, type Lang } from '../../../../common/api';
import type { ContentPageDto, ContentPageKey } from '../../../../common/content';
import { api } from '../../api/client';

/** One content page in the interface language (rendered on the server: `html`), optionally a terms version. */
export function useContentPage(key: ContentPageKey, version?: number) {
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ru';
  return useQuery({
    queryKey: ['content', key, lang, version ?? null],
    queryFn: () => api.get<ContentPageDto>(`/content/pages/${key}?lang=${lang}${version ? `&version=${version}` : ''}`),
  });
}
