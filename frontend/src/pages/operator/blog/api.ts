import type { BlogPostRequest, StaffBlogPostDto } from '../../../../../common/blog';

export const BLOG_KEY = ['operator', 'blog'] as const;

/** The request that saves `post` as it is, with `status` changed. */
export function requestOf(post: StaffBlogPostDto, status = post.status): BlogPostRequest {
  return { slug: post.slug, status, publishedAt: post.publishedAt, ru: post.ru, en: post.en };
}
