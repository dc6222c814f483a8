import { blogImageUrl, type BlogState, type StaffBlogPostDto } from '../../common/blog';
import type { BlogPost } from '../models';
import { coverName, versionOf } from './queries';

/** Draft, scheduled (published with a date still ahead) or published. */
export function blogState(post: Pick<BlogPost, 'status' | 'publishedAt'>, now: Date): BlogState {
  if (post.status !== 'published') return 'draft';
  return post.publishedAt && post.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export function presentStaffPost(post: BlogPost, now: Date): StaffBlogPostDto {
  return {
    id: post.id,
    slug: post.slug,
    status: post.status,
    state: blogState(post, now),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    ru: versionOf(post, 'ru'),
    en: versionOf(post, 'en'),
    image: post.imageKey ? { url: blogImageUrl(coverName(post.imageKey)) } : null,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
  };
}
