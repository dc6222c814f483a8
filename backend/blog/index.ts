/** The blog: posts in Russian and English, written by staff, public once published (see common/blog.ts). */
export { createBlogContext, type BlogContext } from './context';
export { listPublishedPosts, postsRevision, readPublishedPost } from './queries';
export { seedBlogOnStart } from './seed';
