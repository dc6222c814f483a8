/** The public blog's reads (server-rendered `html`: no Markdown renderer in these pages). */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BlogListDto, BlogPostDto } from '../../../common/blog';
import type { Lang } from '../../../common/api';
import { api } from '../api/client';

export function useBlogList(lang: Lang) {
  return useInfiniteQuery({
    queryKey: ['blog', 'list', lang],
    queryFn: ({ pageParam }) => api.get<BlogListDto>('/blog/posts', { query: { lang, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useBlogPost(id: string, lang: Lang) {
  return useQuery({
    queryKey: ['blog', 'post', id, lang],
    queryFn: () => api.get<BlogPostDto>(`/blog/posts/${encodeURIComponent(id)}`, { query: { lang } }),
    retry: false,
  });
}

/** A post's date as readers see it (e.g. "2 November 2026"). */
export function postDate(iso: string, lang: string): string {
  return new Date(iso).toLocaleDateString(lang === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
